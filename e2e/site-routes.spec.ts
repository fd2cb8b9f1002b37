import { pageLanguage, pagePaths } from '../packages/web/src/site-pages.ts';
import { dictionary, languageTags, sitemapPaths } from './site-pages.ts';
import { expect, test } from './fixtures.ts';

// The sitemap on a 360 px phone, a test per language so both workers share it: each page
// answers, has its heading, fits, and hydrates without an error (its HTML and its first render
// agree). English, German (the longest words) and Russian (another alphabet) load every page; each
// other language a quarter of them, a different quarter by language, so every page is hydrated in
// at least two more languages (a load costs a 2-core machine about a second and a half). Every
// page's HTML in every language is checked in prerendered.spec.ts.
const EVERY_PAGE = new Set(['en', 'de', 'ru']);
const SHARE = 4;
for (const [index, [code, tag]] of Object.entries(languageTags).entries()) {
  test(`the ${code} pages of the sitemap answer 200 with their main heading, fit a 360 px phone, and hydrate without an error`, async ({ page, request }) => {
    const all = (await sitemapPaths(request)).filter((path) => pageLanguage(path).code === code);
    expect(all.length).toBe(pagePaths().length);
    const paths = EVERY_PAGE.has(code) ? all : all.filter((_path, at) => (at + index) % SHARE === 0);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of paths) {
      // Hydrated, not merely loaded: a tool page's code arrives after the load event.
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), path).toBe(200);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await expect(page.locator('html'), path).toHaveAttribute('lang', tag);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      expect(await page.title(), path).toMatch(/TextLift/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });
}

test('each language home is in its language, with the real <html lang>', async ({ page }) => {
  for (const [code, tag] of Object.entries(languageTags)) {
    await page.goto(code === 'en' ? '/' : `/${code}`);
    await expect(page.getByRole('heading', { level: 1 }), code).toHaveText(dictionary(code).heroTitle);
    await expect(page.locator('html'), code).toHaveAttribute('lang', tag);
  }
});

test('an unknown language code is the not-found page, and "/" is English', async ({ page }) => {
  const response = await page.goto('/xx');
  expect(response?.status()).toBe(404);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

const texts = (code: string) =>
  dictionary(code) as unknown as {
    nav: { home: string; main: string };
    blog: { title: string; notFound: string };
    about: { title: string };
    notFound: { title: string };
    tools: Record<string, { title: string }>;
    languageOffer: { text: string; switch: string; dismiss: string };
  };

test('the switcher goes to the same page in the chosen language; links stay in it; the choice outlives "/" and a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-switcher').selectOption('de');
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dictionary('de').heroTitle);
  // The logo and Tools lead to this language's home.
  await expect(page.getByRole('link', { name: texts('de').nav.home }).first()).toHaveAttribute('href', '/de');

  await page
    .getByRole('navigation', { name: texts('de').nav.main })
    .getByRole('link', { name: 'Blog' })
    .click();
  await expect(page).toHaveURL(/\/de\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de').blog.title);
  await page.goto('/de/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de').about.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Every link on the page stays in German.
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(hrefs.filter((href) => !/^\/de(\/|#|$)/.test(href))).toEqual([]);

  await page.getByTestId('language-switcher').selectOption('fr');
  await expect(page).toHaveURL(/\/fr\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('fr').about.title);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('fr').about.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // Typing the site's address, or an English link, keeps the chosen language.
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dictionary('fr').heroTitle);
  await page.goto('/pdf-to-text');
  await expect(page).toHaveURL(/\/fr\/pdf-to-text$/);
  // Back after a switch shows that page's own language again.
  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pdf-to-text$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('en').tools.pdfToText!.title);
  await page.goBack();
  await expect(page).toHaveURL(/\/fr\/pdf-to-text$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('fr').tools.pdfToText!.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test.describe('a first visit from a browser that asks for German', () => {
  test.use({ locale: 'de-DE' });

  test('is offered the German page in one line, in German, and not redirected', async ({ page }) => {
    const response = await page.goto('/about-us');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\d\/about-us$/);
    const offer = page.getByTestId('language-offer');
    await expect(offer).toContainText(texts('de').languageOffer.text);
    await expect(offer).toHaveAttribute('lang', 'de');
    await offer.getByRole('link', { name: texts('de').languageOffer.switch }).click();
    await expect(page).toHaveURL(/\/de\/about-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de').about.title);
    await expect(page.locator('html')).toHaveAttribute('data-language-offer', 'none');
    await expect(page.getByTestId('language-offer')).toHaveCount(0);
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
  });

  test('who closes the offer stays in English, and is not asked again', async ({ page }) => {
    await page.goto('/');
    await page
      .getByTestId('language-offer')
      .getByRole('button', { name: texts('de').languageOffer.dismiss })
      .click();
    await expect(page.getByTestId('language-offer')).toHaveCount(0);
    await page.goto('/blog');
    await expect(page).toHaveURL(/\d\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('en').blog.title);
    await expect(page.locator('html')).toHaveAttribute('data-language-offer', 'none');
    await expect(page.getByTestId('language-offer')).toHaveCount(0);
  });
});

test('a page in its own language is not offered again', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'fr-FR', baseURL });
  const page = await context.newPage();
  await page.goto('/fr/merge-pdf');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('fr').tools.mergePdf!.title);
  await expect(page.locator('html')).toHaveAttribute('data-language-offer', 'none');
  await expect(page.getByTestId('language-offer')).toHaveCount(0);
  await context.close();
});

test("unknown addresses under a language are that language's not-found pages, hydrated without an error", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  let response = await page.goto('/de/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de').notFound.title);
  for (const path of ['/tr/blog/no-such-post', '/tr/blog/no/such-post']) {
    response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(texts('tr').blog.notFound);
  }
  expect(errors).toEqual([]);
});

test('/tools/{tool} redirects permanently to the tool, in each language, replacing the address', async ({ page, request }) => {
  const redirects = {
    '/tools/image-to-text': '/',
    '/tools/merge-pdf': '/merge-pdf',
    '/de/tools/image-to-text': '/de',
    '/pl/tools/pdf-to-word': '/pl/pdf-to-word',
  };
  for (const [from, to] of Object.entries(redirects)) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
  }
  await page.goto('/about-us');
  await page.goto('/tools/image-to-text');
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/about-us$/);
});

test('an unknown path is the 404 page, with status 404 and the path in the console', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect.poll(() => logged.some((line) => line.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a blog post shows its tags, author, date, read time, image and share buttons', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'How to Extract Text from an Image', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\/how-to-extract-text-from-image$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to Extract Text from an Image');
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('OCR');
  await expect(page.getByText('By Maria Santos')).toBeVisible();
  await expect(page.locator('time')).toHaveAttribute('datetime', '2026-10-14');
  await expect(page.getByText('4 min read')).toBeVisible();
  const image = page.getByRole('img', { name: /photographed page/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute('href', /linkedin\.com.*how-to-extract-text-from-image/);
});

test('an unknown blog post says so, with a way back', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog post not found');
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the tool grid highlights a card, then navigates and scrolls to the top', async ({ page }) => {
  await page.goto('/about-us');
  await page.goto('/#tools');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  const card = page.locator('#tools').getByRole('link').first();
  // The highlight lasts 250 ms: record it as it happens rather than poll for it.
  await card.evaluate((link) => {
    new MutationObserver(() => {
      if (link.classList.contains('ring-2')) link.dataset.wasHighlighted = 'true';
    }).observe(link, { attributes: true, attributeFilter: ['class'] });
  });
  await card.click();
  await expect(card).toHaveAttribute('data-was-highlighted', 'true');
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
});
