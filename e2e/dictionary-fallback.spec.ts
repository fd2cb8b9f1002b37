import { expect, test } from './fixtures.ts';

/** The German dictionary's chunk (assets/de-{hash}.js), not decode-… or any other chunk starting "de". */
const germanDictionary = /\/assets\/de-[\w-]{8}\.js$/;

// A language's dictionary that does not come (a network blip, an old page after a deploy whose
// chunks are gone) leaves the page in English, working, with a notice that says so in English
// (the German words are what failed to come) and offers to try again.
test('a dictionary that fails to load falls back to English with a notice, and trying again brings the language back', async ({ page }) => {
  let refused = 0;
  await page.route(germanDictionary, (route) => {
    refused += 1;
    return route.abort('failed');
  });
  await page.goto('/de');
  expect(refused).toBeGreaterThan(0);
  const notice = page.getByTestId('dictionary-notice');
  await expect(notice).toHaveText(/This page could not be loaded in Deutsch and is shown in English\.\s*Try again/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image to Text Converter');
  // The page still works in English: its tools are live.
  await expect(page.getByTestId('drop-zone')).toBeVisible();

  await page.unroute(germanDictionary);
  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Try again' }).click()]);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('dictionary-notice')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bild-zu-Text-Konverter');
});
