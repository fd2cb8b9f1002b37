import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const never = () => () => {};

/** Apple's keyboards paste with ⌘V; the others with Ctrl+V (as the language names the key: Strg+V). */
function isApple(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad/i.test(platform);
}

/**
 * The upload card's one line on how to hand over an image. Paste with the keyboard is said only
 * where a fine pointer (a mouse, a trackpad) suggests a keyboard; a touch screen is told to
 * choose or take a photo. Decided by a CSS media query, so the prerendered page and the first
 * render agree; the shortcut follows the system once the page runs (Ctrl+V in the HTML, ⌘V
 * on a Mac right after).
 */
export function UploadHint() {
  const { t } = useTranslation();
  const apple = useSyncExternalStore(never, isApple, () => false);
  const shortcut = apple ? '⌘V' : t('pasteShortcut');
  return (
    <>
      <span className="pointer-coarse:hidden" data-testid="paste-hint">
        {t('uploadDescription', { shortcut })}
      </span>
      <span className="hidden pointer-coarse:inline" data-testid="touch-hint">
        {t('uploadDescriptionTouch')}
      </span>
    </>
  );
}
