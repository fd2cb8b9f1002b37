// Writes every page of the site as HTML (content, title, description, canonical and hreflang
// links in place before any script runs), plus sitemap.xml and robots.txt. Runs after the
// client and server builds: node prerender.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_REPORT, type BundleReport } from './bundle-report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const entry = (await import(path.join(here, 'dist-ssr/entry-server.js'))) as typeof import('./src/entry-server.tsx');

/** The server puts the site's public address here when it sends the page. */
const ORIGIN = '%ORIGIN%';

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

/**
 * Each language's dictionary chunk, from the build's report: a page preloads its own beside the
 * script, so it arrives with the script rather than after it has run.
 */
const report = JSON.parse(readFileSync(path.join(dist, BUNDLE_REPORT), 'utf8')) as BundleReport;
const dictionaryChunk = (code: string) => {
  const source = `packages/web/src/i18n/locales/${code}.json`;
  const file = Object.keys(report).find((chunk) => report[chunk]!.sources.includes(source));
  if (!file) throw new Error(`No chunk holds ${source}`);
  return file;
};
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page's address in each language, with the tag hreflang names it by. */
const alternatesOf = (path: string) => entry.languages.map((language) => ({ tag: language.tag, href: `${ORIGIN}${entry.localizedPath(language.code, path)}` }));

/** Canonical and hreflang links: every page exists in all 13 languages, English being the default. */
function headLinks(route: string | undefined): string {
  if (!route) return '<meta name="robots" content="noindex" />';
  const { path } = entry.pageLanguage(route);
  return [
    `<link rel="canonical" href="${ORIGIN}${route}" />`,
    ...alternatesOf(path).map(({ tag, href }) => `<link rel="alternate" hreflang="${tag}" href="${href}" />`),
    `<link rel="alternate" hreflang="x-default" href="${ORIGIN}${path}" />`,
  ].join('\n    ');
}

async function page(url: string, route: string | undefined): Promise<string> {
  const { html, meta, languageTag } = await entry.render(url);
  const dictionary = `<link rel="modulepreload" crossorigin href="/${dictionaryChunk(entry.pageLanguage(url).code)}">`;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${languageTag}">`)
    .replace('</head>', `  ${dictionary}\n  </head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      [
        `<meta name="description" content="${description}" />`,
        `<meta property="og:title" content="${title}" />`,
        `<meta property="og:description" content="${description}" />`,
        `<meta property="og:type" content="website" />`,
        headLinks(route),
      ].join('\n    '),
    )
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
}

/** The file of a route below dist: "/" + "index.html" is dist/index.html, "/de/blog" + "404.html" dist/de/blog/404.html. */
const routeFile = (route: string, file: string) => path.join(dist, route, file);

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const pagePaths = entry.pagePaths();
let count = 0;
for (const language of entry.languages) {
  for (const path of pagePaths) {
    const route = entry.localizedPath(language.code, path);
    write(routeFile(route, 'index.html'), await page(route, route));
    count += 1;
  }
  // The pages for an unknown address in this language: the site's, and the blog's own ("Blog post not found").
  const home = entry.homePath(language.code);
  write(routeFile(home, '404.html'), await page(entry.localizedPath(language.code, '/404'), undefined));
  write(routeFile(home, 'blog/404.html'), await page(entry.localizedPath(language.code, '/blog/404'), undefined));
}

const urls = pagePaths.flatMap((path) =>
  entry.languages.map((language) => {
    const links = alternatesOf(path).map(({ tag, href }) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${href}"/>`);
    return `  <url><loc>${ORIGIN}${entry.localizedPath(language.code, path)}</loc>${links.join('')}</url>`;
  }),
);
const urlset = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
write(path.join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n${urlset}\n${urls.join('\n')}\n</urlset>\n`);
write(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
console.log(`prerendered ${count} pages (${entry.languages.length} languages × ${pagePaths.length}), their 404 pages, sitemap.xml and robots.txt`);
