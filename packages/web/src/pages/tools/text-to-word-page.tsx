import { useTranslation } from 'react-i18next';
import { findTool } from '@textlift/core/tools';
import { FileResult } from '../../components/result/file-result.tsx';
import { TextToolPage } from '../../components/tool/text-tool-page.tsx';

const tool = findTool('text-to-word')!;

export function TextToWordPage() {
  const { t } = useTranslation();
  return (
    <TextToolPage
      tool={tool}
      countWords
      done={({ outputs, summary = {} }) => (
        <FileResult
          title={t('textToWord.created')}
          output={outputs[0]!}
          downloadLabel={t('textToWord.download')}
          summary={t('textToWord.summary', { count: summary.paragraphs ?? 0 })}
        />
      )}
    />
  );
}
