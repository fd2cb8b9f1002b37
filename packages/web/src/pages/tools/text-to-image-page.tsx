import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { ImageResult } from '../../components/result/image-result.tsx';
import { TextToolPage } from '../../components/tool/text-tool-page.tsx';

const tool = findTool('text-to-image')!;

export function TextToImagePage() {
  const { t } = useTranslation();
  return (
    <TextToolPage
      tool={tool}
      done={({ outputs, summary = {} }) => (
        <ImageResult
          title={t('textToImage.created')}
          summary={t('textToImage.summary', { width: summary.width, height: summary.height, lines: summary.lines })}
          image={outputs[0]!}
          alt={t('textToImage.alt')}
          downloads={[{ label: t('textToImage.download'), output: outputs[0] }]}
        />
      )}
    />
  );
}
