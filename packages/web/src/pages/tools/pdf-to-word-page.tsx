import { CheckCircle2, Download, FileOutput, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { asksForPassword } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { TextResult } from '../../components/result/text-result.tsx';
import { OcrLanguageSelect } from '../../components/tool/ocr-language-select.tsx';
import { PasswordForm } from '../../components/tool/password-form.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { showToast } from '../../components/ui/toaster.tsx';
import { PdfDropZone } from '../../components/upload/pdf-drop-zone.tsx';
import { doneOutput, useBatch } from '../../hooks/use-batch.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { checkFiles } from '../../lib/choose-files.ts';
import { downloadOutput } from '../../lib/files.ts';

const tool = findTool('pdf-to-word')!;

export function PdfToWordPage() {
  const { t } = useTranslation();
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const batch = useBatch(tool.slug, (item) => {
    const { state } = item;
    if (state.status === 'done') showToast({ variant: 'success', title: t('pdfToWord.successTitle'), description: t('pdfToWord.successBody') });
    if (state.status === 'failed' && state.error.code !== 'cancelled' && !asksForPassword(state.error.code)) {
      showToast({ variant: 'destructive', title: t('pdfToWord.failedTitle'), description: state.error.code === 'no-text' ? t('pdfToWord.noText') : t('pdfToWord.failed') });
    }
  });
  const { busy, selected } = batch;
  const state = selected?.state;

  const choose = async (files: File[]) => {
    const { accepted } = await checkFiles(files, tool, { empty: () => '', wrongType: () => '', tooLarge: () => '' });
    const [file] = accepted;
    if (!file) {
      showToast({ variant: 'destructive', title: t('pdfToWord.invalidTitle'), description: files[0] && files[0].size > tool.maxBytes ? t('pdfToText.tooLarge') : t('pdfToWord.invalidBody') });
      return;
    }
    batch.start([file], { language: ocrLanguage });
  };

  const download = () => downloadOutput(doneOutput(state));

  let result;
  if (!state) {
    result = <TextResult state={{ status: 'idle' }} placeholder={t('toolPage.resultPlaceholder')} busyLabel="" textLabel="" onDownload={download} />;
  } else if (state.status === 'failed' && asksForPassword(state.error.code) && selected) {
    result = <PasswordForm wrong={state.error.code === 'wrong-password'} onSubmit={(password) => batch.rerun(selected.id, { language: ocrLanguage, password })} />;
  } else if (state.status === 'failed') {
    result = <TextResult state={{ status: 'failed', message: state.error.code === 'no-text' ? t('pdfToWord.noText') : t('pdfToWord.failed') }} placeholder="" busyLabel="" textLabel="" onDownload={download} />;
  } else if (state.status === 'done') {
    const summary = state.result.summary ?? {};
    result = (
      <div className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-emerald-50 p-6 text-center" data-testid="word-ready">
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
        <div>
          <p className="text-lg font-semibold text-slate-900" role="status">{t('pdfToWord.completed')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('pdfToWord.summary', { pages: summary.pages, paragraphs: summary.paragraphs, tables: summary.tables, pictures: summary.pictures ?? 0 })}</p>
          <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <FileText className="size-4" aria-hidden />
            {state.result.outputs[0]?.name}
          </p>
        </div>
        <Button size="lg" onClick={download}>
          <Download className="size-5" aria-hidden />
          {t('pdfToWord.download')}
        </Button>
      </div>
    );
  } else {
    const running = state.status === 'running' ? state : undefined;
    const label = running?.stage === 'reading' && running.detail ? t('pdfToText.page', { page: running.detail.page, pages: running.detail.pages }) : t('pdfToText.loading');
    result = (
      <div className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-slate-50 p-6 text-center" aria-busy>
        <FileOutput className="size-8 animate-pulse text-brand-600" aria-hidden />
        <p className="font-medium text-slate-900">{t('pdfToWord.converting')}</p>
        <div className="w-full max-w-xs">
          <Progress value={running?.fraction ?? 0} label={t('toolPage.progressLabel')} />
          <p className="mt-2 text-xs text-slate-500" data-testid="progress-text">{label}</p>
        </div>
      </div>
    );
  }

  return (
    <ToolPage
      tool={tool}
      input={{
        title: t('toolPage.uploadPdfTitle'),
        description: t('toolPage.uploadPdfDescription'),
        body: (
          <>
            <PdfDropZone
              maxBytes={tool.maxBytes}
              busy={busy}
              busyLabel={t('pdfToWord.converting')}
              onFiles={(files) => void choose(files)}
              selected={selected && { name: selected.file.name, size: selected.file.size }}
            />
            <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
          </>
        ),
      }}
      result={{ title: t('tools.pdfToWord.name'), description: t('pdfToWord.resultDescription'), body: result }}
    />
  );
}
