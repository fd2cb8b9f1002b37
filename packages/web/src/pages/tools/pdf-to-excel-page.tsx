import { useTranslation } from 'react-i18next';
import type { OutputFile } from '@textlift/core/conversion';
import { findTool } from '@textlift/core/tools';
import { FaqSection, type FaqItem } from '../../components/home/faq-section.tsx';
import { TableResult } from '../../components/result/table-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { pdfReadingLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('pdf-to-excel')!;

const workbook = (outputs: OutputFile[]) => outputs.filter((output) => output.name.endsWith('.xlsx'));

export function PdfToExcelPage() {
  const { t } = useTranslation();
  // The workbook and its CSV come from one reading; the visitor picks at download.
  const flow = useFileTool(tool, {
    fixed: { format: 'both' },
    reasons: { empty: () => t('pdfToExcel.invalidType'), wrongType: () => t('pdfToExcel.invalidType'), tooLarge: () => t('toolPage.pdfTooLarge') },
  });
  const questions = t('pdfToExcel.faq', { returnObjects: true }) as FaqItem[];
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('pdfToExcel.converting')}
      input={{
        multiple: true,
        // "Download all" holds each PDF's workbook; its CSV is one click away on its result.
        zipEntries: (item) => (item.state.status === 'done' ? workbook(item.state.result.outputs) : []),
      }}
      result={{
        stepLabel: (running) => pdfReadingLabel(running, t),
        failed: (error) => ({ message: error.code === 'no-text' ? t('pdfToExcel.noText') : errorMessage(error, t, 'pdf') }),
        done: (result) => <TableResult result={result} i18nKey="pdfToExcel" />,
      }}
      layout={{ after: <FaqSection title={t('toolPage.peopleAlsoAsk')} items={questions} /> }}
    />
  );
}
