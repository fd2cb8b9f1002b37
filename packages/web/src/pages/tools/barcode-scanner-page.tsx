import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FaqSection, type FaqItem } from '../../components/home/faq-section.tsx';
import { CodeList } from '../../components/result/code-list.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';

const tool = findTool('barcode-scanner')!;

export function BarcodeScannerPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool);
  const questions = t('barcodeScanner.faq', { returnObjects: true }) as FaqItem[];
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('barcodeScanner.scanning')}
      input={{ camera: 'live' }}
      result={{
        stepLabel: ({ detail }) => (detail ? t('barcodeScanner.pageOf', { page: detail.page, pages: detail.pages }) : ''),
        failed: (error) => ({ message: error.code === 'no-text' ? t('barcodeScanner.noCode') : errorMessage(error, t, 'file') }),
        done: ({ data }) => <CodeList codes={data?.codes ?? []} showFormat />,
      }}
      layout={{ after: <FaqSection title={t('toolPage.peopleAlsoAsk')} items={questions} /> }}
    />
  );
}
