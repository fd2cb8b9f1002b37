import { useEffect, useRef } from 'react';
import { scrollIntoViewIfNeeded } from '../../hooks/use-reveal-on-settle.ts';

/**
 * The one line saying why a chosen file was refused, read out by screen readers at once, and
 * scrolled to where the eye is when it is off screen (on a phone it sits under the drop zone,
 * often below the fold). Focus stays where it was, on the button that chooses another file.
 */
export function UploadNotice({ children }: { children?: string }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (line.current) scrollIntoViewIfNeeded(line.current, 'center');
  }, [children]);
  if (!children) return null;
  return (
    <p ref={line} role="alert" className="text-sm font-medium text-red-700" data-testid="upload-notice">
      {children}
    </p>
  );
}
