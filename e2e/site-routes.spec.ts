import { dictionary, languageTags, sitemapPaths } from './site-pages.ts';
import { expect, test } from './fixtures.ts';

// One pass over the sitemap on a 360 px phone: each page answers, has its heading, and fits.
test('every page in the sitemap answers 200 with its main heading, and fits a 360 px wide phone without sideways scrolling', async ({ page, request }) => {
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThanOrEqual(21);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    expect(await page.title(), path).toMatch(/TextLift/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

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

test('the switcher changes language; static pages follow it, also after a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-switcher').selectOption('de');
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dictionary('de').heroTitle);
  // The logo and Tools lead to this language's home.
  await expect(page.getByRole('link', { name: (dictionary('de').nav as { home: string }).home }).first()).toHaveAttribute('href', '/de');

  await page.getByRole('navigation', { name: (dictionary('de').nav as { main: string }).main }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((dictionary('de').blog as { title: string }).title);
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((dictionary('de').about as { title: string }).title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.getByTestId('language-switcher').selectOption('fr');
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((dictionary('fr').about as { title: string }).title);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((dictionary('fr').about as { title: string }).title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('/tools/{tool} redirects permanently to the tool, replacing the address', async ({ page, request }) => {
  const response = await request.get('/tools/image-to-text', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/');
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
