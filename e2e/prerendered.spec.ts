import { expect, test } from '@playwright/test';
import { localizedPath, pageLanguage, pagePaths } from '../packages/web/src/site-pages.ts';
import { languages } from '../packages/web/src/i18n/languages.ts';
import { dictionary, languageTags, sitemapPaths } from './site-pages.ts';

test.use({ javaScriptEnabled: false });

test('the sitemap lists every page in every language', async ({ request }) => {
  const listed = await sitemapPaths(request);
  const expected = languages.flatMap((language) => pagePaths().map((path) => localizedPath(language.code, path)));
  expect(listed.toSorted()).toEqual(expected.toSorted());
  expect(listed.length).toBe(13 * pagePaths().length);
});

// Read as a search engine reads them: the HTML as sent, no script run.
test('every page has its content, title, language and links in the HTML, before any script', async ({ request }) => {
  const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
  for (const path of await sitemapPaths(request)) {
    const html = await (await request.get(path)).text();
    const { code, path: english } = pageLanguage(path);
    expect(attribute(html, /<html lang="([^"]+)"/), path).toBe(languageTags[code]);
    expect(html, path).toMatch(/<div id="root">[\s\S]*<h1[^>]*>[^<]*\S/);
    expect(attribute(html, /<title>([^<]*)<\/title>/), path).toMatch(/\S/);
    expect(attribute(html, /<meta name="description" content="([^"]*)"/), path).toMatch(/.{10,}/);
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), path).toMatch(new RegExp(`^http://[^/]+${path === '/' ? '/$' : `${path}$`}`));
    // hreflang: the page in each of the 13 languages, and English as the default.
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
      ([, tag, href]) => `${tag} ${new URL(href!).pathname}`,
    );
    expect(alternates, path).toEqual([...languages.map((language) => `${language.tag} ${localizedPath(language.code, english)}`), `x-default ${english}`]);
  }
});

/** Every string of a dictionary, by its key path. */
function strings(value: unknown, key = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(key, value);
  else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) for (const entry of strings(inner, `${key}.${name}`)) found.set(...entry);
  }
  return found;
}

// A localized page's HTML holds no English sentence where its language has its own: each
// English string (a dozen characters or more, no placeholder) whose translation differs must
// be absent from the German, Polish... page as prerendered.
for (const [path, code] of [
  ['/de/pdf-to-text', 'de'],
  ['/pl/jpg-to-word', 'pl'],
  ['/fr/about-us', 'fr'],
  ['/tr/blog', 'tr'],
  ['/ph', 'ph'],
] as const) {
  test(`${path} is ${code} from its first paint, with no English in its HTML`, async ({ page }) => {
    await page.goto(path);
    const text = (await page.locator('body').innerText()) + (await page.title());
    const english = strings(dictionary('en'));
    const local = strings(dictionary(code));
    const leaks = [...english].filter(([key, value]) => value.length >= 12 && !value.includes('{{') && local.get(key) !== value && text.includes(value));
    expect(leaks).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
  });
}

test('robots.txt points to the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
});
