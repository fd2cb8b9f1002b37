import { FileOutput } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { JobResult } from '../../components/result/job-result.tsx';
import { OcrLanguageSelect } from '../../components/tool/ocr-language-select.tsx';
import { ToolPage } from '../../components/tool/tool-page.tsx';
import { showToast } from '../../components/ui/toaster.tsx';
import { ToolDropZone } from '../../components/upload/tool-drop-zone.tsx';
import { useBatch } from '../../hooks/use-batch.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { checkFiles } from '../../lib/choose-files.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { fileInput } from '../../lib/tool-input.ts';
import { pdfReadingLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('pdf-to-word')!;

export function PdfToWordPage() {
  const { t } = useTranslation();
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const batch = useBatch(tool, ({ state }) => {
    if (state.status === 'done') showToast({ variant: 'success', title: t('pdfToWord.successTitle'), description: t('pdfToWord.successBody') });
    notifyFailure(state, t, t('pdfToWord.failedTitle'), 'pdf', t('pdfToWord.failed'));
  });
  const { busy, selected } = batch;
  const state = selected?.state;

  const choose = async (files: File[]) => {
    const { accepted } = await checkFiles(files, tool, { empty: () => '', wrongType: () => '', tooLarge: () => '' });
    const [file] = accepted;
    if (!file) {
      // The spec's words for this page: a toast, not a line under the drop zone.
      showToast({ variant: 'destructive', title: t('pdfToWord.invalidTitle'), description: files[0] && files[0].size > fileInput(tool).maxBytes ? t('pdfToText.tooLarge') : t('pdfToWord.invalidBody') });
      return;
    }
    batch.start([file], { language: ocrLanguage });
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
              busy={busy}
              busyLabel={t('pdfToWord.converting')}
              onFiles={(files) => void choose(files)}
              selected={selected && { name: selected.file.name, size: selected.file.size }}
            />
            <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
          </>
        ),
      }}
      result={{
        title: t('tools.pdfToWord.name'),
        description: t('pdfToWord.resultDescription'),
        body: (
          <JobResult
            state={state}
            placeholder={t('toolPage.resultPlaceholder')}
            idleIcon={FileOutput}
            busyLabel={t('pdfToWord.converting')}
            stepLabel={(running) => pdfReadingLabel(running, t)}
            onPassword={selected && ((password) => batch.rerun(selected.id, { language: ocrLanguage, password }))}
            failed={(error) => ({ message: error.code === 'no-text' ? t('pdfToWord.noText') : t('pdfToWord.failed') })}
            done={({ outputs, summary = {} }) => (
              <FileResult
                title={t('pdfToWord.completed')}
                output={outputs[0]!}
                downloadLabel={t('pdfToWord.download')}
                summary={t('pdfToWord.summary', { pages: summary.pages, paragraphs: summary.paragraphs, tables: summary.tables, pictures: summary.pictures ?? 0 })}
              />
            )}
          />
        ),
      }}
    />
  );
}
