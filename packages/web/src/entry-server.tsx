import { renderToStringAsync } from 'preact-render-to-string';
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
  // A tool page's code loads on demand: the render waits for it and writes it whole, between
  // the <!--$s--> marks by which Preact's hydration knows the part that may still wait for its
  // code in the browser (no inline script, which the Content-Security-Policy would forbid).
  const html = await renderToStringAsync(page);
  if (!collector.meta) throw new Error(`${url} sets no title (useDocumentMeta)`);
  return { html, meta: collector.meta, languageTag: language.tag };
}

export { homePath, localizedPath, pageLanguage, pagePaths } from './site-pages.ts';
export { languages } from './i18n/languages.ts';
