import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { loadDictionary, translatorFor } from './i18n/index.ts';
import { findLanguage, languages } from './i18n/languages.ts';
import { MetaCollector, type DocumentMeta } from './seo/document-meta.tsx';
import { pageLanguage } from './site-pages.ts';

// The prerenderer renders every language, so it loads every dictionary, through the loader the
// browser uses (imported here as well, they made that loader's dynamic imports ineffective). A
// dictionary that failed would quietly prerender English pages under its address: stop instead.
await Promise.all(languages.map((language) => loadDictionary(language.code)));
for (const language of languages) {
  if (translatorFor(language.code).language !== language.code) throw new Error(`The ${language.code} dictionary did not load`);
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
