import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { wordF1 } from '../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../test-support/corpus.ts';
import { scannedPage, scannedPdf } from '../test-support/scanned-pdf.ts';
import { expect, test } from './fixtures.ts';

/** pdf.js's own data for the 14 standard fonts, which the locked file's text is set in (pdf.js warns without it). */
const standardFontDataUrl = `${path.dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json')))}/standard_fonts/`;

/** Each page's text as pdf.js's text layer finds it (what a viewer's Ctrl+F searches), in node. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  // A copy: pdf.js takes the buffer it is given to its worker, leaving the caller's empty.
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false, standardFontDataUrl });
  const document = await task.promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return texts;
  } finally {
    await task.destroy();
  }
}

test('a visitor makes a scanned PDF searchable on the device, page by page, and finds its words in the download', async ({ page }) => {
  // One page of two paragraphs (12 lines), scanned at 300 dpi as a JPEG: a short read.
  const scan = scannedPage(2, { paragraphCount: 2 });
  const input = await scannedPdf([scan]);
  expect((await pageTexts(input)).join('').trim()).toBe('');

  await page.goto('/ocr-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OCR PDF – Make Scanned PDFs Searchable');
  await expect(page.getByTestId('runs-on').first()).toContainText('on your device');
  // The options of the registry, with the OCR language as the hero has it.
  await expect(page.getByTestId('rotate')).toHaveValue('off');
  await expect(page.getByTestId('redo')).toHaveValue('off');
  await expect(page.getByLabel('Language of the text')).toBeVisible();
  // Every progress line, kept as it changes.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { steps: string[] }).steps = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="progress-text"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // Nothing leaves the device: no request carries the file.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.getByTestId('file-input').setInputFiles({ name: 'Scan für Ana.pdf', mimeType: 'application/pdf', buffer: Buffer.from(input) });

  await expect(page.getByTestId('file-ready')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your PDF is searchable!' })).toBeVisible();
  await expect(page.getByTestId('result-summary')).toHaveText('Pages: 1 · read with OCR: 1 · already with text: 0');
  const steps = await page.evaluate(() => (window as unknown as { steps: string[] }).steps);
  expect(steps, steps.join(' | ')).toContain('Processing page 1 of 1...');
  expect(posts).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('Scan für Ana.pdf');
  const output = new Uint8Array(await readFile(await download.path()));
  const [text = ''] = await pageTexts(output);
  // A word of the known text is found, and the layer reads as the page does.
  const word = scan.text.split(/\s+/).find((candidate) => /^[a-z]{9,}$/.test(candidate))!;
  expect(text).toContain(word);
  expect(wordF1(text, scan.text)).toBeGreaterThanOrEqual(0.95);
  // The scan's picture is kept as it was: its JPEG's bytes are in the file as they came.
  expect(Buffer.from(output).includes(scan.jpeg)).toBe(true);
});

test('pictures chosen together become the pages of one searchable PDF', async ({ page }) => {
  await page.goto('/ocr-pdf');
  const lines = ['010001', '010004'];
  await page
    .getByTestId('file-input')
    .setInputFiles(lines.map((line) => ({ name: `line-${line}.png`, mimeType: 'image/png', buffer: corpusFile(`ocr/uw3-line-${line}.png`) })));
  await expect(page.getByTestId('selected-file')).toContainText('line-010001.png, line-010004.png');
  await expect(page.getByTestId('file-ready')).toBeVisible();
  await expect(page.getByTestId('batch-list')).toHaveCount(0);
  await expect(page.getByTestId('result-summary')).toHaveText('Pages: 2 · read with OCR: 2 · already with text: 0');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('line-010001.pdf');
  const texts = await pageTexts(new Uint8Array(await readFile(await download.path())));
  expect(texts).toHaveLength(2);
  for (const [index, line] of lines.entries()) {
    const expected = corpusExpected(`ocr/uw3-line-${line}.png`);
    expect(wordF1(texts[index]!, expected), texts[index]).toBeGreaterThanOrEqual(0.8);
  }
});

test('an encrypted PDF asks for its password on the page, refuses a wrong one, opens with the right one', async ({ page }) => {
  await page.goto('/ocr-pdf');
  await page.getByTestId('file-input').setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: corpusFile('pdf/issue6010_1.pdf') });
  await expect(page.getByTestId('password-form')).toBeVisible();
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  await expect(page.getByText('That password is not right. Please try again.')).toBeVisible();
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  // Its one line (fewer letters than a text layer counts for) is read; the file comes back open.
  await expect(page.getByTestId('result-summary')).toHaveText('Pages: 1 · read with OCR: 1 · already with text: 0');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(await pageTexts(new Uint8Array(await readFile(await download.path())))).toEqual([expect.stringContaining('6010')]);
});
