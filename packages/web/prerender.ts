// Writes every page of the site as HTML (content, title, description, canonical and hreflang
// links in place before any script runs), plus sitemap.xml and robots.txt. Runs after the
// client and server builds: node prerender.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const entry = (await import(path.join(here, 'dist-ssr/entry-server.js'))) as typeof import('./src/entry-server.tsx');

/** The server puts the site's public address here when it sends the page. */
const ORIGIN = '%ORIGIN%';

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const homes = entry.languages.map((language) => ({ tag: language.tag, path: entry.homePath(language.code) }));
const homePaths = new Set(homes.map((home) => home.path));

function headLinks(route: string | undefined): string {
  if (!route) return '<meta name="robots" content="noindex" />';
  const links = [`<link rel="canonical" href="${ORIGIN}${route}" />`];
  // Only the home pages exist in several languages at their own addresses.
  if (homePaths.has(route)) {
    for (const home of homes) links.push(`<link rel="alternate" hreflang="${home.tag}" href="${ORIGIN}${home.path}" />`);
    links.push(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/" />`);
  }
  return links.join('\n    ');
}

async function page(url: string, route: string | undefined): Promise<string> {
  const { html, meta, languageTag } = await entry.render(url);
  const title = escape(meta.title);
  const description = escape(meta.description);
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${languageTag}">`)
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

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const paths = entry.sitePaths();
for (const route of paths) {
  write(path.join(dist, route === '/' ? '' : route, 'index.html'), await page(route, route));
}
// The pages for an unknown address: the site's, and the blog's own ("Blog post not found").
write(path.join(dist, '404.html'), await page('/404', undefined));
write(path.join(dist, 'blog', '404.html'), await page('/blog/404', undefined));

write(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map((route) => `  <url><loc>${ORIGIN}${route}</loc></url>`)
    .join('\n')}\n</urlset>\n`,
);
write(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
console.log(`prerendered ${paths.length} pages, 404.html, sitemap.xml and robots.txt`);
