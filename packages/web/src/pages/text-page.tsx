import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useLanguage } from '../i18n/use-language.ts';
import { useLocalPath } from '../i18n/use-local-path.ts';
import { formatDate } from '../lib/format-date.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';
import type { StaticPageKey } from '../site-pages.ts';
import { pageFacts } from '../lib/page-facts.ts';

type TextSection = Exclude<StaticPageKey, 'contact' | 'apiDocs'>;

/** When the legal texts last changed; shown on those pages. */
const LEGAL_UPDATED = '2026-11-27';

/**
 * A paragraph whose `[words](/page)` link to a page of the site in the reader's language (the
 * Terms' "published limits" lead to the API's page); the rest is plain text.
 */
function Paragraph({ text }: { text: string }) {
  const localPath = useLocalPath();
  const parts = text.split(/\[([^\]]+)\]\((\/[^)\s]*)\)/);
  return (
    <p className="mt-3 leading-7 text-slate-700">
      {parts.map((part, index) =>
        index % 3 === 1 ? (
          <Link key={parts[index + 1]} to={localPath(parts[index + 1]!)} className="text-brand-700 underline underline-offset-2">
            {part}
          </Link>
        ) : index % 3 === 2 ? null : (
          part
        ),
      )}
    </p>
  );
}

/** About and the legal pages: a title, a lead and titled sections of paragraphs. */
export function TextPage({ section }: { section: TextSection }) {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentMeta({ title: `${t(`pageTitles.${section}`)} – TextLift`, description: t(`pageDescriptions.${section}`) });
  // Limits and where tools run come from the registry and the server's defaults (lib/page-facts.ts).
  const sections = t(`${section}.sections`, { returnObjects: true, ...pageFacts(t, language.tag) }) as Array<{ title: string; body: string[] }>;
  return (
    <article>
      <PageHeader title={t(`${section}.title`)} lead={t(`${section}.lead`)}>
        {section !== 'about' && <p className="mt-4 text-sm text-slate-500">{t('lastUpdated', { date: formatDate(LEGAL_UPDATED, language.tag) })}</p>}
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6 sm:py-16">
        {sections.map((item) => (
          <section key={item.title}>
            <h2 className="text-xl font-semibold tracking-tight text-slate-900">{item.title}</h2>
            {item.body.map((paragraph) => (
              <Paragraph key={paragraph} text={paragraph} />
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
