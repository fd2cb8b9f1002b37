import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { TableResult } from '../../components/result/table-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { ocrProgressLabel } from '../../lib/ocr-progress.ts';

const tool = findTool('jpg-to-excel')!;

export function JpgToExcelPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, {
    fixed: { format: 'both' },
    reasons: { empty: () => t('jpgToExcel.invalidType'), wrongType: () => t('jpgToExcel.invalidType') },
  });
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('processing')}
      input={{ camera: 'photo', preview: true }}
      result={{
        stepLabel: ({ stage, fraction }) => ocrProgressLabel(stage, fraction, t),
        failed: (error) => ({ message: error.code === 'no-text' ? t('jpgToExcel.noText') : errorMessage(error, t, 'image') }),
        done: (result) => <TableResult result={result} i18nKey="jpgToExcel" />,
      }}
    />
  );
}
