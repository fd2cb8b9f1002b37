import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { CodeList } from '../../components/result/code-list.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';

const tool = findTool('qr-scanner')!;

/** Failures the spec words itself; limits keep their own, more useful, words. */
const ownWords = new Set(['too-large', 'too-many-pixels', 'too-large-to-open', 'empty-file']);

export function QrScannerPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, { reasons: { wrongType: () => t('qrScanner.invalidType') } });
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('qrScanner.scanning')}
      input={{ camera: 'live', preview: true }}
      result={{
        stepLabel: ({ fraction }) => t('toolPage.percent', { percent: Math.round(fraction * 100) }),
        failed: (error) => ({
          message: error.code === 'no-text' ? t('qrScanner.noCode') : ownWords.has(error.code) ? errorMessage(error, t, 'image') : t('qrScanner.error'),
        }),
        done: ({ data }) => <CodeList codes={data?.codes ?? []} />,
      }}
    />
  );
}
