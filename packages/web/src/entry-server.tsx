import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { addDictionary, type Dictionary } from './i18n/index.ts';
import { findLanguage } from './i18n/languages.ts';
import { MetaCollector, type DocumentMeta } from './seo/document-meta.tsx';
import { pageLanguage } from './site-pages.ts';

// The prerenderer renders every language, so it has every dictionary at hand.
const dictionaries = import.meta.glob<{ default: Dictionary }>('./locales/*.json', { eager: true, base: './i18n' });
for (const [file, module] of Object.entries(dictionaries)) {
  addDictionary(file.replace(/^.*\/(\w+)\.json$/, '$1'), module.default);
}

export interface RenderedPage {
  html: string;
  meta: DocumentMeta;
  languageTag: string;
}

/** One page as HTML, in the language of its address. */
export async function render(url: string): Promise<RenderedPage> {
  const language = findLanguage(pageLanguage(url).code);
  const collector: { meta?: DocumentMeta } = {};
  const page = (
    <MetaCollector.Provider value={collector}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </MetaCollector.Provider>
  );
  // A tool page's code loads on demand: the first pass (prerender waits for it) loads it, the
  // second writes it whole. prerender's own output would stream it in with an inline script,
  // which the Content-Security-Policy forbids.
  await prerender(page);
  const html = renderToString(page);
  if (html.includes('<!--$?-->')) throw new Error(`${url} still waits for code after loading it`);
  if (!collector.meta) throw new Error(`${url} sets no title (useDocumentMeta)`);
  return { html, meta: collector.meta, languageTag: language.tag };
}

export { homePath, localizedPath, pageLanguage, pagePaths } from './site-pages.ts';
export { languages } from './i18n/languages.ts';
