import { catalogueSentences, sentencePage } from '../test-support/catalogue-pages.ts';
import { expect, test } from './fixtures.ts';

// Automatic is the default: the hero finds the language on the picture (in the browser's
// engine) and says under the text what it read it as; "change" takes the visitor to the control.
test('the hero reads a page of German sentences as German with no language chosen, says so, and "change" opens the language control', async ({ page }) => {
  const sentences = catalogueSentences('de', 5);
  await page.goto('/');
  await expect(page.getByTestId('ocr-language')).toHaveAttribute('data-value', 'auto');
  await page.getByTestId('file-input').setInputFiles({ name: 'seite.png', mimeType: 'image/png', buffer: sentencePage(sentences) });
  await expect(page.getByTestId('result-text')).toBeVisible({ timeout: 90_000 });
  expect(await page.getByTestId('result-text').inputValue()).toContain(sentences[0]!);
  await expect(page.getByTestId('read-as-languages')).toHaveText('Read as: German');
  await expect(page.getByTestId('read-as-languages')).toHaveAttribute('data-codes', 'deu');
  await page.getByTestId('read-as').getByRole('button', { name: 'change' }).click();
  await expect(page.getByTestId('ocr-language')).toBeFocused();
});
