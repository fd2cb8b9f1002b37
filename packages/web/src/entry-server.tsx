import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { switchLanguage } from './i18n/index.ts';
import { findLanguage } from './i18n/languages.ts';
import { MetaCollector, type DocumentMeta } from './seo/document-meta.tsx';
import { homeLanguage } from './site-pages.ts';

export interface RenderedPage {
  html: string;
  meta: DocumentMeta;
  languageTag: string;
}

/** One page as HTML: homes in their language, every other page in English (its canonical form). */
export async function render(url: string): Promise<RenderedPage> {
  const language = findLanguage(homeLanguage(url) ?? 'en');
  // Each dictionary through the loader the browser uses: imported here as well, they made that
  // loader's dynamic imports ineffective (a build warning per language).
  await switchLanguage(language.code, { remember: false });
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

export { sitePaths, homePath } from './site-pages.ts';
export { languages } from './i18n/languages.ts';
