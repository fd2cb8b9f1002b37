import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { PageImages } from '../../components/result/page-images.tsx';
import { FileToolPage } from '../../components/tool/file-tool-page.tsx';
import { useFileTool } from '../../hooks/use-file-tool.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notifyFailure } from '../../lib/notify-failure.ts';

const tool = findTool('pdf-to-jpg')!;

export function PdfToJpgPage() {
  const { t } = useTranslation();
  const flow = useFileTool(tool, {
    reasons: { empty: () => t('toolPage.notAPdf'), tooLarge: () => t('toolPage.pdfTooLarge') },
    onSettled: (item) => notifyFailure(item.state, t, t('toast.conversionFailed'), 'pdf'),
  });
  return (
    <FileToolPage
      flow={flow}
      busyLabel={t('pdfToJpg.loading')}
      result={{
        stepLabel: ({ detail }) => (detail ? t('pdfToJpg.page', { page: detail.page, pages: detail.pages }) : t('pdfToJpg.loading')),
        failed: (error) => ({
          message: t('pdfToJpg.errorIntro', { message: errorMessage(error, t, 'pdf') }),
          tips: t('pdfToJpg.tips', { returnObjects: true }) as string[],
        }),
        done: (result) => <PageImages {...result} />,
      }}
    />
  );
}
