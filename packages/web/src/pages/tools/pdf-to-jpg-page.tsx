import { Download, FileArchive, FileText, ImageDown } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputFile } from '@textlift/core/conversion';
import { findTool, toolOptions } from '@textlift/core/tools';
import { JobResult } from '../../components/result/job-result.tsx';
import { OptionSelect } from '../../components/tool/option-select.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ToolDropZone } from '../../components/upload/tool-drop-zone.tsx';
import { UploadNotice } from '../../components/upload/upload-notice.tsx';
import { useToolJob } from '../../hooks/use-tool-job.ts';
import { checkFiles } from '../../lib/choose-files.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { downloadOutput } from '../../lib/files.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';

const tool = findTool('pdf-to-jpg')!;
const { dpi: resolutions, quality: qualityRange } = toolOptions('pdf-to-jpg');

/** Object URLs of the page images, revoked when the result goes away. */
function usePageUrls(outputs: OutputFile[] | undefined) {
  const images = useMemo(() => (outputs ?? []).filter((output) => output.type === 'image/jpeg'), [outputs]);
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = images.map((image) => URL.createObjectURL(new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.type })));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [images]);
  return { images, urls };
}

export function PdfToJpgPage() {
  const { t } = useTranslation();
  const qualityId = useId();
  const [file, setFile] = useState<File>();
  const [notice, setNotice] = useState<string>();
  const [dpi, setDpi] = useState(resolutions.fallback);
  const [quality, setQuality] = useState(qualityRange.fallback);
  const [password, setPassword] = useState('');
  const job = useToolJob(tool, (state) => notifyFailure(state, t, t('toast.conversionFailed'), 'pdf'));
  const { state } = job;
  const done = state?.status === 'done' ? state.result : undefined;
  const { images, urls } = usePageUrls(done?.outputs);

  const start = (chosen: File, options: { dpi: number; quality: number; password: string }) => void job.run({ files: [chosen] }, options);

  const choose = async (files: File[]) => {
    setNotice(undefined);
    const { accepted, notice: refused } = await checkFiles(files, tool, {
      empty: () => t('pdfToText.invalidType'),
      wrongType: () => t('pdfToText.invalidType'),
      tooLarge: () => t('pdfToText.tooLarge'),
    });
    setNotice(refused);
    const [chosen] = accepted;
    if (!chosen) return;
    setFile(chosen);
    setPassword('');
    start(chosen, { dpi, quality, password: '' });
  };

  const downloadAll = async () => {
    if (!done || !file) return;
    const { zipOutputs } = await import('@textlift/core/documents/zip');
    downloadOutput(zipOutputs(done.outputs, `${file.name.replace(/\.pdf$/i, '')}_pages.zip`));
  };

  const pagesView = (outputs: OutputFile[]) => {
    const text = outputs.find((output) => output.name.endsWith('.txt'));
    return (
      <div className="flex flex-col gap-4" data-testid="pages-ready">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-slate-900" role="status">{t('pdfToJpg.completed')}</p>
          <p className="text-sm text-slate-600" data-testid="result-summary">{t('pdfToJpg.summary', { pages: images.length })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void downloadAll()} data-testid="download-all">
            <FileArchive className="size-4" aria-hidden />
            {t('pdfToJpg.downloadAll')}
          </Button>
          {text && (
            <Button variant="secondary" onClick={() => downloadOutput(text)} data-testid="download-text">
              <FileText className="size-4" aria-hidden />
              {t('pdfToJpg.downloadText')}
            </Button>
          )}
        </div>
        <ul className="grid max-h-[32rem] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3" data-testid="page-thumbnails">
          {images.map((image, index) => (
            <li key={image.name} className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-2">
              {urls[index] && <img src={urls[index]} alt={t('pdfToJpg.pageAlt', { page: index + 1 })} className="aspect-[3/4] w-full rounded bg-slate-50 object-contain" loading="lazy" />}
              <Button variant="ghost" size="sm" onClick={() => downloadOutput(image)} aria-label={t('pdfToJpg.downloadPage', { page: index + 1 })}>
                <Download className="size-4" aria-hidden />
                {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    );
  };

  const settingsChanged = (change: () => void) => {
    change();
    if (state?.status === 'done') job.reset();
  };

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('toolPage.uploadPdfTitle'),
        description: t('toolPage.uploadPdfDescription'),
        body: (
          <>
            <ToolDropZone
              tool={tool}
              busy={job.busy}
              busyLabel={t('pdfToJpg.loading')}
              onFiles={(files) => void choose(files)}
              selected={file && { name: file.name, size: file.size }}
            />
            <UploadNotice>{notice}</UploadNotice>
            <div className="grid gap-3 sm:grid-cols-2">
              <OptionSelect
                label={t('pdfToJpg.resolution')}
                value={dpi}
                onChange={(value) => settingsChanged(() => setDpi(value))}
                options={resolutions.values.map((value) => ({ value, label: t(`pdfToJpg.dpi.${value}`) }))}
                disabled={job.busy}
                testId="dpi"
              />
              <div className="flex flex-col gap-1.5 text-sm">
                <label htmlFor={qualityId} className="font-medium text-slate-700">{t('pdfToJpg.quality', { quality })}</label>
                <input
                  id={qualityId}
                  type="range"
                  min={qualityRange.min}
                  max={qualityRange.max}
                  step={5}
                  value={quality}
                  disabled={job.busy}
                  onChange={(event) => settingsChanged(() => setQuality(Number(event.target.value)))}
                  className="h-10 accent-brand-600"
                  data-testid="quality"
                />
              </div>
            </div>
            {file && !job.busy && state?.status !== 'done' && state?.status !== 'failed' && (
              <Button onClick={() => start(file, { dpi, quality, password })} data-testid="convert">{t('toolPage.convertAgain')}</Button>
            )}
          </>
        ),
      }}
      result={{
        title: t('pdfToJpg.resultTitle'),
        description: t('pdfToJpg.resultDescription'),
        body: (
          <JobResult
            state={state}
            placeholder={t('pdfToJpg.resultPlaceholder')}
            idleIcon={ImageDown}
            busyLabel={t('pdfToJpg.loading')}
            stepLabel={({ detail }) => (detail ? t('pdfToJpg.page', { page: detail.page, pages: detail.pages }) : t('pdfToJpg.loading'))}
            onPassword={file && ((entered) => {
              setPassword(entered);
              start(file, { dpi, quality, password: entered });
            })}
            failed={(error) => ({ message: t('pdfToJpg.errorIntro', { message: errorMessage(error, t, 'pdf') }), tips: t('pdfToJpg.tips', { returnObjects: true }) as string[] })}
            done={({ outputs }) => pagesView(outputs)}
          />
        ),
      }}
    />
  );
}
