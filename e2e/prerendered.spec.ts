import { expect, test } from '@playwright/test';
import { dictionary, sitemapPaths } from './site-pages.ts';

test.use({ javaScriptEnabled: false });

test('every page has its content, title and links in the HTML, before any script', async ({ page, request }) => {
  for (const path of await sitemapPaths(request)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    expect(await page.title(), path).toMatch(/\S/);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{10,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', new RegExp(`^http://[^/]+${path === '/' ? '/$' : `${path}$`}`));
  }
});

test('home pages carry hreflang links to all 13 languages', async ({ page }) => {
  await page.goto('/pl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dictionary('pl').heroTitle);
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(14);
  await expect(page.locator('link[hreflang="pt-BR"]')).toHaveAttribute('href', /\/br$/);
  await expect(page.locator('link[hreflang="fil"]')).toHaveAttribute('href', /\/ph$/);
});

test('robots.txt points to the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
});
