import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import type { Dictionary } from '../../i18n/index.ts';
import { useDocumentMeta } from '../../seo/document-meta.tsx';
import { ToolGrid } from '../home/tool-grid.tsx';
import { PageHeader } from '../layout/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

type ToolTexts = Dictionary['tools'];
/** Tools with a page of their own: the dictionary entries that carry a page title. */
type ToolPageKey = { [K in keyof ToolTexts]: ToolTexts[K] extends { pageTitle: string } ? K : never }[keyof ToolTexts];

export interface ToolPageProps {
  tool: ToolDefinition;
  input: { title: string; description: string; body: ReactNode };
  result: { title: string; description: string; body: ReactNode };
}

/**
 * The frame every tool page shares: title and subtitle, the input card and the result card
 * side by side, then the other tools.
 */
export function ToolPage({ tool, input, result }: ToolPageProps) {
  const { t } = useTranslation();
  const key = tool.i18nKey as ToolPageKey;
  useDocumentMeta({ title: `${t(`tools.${key}.pageTitle`)} | TextLift`, description: t(`tools.${key}.description`) });
  return (
    <>
      <PageHeader title={t(`tools.${key}.title`)} lead={t(`tools.${key}.subtitle`)} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 sm:py-12 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{input.title}</CardTitle>
            <CardDescription>{input.description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">{input.body}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{result.title}</CardTitle>
            <CardDescription>{result.description}</CardDescription>
          </CardHeader>
          <CardContent>{result.body}</CardContent>
        </Card>
      </div>
      <div className="border-t border-slate-200 bg-white">
        <ToolGrid exclude={tool.slug} title={t('toolsSection.allTools')} />
      </div>
    </>
  );
}
