import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { characterErrorRate, wordF1 } from '../test-support/cer.ts';
import { corpusDir, corpusExpected, corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const choose = (page: import('@playwright/test').Page, file: string, name = file.split('/').pop()!) =>
  page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: corpusFile(file) });

test('a visitor extracts the text of a 14-page paper, page by page, and downloads it', async ({ page }) => {
  await page.goto('/pdf-to-text');
  await expect(page).toHaveTitle(/PDF to Text/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDF to Text Converter');
  await expect(page.getByRole('heading', { name: 'All Conversion Tools' })).toBeVisible();
  // Every status the line shows, kept as it changes: a fast machine reads 14 pages in less than
  // a polling interval.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { statuses: string[] }).statuses = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="status-text"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await choose(page, 'pdf/tracemonkey.pdf');
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('status-text')).toHaveText('Text extraction completed!');
  const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
  expect(
    statuses.some((status) => /^Processing page \d+ of 14\.\.\.$/.test(status)),
    statuses.join(' | '),
  ).toBe(true);
  const text = await result.inputValue();
  const reference = execFileSync('pdftotext', [`${corpusDir}/pdf/tracemonkey.pdf`, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  expect(wordF1(text, reference)).toBeGreaterThanOrEqual(0.97);

  await page.getByRole('button', { name: 'Copy Text' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('tracemonkey_extracted.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe(text);
});

test('a protected PDF asks for its password, refuses a wrong one, opens with the right one', async ({ page }) => {
  await page.goto('/pdf-to-text');
  await choose(page, 'pdf/issue6010_1.pdf');
  await expect(page.getByTestId('password-form')).toBeVisible();
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  await expect(page.getByText('That password is not right. Please try again.')).toBeVisible();
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  await expect(page.getByTestId('result-text')).toHaveValue('Issue 6010');
});

test('a locked PDF in a batch is opened while the next file, a scan, is read with OCR on the device, and the batch goes on to its end', async ({ page }) => {
  await page.goto('/pdf-to-text');
  await page.getByTestId('file-input').setInputFiles(
    ['pdf/issue6010_1.pdf', 'pdf/linn-scanned-2col.pdf', 'pdf/tracemonkey.pdf'].map((file) => ({
      name: file.split('/').pop()!,
      mimeType: 'application/pdf',
      buffer: corpusFile(file),
    })),
  );
  await expect(page.getByTestId('password-form')).toBeVisible();
  // The scanned PDF is being read (OCR takes seconds) when the password is given.
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  await expect(page.getByTestId('result-text')).toHaveValue('Issue 6010');
  await expect(page.getByTestId('batch-status')).toHaveText(['Done', 'Done', 'Done'], { timeout: 90_000 });
  // The scan, read with OCR on the device.
  await page
    .getByTestId('batch-list')
    .getByRole('button', { name: /linn-scanned-2col\.pdf/ })
    .click();
  expect(characterErrorRate(await page.getByTestId('result-text').inputValue(), corpusExpected('pdf/linn-scanned-2col.pdf'))).toBeLessThanOrEqual(0.05);
});

test('a damaged PDF gets the error with its tips; a non-PDF is refused', async ({ page }) => {
  await page.goto('/pdf-to-text');
  await choose(page, 'pdf/poppler-395-0-fuzzed.pdf');
  await expect(page.getByTestId('result-error')).toContainText('Error processing the PDF file: The file is damaged or is not a real PDF.');
  await expect(page.getByTestId('result-error')).toContainText('Try a smaller file.');
  await expect(page.getByText('Conversion failed. Try another file.')).toBeVisible();
  await expect(page.getByTestId('status-text')).toHaveText('Error occurred during processing');
  await page.getByTestId('file-input').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: corpusFile('ocr/linn.png') });
  const notice = page.getByTestId('upload-notice');
  await expect(notice.locator('p').first()).toHaveText('Please select a valid PDF file.');
  // A picture is what the home page's OCR reads: the notice says so, with a link.
  await expect(notice.getByRole('link', { name: 'Image to Text' })).toHaveAttribute('href', '/');
});
