import type { Page } from '@playwright/test';
import { dictionary } from './site-pages.ts';
import { expect, test } from './fixtures.ts';

/** The page's background lightness, 0 (black) to 1 (white), as the browser painted it. */
async function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });
}

const darkTheme = (dictionary('en').nav as { darkTheme: string }).darkTheme;

test.describe('on a system that prefers dark', () => {
  test.use({ colorScheme: 'dark' });

  test('pages are dark; the switch turns them light, and the choice is in the next page as sent', async ({ page }) => {
    await page.goto('/pdf-to-text');
    expect(await backgroundLightness(page)).toBeLessThan(0.15);
    const toggle = page.getByRole('button', { name: darkTheme });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await backgroundLightness(page)).toBeGreaterThan(0.9);
    // The server writes the choice on <html>: the next page is never painted dark first.
    const html = await (await page.request.get('/about-us')).text();
    expect(html).toMatch(/<html lang="en" data-theme="light">/);
    await page.goto('/about-us');
    expect(await backgroundLightness(page)).toBeGreaterThan(0.9);
  });
});

test.describe('on a system that prefers light', () => {
  test.use({ colorScheme: 'light' });

  test('pages are light; the switch turns them dark, and it is remembered', async ({ page }) => {
    await page.goto('/de');
    expect(await backgroundLightness(page)).toBeGreaterThan(0.9);
    const toggle = page.getByRole('button', { name: (dictionary('de').nav as { darkTheme: string }).darkTheme });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    expect(await backgroundLightness(page)).toBeLessThan(0.15);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await backgroundLightness(page)).toBeLessThan(0.15);
  });
});
