import { readFile } from 'node:fs/promises';
import { characterErrorRate } from '../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../test-support/corpus.ts';
import { dropFile, expect, test } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a visitor drops a scanned page and gets its text, copies it and downloads it', async ({ page }) => {
  const engineRequests: string[] = [];
  page.on('request', (request) => {
    if (/tesseract|conversion-worker|traineddata|\.wasm/.test(request.url())) engineRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Image to Text Converter' })).toBeVisible();
  await expect(page.getByText('Upload an image to see extracted text here')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(engineRequests, 'the home page loads no OCR code until the visitor moves to choose an image').toEqual([]);

  const started = Date.now();
  await dropFile(page, '[data-testid=drop-zone]', corpusFile('ocr/pytesseract-test.jpg'), 'Überweisung 2026.jpg', 'image/jpeg');

  // The zone shows the file (name, size in MB to two decimals) and the busy browse button.
  const selected = page.getByTestId('selected-file');
  await expect(selected).toContainText('Überweisung 2026.jpg');
  await expect(selected).toContainText('0.07 MB');
  await expect(page.getByRole('button', { name: 'Processing image...' })).toBeDisabled();
  await expect(page.getByRole('progressbar')).toBeVisible();

  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  const elapsed = Date.now() - started;
  const text = await result.inputValue();
  const cer = characterErrorRate(text, corpusExpected('ocr/pytesseract-test.jpg'));
  test.info().annotations.push({ type: 'figure', description: `choose-to-text ${elapsed} ms, CER ${(cer * 100).toFixed(2)}%` });
  expect(cer).toBeLessThanOrEqual(0.02);
  await expect(page.getByText('Text extracted successfully!')).toBeVisible();
  expect(engineRequests.some((url) => url.endsWith('eng.traineddata.gz'))).toBe(true);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Text copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  // Named after the visitor's file, accents kept.
  expect(download.suggestedFilename()).toBe('Überweisung 2026_extracted.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe(text);

  // 'Extract Text' again on the same file gives the same text (the reading kept on the device).
  const extracted = page.getByText('Text extracted successfully!');
  await expect(extracted).toHaveCount(0);
  await page.getByRole('button', { name: 'Extract Text' }).click();
  await expect(extracted).toBeVisible();
  await expect(result).toHaveValue(text);
});

test('a TIFF chosen with the file picker is read too', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({
    name: 'eurotext.tif',
    mimeType: 'image/tiff',
    buffer: corpusFile('ocr/eurotext.tif'),
  });
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  expect(characterErrorRate(await result.inputValue(), corpusExpected('ocr/eurotext.tif'))).toBeLessThanOrEqual(0.03);
});

test('an image pasted with Ctrl+V is read', async ({ page }) => {
  await page.goto('/');
  const bytes = corpusFile('ocr/uw3-line-010004.png');
  await page.evaluate((base64) => {
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], 'pasted.png', { type: 'image/png' }));
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer }));
  }, bytes.toString('base64'));
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  expect(characterErrorRate(await result.inputValue(), corpusExpected('ocr/uw3-line-010004.png'))).toBeLessThanOrEqual(0.01);
});

test('several images at once: each gets its own result, and "Download all" is a .zip of them, each named after its image', async ({ page }) => {
  const { unzipSync } = await import('fflate');
  await page.goto('/');
  const files = ['uw3-line-010001.png', 'uw3-line-010004.png', 'pytesseract-test.jpg'];
  await page
    .getByTestId('file-input')
    .setInputFiles(files.map((name) => ({ name, mimeType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png', buffer: corpusFile(`ocr/${name}`) })));
  const list = page.getByTestId('batch-list');
  await expect(list.getByTestId('batch-status')).toHaveText(['Done', 'Done', 'Done'], { timeout: 60_000 });
  await list.getByRole('button', { name: /pytesseract-test\.jpg/ }).click();
  expect(characterErrorRate(await page.getByTestId('result-text').inputValue(), corpusExpected('ocr/pytesseract-test.jpg'))).toBeLessThanOrEqual(0.02);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-all').click()]);
  expect(download.suggestedFilename()).toBe('uw3-line-010001_extracted (+2).zip');
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(entries).sort()).toEqual(['pytesseract-test_extracted.txt', 'uw3-line-010001_extracted.txt', 'uw3-line-010004_extracted.txt']);
  const line = new TextDecoder().decode(entries['uw3-line-010004_extracted.txt']);
  expect(characterErrorRate(line, corpusExpected('ocr/uw3-line-010004.png'))).toBeLessThanOrEqual(0.01);
});
