import { Download, FileArchive, FileText } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult, OutputFile } from '@textlift/core/conversion';
import { downloadOutput } from '../../lib/files.ts';
import { Button } from '../ui/button.tsx';

/** Object URLs of the page images, revoked when the result goes away. */
function usePageUrls(outputs: OutputFile[]) {
  const images = useMemo(() => outputs.filter((output) => output.type === 'image/jpeg'), [outputs]);
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = images.map((image) => URL.createObjectURL(new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.type })));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [images]);
  return { images, urls };
}

/**
 * Pages rendered as images: thumbnails, each page's download, all of them as one file as the API
 * answers them (one page its .jpg, several the tool's .zip), and the text beside them where the
 * tool made one.
 */
export function PageImages({ outputs, zipName }: Pick<ConversionResult, 'outputs' | 'zipName'>) {
  const { t } = useTranslation();
  const { images, urls } = usePageUrls(outputs);
  const text = outputs.find((output) => output.name.endsWith('.txt'));
  const downloadAll = async () => {
    // fflate loads only when a visitor asks for a .zip.
    const { resultAsOneFile } = await import('@textlift/core/documents/zip');
    downloadOutput(resultAsOneFile({ outputs, zipName }));
  };
  return (
    <div className="flex flex-col gap-4" data-testid="pages-ready">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold text-slate-900" role="status">
          {t('pageImages.completed')}
        </p>
        <p className="text-sm text-slate-600" data-testid="result-summary">
          {t('pageImages.summary', { pages: images.length })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void downloadAll()} data-testid="download-all">
          {images.length === 1 ? <Download className="size-4" aria-hidden /> : <FileArchive className="size-4" aria-hidden />}
          {images.length === 1 ? t('pageImages.downloadOne') : t('pageImages.downloadAll')}
        </Button>
        {text && (
          <Button variant="secondary" onClick={() => downloadOutput(text)} data-testid="download-text">
            <FileText className="size-4" aria-hidden />
            {t('pageImages.downloadText')}
          </Button>
        )}
      </div>
      <ul className="grid max-h-[32rem] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3" data-testid="page-thumbnails">
        {images.map((image, index) => (
          <li key={image.name} className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-2">
            {urls[index] && (
              <img
                src={urls[index]}
                alt={t('pageImages.pageAlt', { page: index + 1 })}
                className="aspect-[3/4] w-full rounded bg-slate-50 object-contain"
                loading="lazy"
              />
            )}
            <Button variant="ghost" size="sm" onClick={() => downloadOutput(image)} aria-label={t('pageImages.downloadPage', { page: index + 1 })}>
              <Download className="size-4" aria-hidden />
              {index + 1}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
