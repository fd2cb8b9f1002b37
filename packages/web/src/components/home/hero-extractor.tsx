import { ScanText, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversionError } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { doneOutput } from '../../hooks/use-batch.ts';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { BatchList } from '../tool/batch-list.tsx';
import { OcrLanguageSelect } from '../tool/ocr-language-select.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ocrProgressLabel, pdfReadingLabel } from '../../lib/ocr-progress.ts';
import { deservesToast } from '../../lib/notify-failure.ts';
import { downloadOutput } from '../../lib/files.ts';
import { ocrLanguagesOf } from '../../lib/tool-input.ts';
import { ResultCard } from '../result/result-card.tsx';
import { TextResult, type TextResultState } from '../result/text-result.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { showToast } from '../ui/toaster.tsx';
import { fileMark } from '../upload/file-mark.ts';
import { ToolDropZone } from '../upload/tool-drop-zone.tsx';
import { UploadHint } from '../upload/upload-hint.tsx';
import { UploadNotice } from '../upload/upload-notice.tsx';

const tool = findTool('image-to-text')!;

/** A PDF dropped on the hero (read as PDF to Text reads it), for the words of its failures. */
const isPdfName = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * The home page's main feature: an image in, its text out, all on the visitor's device. It is
 * the frame's flow (files checked by the registry, each read in turn with its progress) in the
 * hero's own cards: a changed OCR language keeps the results, and Extract Text reads again.
 */
export function HeroExtractor() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, {
    keepResults: true,
    reasons: { wrongType: (file) => t('hero.notImageOrPdf', { name: file.name }) },
    onSettled: (item, all) => {
      const last = all.at(-1) === item || all.every((entry) => entry.state.status === 'done' || entry.state.status === 'failed');
      if (!last) return;
      const failed = all.filter((entry) => entry.state.status === 'failed' && deservesToast(entry.state.error));
      if (all.some((entry) => entry.state.status === 'done')) {
        showToast({ variant: 'success', title: t('toast.extractedTitle'), description: t('toast.extractedBody'), quiet: all.length === 1 });
      }
      if (failed.length > 0) showToast({ variant: 'destructive', title: t('toast.failedTitle'), description: t('toast.failedBody'), quiet: all.length === 1 });
    },
  });
  const { batch, selected, state } = flow;
  const { busy } = batch;
  const failWords = (error: ConversionError) => ({ message: errorMessage(error, t, selected && isPdfName(selected.file) ? 'pdf' : 'image') });

  const resultState: TextResultState =
    !state || state.status === 'waiting'
      ? selected
        ? { status: 'running', fraction: 0, label: t('toolPage.fileWaiting') }
        : { status: 'idle' }
      : state.status === 'running'
        ? {
            status: 'running',
            fraction: state.fraction,
            label: selected && isPdfName(selected.file) ? pdfReadingLabel(state, t) : ocrProgressLabel(state.stage, state.fraction, t),
          }
        : state.status === 'done'
          ? { status: 'done', text: state.result.text ?? '', ...(state.result.data?.language ? { language: state.result.data.language } : {}) }
          : { status: 'failed', message: failWords(state.error).message };

  const download = () => downloadOutput(doneOutput(state));

  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50" aria-labelledby="hero-title">
      <div className="mx-auto max-w-6xl px-4 pb-16 pt-12 sm:px-6 sm:pb-20 sm:pt-16">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Sparkles className="size-3.5" aria-hidden />
            {t('hero.badge')}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('heroTitle')}
          </h1>
          <p className="mt-4 text-base text-slate-600 sm:text-lg">{t('heroDescription')}</p>
        </div>

        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('uploadTitle')}</CardTitle>
              <CardDescription>
                <UploadHint />
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <ToolDropZone
                tool={tool}
                busy={busy}
                busyLabel={t('processing')}
                multiple
                camera
                pastes
                ocrLanguages={ocrLanguagesOf(tool, flow.options.values)}
                onFiles={(files) => void flow.choose(files)}
                selected={selected && { name: selected.file.name, size: selected.file.size, previewUrl: flow.previewUrl, ...fileMark(state, failWords) }}
              />
              <OcrLanguageSelect value={String(flow.options.values.language)} onChange={(code) => flow.options.set('language', code)} disabled={busy} />
              <UploadNotice tools={flow.otherTools}>{flow.notice}</UploadNotice>
              <BatchList items={batch.items} selectedId={selected?.id} onSelect={batch.select} />
              {selected && (
                <Button size="lg" className="w-full" busy={busy} onClick={flow.rerun}>
                  <ScanText className="size-5" aria-hidden />
                  {t('extractText')}
                </Button>
              )}
            </CardContent>
          </Card>

          <ResultCard title={t('extractedTitle')} description={t('extractedDescription')} state={state}>
            <TextResult
              state={resultState}
              placeholder={t('uploadPlaceholder')}
              busyLabel={t('processing')}
              textLabel={t('extractedTitle')}
              onDownload={download}
              onCancel={batch.clear}
            />
          </ResultCard>
        </div>
      </div>
    </section>
  );
}
