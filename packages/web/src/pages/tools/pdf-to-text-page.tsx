import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { asksForPassword } from '@textlift/core/errors';
import { findTool } from '@textlift/core/tools';
import { TextOutput } from '../../components/result/text-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import type { ConversionState } from '../../hooks/use-tool-job.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { downloadOutput } from '../../lib/files.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';
import { pdfReadingLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('pdf-to-text')!;

/** The spec's status line for the file shown: loading, the page being read, done, or failed. */
function statusLine(state: ConversionState | undefined, t: TFunction): string | undefined {
  if (!state) return undefined;
  if (state.status === 'waiting') return t('toolPage.loadingPdf');
  if (state.status === 'running') return pdfReadingLabel(state, t);
  if (state.status === 'done') return t('pdfToText.completed');
  return asksForPassword(state.error.code) ? undefined : t('pdfToText.failedStatus');
}

export function PdfToTextPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, {
    reasons: { empty: () => t('toolPage.notAPdf'), tooLarge: () => t('toolPage.pdfTooLarge') },
    onSettled: (item) => notifyFailure(item.state, t, t('pdfToText.failed'), 'pdf'),
  });
  const status = statusLine(flow.state, t);
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('toolPage.processingDocument')}
      input={{
        multiple: true,
        extras: status && (
          <p role="status" className="text-sm text-slate-600" data-testid="status-text">
            {status}
          </p>
        ),
      }}
      result={{
        stepLabel: (running) => pdfReadingLabel(running, t),
        failed: (error) =>
          error.code === 'no-text'
            ? { message: t('pdfToText.empty') }
            : {
                message: t('pdfToText.errorIntro', { message: error.code === 'corrupt' ? t('pdfToText.corrupt') : errorMessage(error, t, 'pdf') }),
                tips: t('pdfToText.tips', { returnObjects: true }) as string[],
              },
        done: ({ text = '', outputs }) => (
          <TextOutput
            text={text}
            textLabel={t('toolPage.resultTitle')}
            copyLabel={t('toolPage.copyText')}
            downloads={[{ label: t('download'), onClick: () => downloadOutput(outputs[0]) }]}
          />
        ),
      }}
    />
  );
}
