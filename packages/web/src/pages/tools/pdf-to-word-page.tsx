import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { showToast } from '../../components/ui/toaster.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { pdfReadingLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('pdf-to-word')!;

export function PdfToWordPage() {
  const { t } = useTranslation();
  // The spec's words for a refused file ("Invalid file type", "Please upload a PDF file"), in the
  // line under the drop zone rather than a toast: the eye is there, and no toast covers it.
  const invalid = () => t('pdfToWord.invalidNotice');
  const flow = useFileTool(tool, {
    reasons: { empty: invalid, wrongType: invalid, tooLarge: () => t('toolPage.pdfTooLarge') },
    onSettled: ({ state }) => {
      if (state.status === 'done') showToast({ variant: 'success', title: t('pdfToWord.successTitle'), description: t('pdfToWord.successBody'), quiet: true });
      notifyFailure(state, t, t('pdfToWord.failedTitle'), 'pdf', t('pdfToWord.failed'));
    },
  });
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('pdfToWord.converting')}
      result={{
        stepLabel: (running) => pdfReadingLabel(running, t),
        failed: (error) => ({ message: error.code === 'no-text' ? t('pdfToWord.noText') : t('pdfToWord.failed') }),
        done: ({ outputs, summary = {} }) => (
          <FileResult
            title={t('pdfToWord.completed')}
            output={outputs[0]!}
            downloadLabel={t('pdfToWord.download')}
            summary={t('pdfToWord.summary', { pages: summary.pages, paragraphs: summary.paragraphs, tables: summary.tables, pictures: summary.pictures ?? 0 })}
          />
        ),
      }}
    />
  );
}
