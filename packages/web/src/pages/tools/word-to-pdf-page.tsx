import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FaqSection, type FaqItem } from '../../components/home/faq-section.tsx';
import { FileResult } from '../../components/result/file-result.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useWordTool } from '../../hooks/use-word-tool.ts';
import { officeStepLabel } from '../../lib/office-progress.ts';

const tool = findTool('word-to-pdf')!;

export function WordToPdfPage() {
  const { t } = useTranslation();
  const flow = useWordTool(tool);
  const questions = t('wordToPdf.faq', { returnObjects: true }) as FaqItem[];
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('wordToPdf.converting')}
      result={{
        stepLabel: (running) => officeStepLabel(running, t),
        done: ({ outputs }) => <FileResult title={t('wordToPdf.completed')} output={outputs[0]!} downloadLabel={t('wordToPdf.download')} />,
      }}
      layout={{ after: <FaqSection title={t('toolPage.peopleAlsoAsk')} items={questions} /> }}
    />
  );
}
