import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { PageImages } from '../../components/result/page-images.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useWordTool } from '../../hooks/use-word-tool.ts';
import { officeStepLabel } from '../../lib/office-progress.ts';

const tool = findTool('word-to-jpg')!;

export function WordToJpgPage() {
  const { t } = useTranslation();
  const flow = useWordTool(tool);
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('wordToJpg.converting')}
      result={{ stepLabel: (running) => officeStepLabel(running, t), done: (result) => <PageImages {...result} /> }}
    />
  );
}
