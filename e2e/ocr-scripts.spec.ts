import { catalogueSentences, sentencePage } from '../test-support/catalogue-pages.ts';
import { characterErrorRate } from '../test-support/cer.ts';
import { expect, test } from './fixtures.ts';

// Automatic detection in the browser's own engine, past the Latin model: Tesseract's script
// detection (the osd model, in the legacy engine's WASM build) names the script, the script's
// model reads a band that franc names, then the page is read in that language. Arabic's and
// Korean's models are not bundled: the server fetches them from the npm registry on first use.
// Korean is held to its spaces too: Tesseract's layout leaves out most of such a page's lines
// and its TSV cuts words into syllables (pipeline.ts lost-lines, tsv.ts), on the device as on
// the server.
for (const { locale, code, name, spaced } of [
  { locale: 'ja', code: 'jpn', name: 'Japanese', spaced: false },
  { locale: 'ar', code: 'ara', name: 'Arabic', spaced: false },
  { locale: 'ko', code: 'kor', name: 'Korean', spaced: true },
]) {
  test(`the home page, in English, reads a page of ${name} sentences in ${name} with no language chosen`, async ({ page }) => {
    test.setTimeout(180_000);
    const sentences = catalogueSentences(locale, 4);
    expect(sentences).toHaveLength(4);
    await page.goto('/');
    await expect(page.getByTestId('ocr-language')).toHaveAttribute('data-value', 'auto');
    await page.getByTestId('file-input').setInputFiles({ name: `${locale}.png`, mimeType: 'image/png', buffer: sentencePage(sentences) });
    await expect(page.getByTestId('result-text')).toBeVisible({ timeout: 150_000 });
    await expect(page.getByTestId('read-as-languages')).toHaveAttribute('data-codes', new RegExp(`^${code}`));
    const text = await page.getByTestId('result-text').inputValue();
    const bare = (value: string) => value.replace(/\s+/gu, '');
    // Clean print: a few characters in a hundred at most (the CLI told the language reads these at 0-2%).
    expect(characterErrorRate(bare(text), bare(sentences.join('')))).toBeLessThan(0.1);
    if (spaced) expect(characterErrorRate(text.split(/\n+/u).join(' '), sentences.join(' '))).toBeLessThan(0.05);
  });
}
