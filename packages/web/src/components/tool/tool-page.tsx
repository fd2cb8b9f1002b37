import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import type { ConversionState } from '../../hooks/use-tool-job.ts';
import type { Dictionary } from '../../i18n/index.ts';
import { cn } from '../../lib/cn.ts';
import { toolText } from '../../lib/tool-texts.ts';
import { useDocumentMeta } from '../../seo/document-meta.tsx';
import { ToolGrid } from '../home/tool-grid.tsx';
import { PageHeader } from '../layout/page-header.tsx';
import { ResultCard } from '../result/result-card.tsx';
import { UploadHint } from '../upload/upload-hint.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

type ToolTexts = Dictionary['tools'];
/** Tools with a page of their own: the dictionary entries that carry a page title. */
type ToolPageKey = { [K in keyof ToolTexts]: ToolTexts[K] extends { pageTitle: string } ? K : never }[keyof ToolTexts];

export interface ToolPageProps {
  tool: ToolDefinition;
  /** The input card's body. */
  input: ReactNode;
  /** The result card's body. */
  result: ReactNode;
  /** The job whose end brings the result card into view and focuses its heading. */
  resultState?: ConversionState;
  /** Off for a live preview that follows typing; on by default. */
  reveal?: boolean;
  /** Below the cards (People Also Ask). */
  after?: ReactNode;
  /**
   * The result card under the input card, each the page's width, rather than beside it: for a
   * result of two texts side by side (the Image Translator's original and translation).
   */
  stacked?: boolean;
}

/** The input card's title and subtitle: the page's own (`{i18nKey}.inputTitle`), or the upload words of what it takes. */
function useInputTitles(tool: ToolDefinition): { title: string; description: ReactNode } {
  const { t, i18n } = useTranslation();
  if (i18n.exists(`${tool.i18nKey}.inputTitle`)) return { title: toolText(t, tool, 'inputTitle'), description: toolText(t, tool, 'inputDescription') };
  if (tool.input.kind !== 'files') throw new Error(`${tool.i18nKey}.inputTitle is missing`);
  const { accepts, maxFiles } = tool.input;
  const several = maxFiles > 1;
  if (accepts.every((type) => type === 'application/pdf')) {
    return { title: t('toolPage.uploadPdfTitle'), description: several ? t('toolPage.uploadPdfsDescription') : t('toolPage.uploadPdfDescription') };
  }
  if (accepts.includes('application/msword')) return { title: t('toolPage.uploadDocumentTitle'), description: t('toolPage.uploadDocumentDescription') };
  if (accepts.includes('application/pdf')) return { title: t('toolPage.uploadFileTitle'), description: t('toolPage.uploadFileDescription') };
  return { title: t('toolPage.uploadImageTitle'), description: several ? t('toolPage.uploadImagesDescription') : <UploadHint /> };
}

/**
 * The frame every tool page shares: title and subtitle, the input card and the result card
 * side by side (their titles from the dictionary by the tool's key), then the other tools.
 */
export function ToolPage({ tool, input, result, resultState, reveal, after, stacked }: ToolPageProps) {
  const { t } = useTranslation();
  const key = tool.i18nKey as ToolPageKey;
  useDocumentMeta({ title: `${t(`tools.${key}.pageTitle`)} | TextLift`, description: t(`tools.${key}.description`) });
  const inputTitles = useInputTitles(tool);
  return (
    <>
      <PageHeader title={t(`tools.${key}.title`)} lead={t(`tools.${key}.subtitle`)} />
      <div className={cn('mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 sm:py-12', !stacked && 'lg:grid-cols-2')}>
        <Card>
          <CardHeader>
            <CardTitle>{inputTitles.title}</CardTitle>
            <CardDescription>{inputTitles.description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">{input}</CardContent>
        </Card>
        <ResultCard title={toolText(t, tool, 'resultTitle')} description={toolText(t, tool, 'resultDescription')} state={resultState} reveal={reveal}>
          {result}
        </ResultCard>
      </div>
      {after}
      <div className="border-t border-slate-200 bg-white">
        <ToolGrid exclude={tool.slug} title={t('toolsSection.allTools')} />
      </div>
    </>
  );
}
