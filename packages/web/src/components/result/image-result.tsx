import { CheckCircle2, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OutputFile } from '@textlift/core/conversion';
import { useObjectUrl } from '../../hooks/use-object-url.ts';
import { downloadOutput } from '../../lib/files.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export interface ImageResultProps {
  /** The headline ("Image generated successfully!"), announced to screen readers. */
  title?: string;
  summary?: string;
  /** The picture shown; a format the browser cannot show (TIFF) leaves its place to `alt`. */
  image: OutputFile;
  alt: string;
  /** Words under the picture, where it stands beside another ("Inverted"). */
  caption?: string;
  downloads: Array<{ label: string; output: OutputFile | undefined; testId?: string }>;
  /** Shown beside the picture (the original, before inverting). */
  children?: ReactNode;
}

/** A finished conversion whose result is a picture: the picture, its words, its downloads. */
export function ImageResult({ title, summary, image, alt, caption, downloads, children }: ImageResultProps) {
  const url = useObjectUrl(image.type === 'image/tiff' ? undefined : image);
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl bg-slate-50 p-4 text-center" data-testid="image-result">
      {title && (
        <p className="inline-flex items-center gap-2 text-lg font-semibold text-slate-900" role="status">
          <CheckCircle2 className="size-6 text-emerald-600" aria-hidden />
          {title}
        </p>
      )}
      <div className="grid w-full gap-3 sm:auto-cols-fr sm:grid-flow-col">
        {children}
        <figure className="flex flex-col items-center gap-2">
          {url ? (
            <img
              src={url}
              alt={alt}
              className={cn(
                'max-h-96 max-w-full rounded-lg border border-slate-200 object-contain',
                'bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px]',
              )}
              data-testid="result-image"
            />
          ) : (
            <p className="p-6 text-sm text-slate-500">{alt}</p>
          )}
          {caption && <figcaption className="text-xs font-medium text-slate-500">{caption}</figcaption>}
        </figure>
      </div>
      {summary && (
        <p className="text-sm text-slate-600" data-testid="result-summary">
          {summary}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {downloads.map((item, index) => (
          <Button
            key={item.label}
            variant={index === 0 ? 'primary' : 'secondary'}
            disabled={!item.output}
            onClick={() => downloadOutput(item.output)}
            data-testid={item.testId ?? 'download-file'}
          >
            <Download className="size-4" aria-hidden />
            {item.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
