import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

test('a result box shows Arabic text right to left, each paragraph by its own first letter (dir="auto")', async ({ page }) => {
  await page.goto('/pdf-to-text');
  // An Arabic one-liner (WeasyPrint): its text layer is Arabic, read without OCR.
  await page.getByTestId('file-input').setInputFiles({ name: 'habibi.pdf', mimeType: 'application/pdf', buffer: corpusFile('pdf/habibi-ar.pdf') });
  const result = page.getByTestId('result-text');
  await expect(result).toHaveValue(/habibi/);
  // The Arabic word in logical order (pdf.js alone gives it reversed: يبيبَح).
  await expect(result).toHaveValue(/حَبيبي habibi/);
  await expect(result).toHaveAttribute('dir', 'auto');
  const shown = await result.evaluate((box: HTMLTextAreaElement) => ({
    rtl: box.matches(':dir(rtl)'),
    direction: getComputedStyle(box).direction,
    // A text area with dir="auto" lays out each paragraph by its own first strong letter.
    unicodeBidi: getComputedStyle(box).unicodeBidi,
  }));
  expect(shown).toEqual({ rtl: true, direction: 'rtl', unicodeBidi: 'plaintext' });
});
