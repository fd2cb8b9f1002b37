import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

const pdfText = (path: string, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
const pageCount = (path: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
const qpdfCheck = (path: string) => execFileSync('qpdf', ['--check', path], { encoding: 'utf8' });
const pdf = (file: string) => ({ name: file.split('/').pop()!, mimeType: 'application/pdf', buffer: corpusFile(file) });

test('Merge PDF: files add up in one list, reorder by keyboard, and merge in that order', async ({ page }) => {
  await page.goto('/merge-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merge PDF Files');
  const merge = page.getByTestId('convert');
  await expect(merge).toBeDisabled();
  await expect(page.getByText('Upload at least 2 PDF files to start merging')).toBeVisible();

  await page.getByTestId('file-input').setInputFiles(pdf('pdf/tracemonkey.pdf'));
  await expect(page.getByTestId('page-count')).toHaveText('Pages: 14');
  await expect(merge).toBeDisabled();
  // A second choice adds to the list rather than replacing it.
  await page.getByTestId('file-input').setInputFiles(pdf('tables/AnimalSounds.pdf'));
  await expect(page.getByTestId('page-count')).toHaveCount(2);
  await expect(page.getByTestId('merge-hint')).toHaveCount(0);

  // The animal table first: moved up with its arrow button, by keyboard.
  await page.getByRole('button', { name: 'Move AnimalSounds.pdf up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('file-name')).toHaveText(['AnimalSounds.pdf', 'tracemonkey.pdf']);

  await merge.click();
  await expect(page.getByText('PDFs merged!')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Merged PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('AnimalSounds_merged.pdf');
  const path = await download.path();
  qpdfCheck(path);
  expect(pageCount(path)).toBe(15);
  expect(pdfText(path, 1)).toContain('Animal');
  expect(pdfText(path, 2)).toContain('Trace-based Just-in-Time Type Specialization');
});

test("Merge PDF asks for a locked file's password in its row", async ({ page }) => {
  await page.goto('/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([pdf('pdf/libreoffice-writer-password.pdf'), pdf('tables/AnimalSounds.pdf')]);
  await expect(page.getByText('Password needed')).toBeVisible();
  await expect(page.getByTestId('convert')).toBeDisabled();
  await page.getByLabel('Password for libreoffice-writer-password.pdf').fill('wrong');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'password is not right' })).toBeVisible();
  await page.getByLabel('Password for libreoffice-writer-password.pdf').fill('openpassword');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('page-count')).toHaveCount(2);
  await page.getByTestId('convert').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Merged PDF' }).click()]);
  const path = await download.path();
  qpdfCheck(path);
  expect(pdfText(path, 1).trim().length).toBeGreaterThan(10);
});

test('Text to PDF: typed Polish, Turkish and Russian come back out of the PDF exactly', async ({ page }) => {
  await page.goto('/text-to-pdf');
  const convert = page.getByTestId('convert');
  await expect(convert).toBeDisabled();
  await page.getByTestId('text-input').fill('   ');
  await expect(convert).toBeDisabled();
  const text = 'Zażółć gęślą jaźń.\nŞişli’de ığdır, İstanbul çöğüş.\nСъешь же ещё этих мягких французских булок.';
  await page.getByTestId('text-input').fill(text);
  await expect(page.getByTestId('character-count')).toHaveText(`${text.length} characters`);
  await convert.click();
  await expect(page.getByText('PDF created!')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('Zażółć gęślą jaźń.pdf');
  const path = await download.path();
  qpdfCheck(path);
  const lines = pdfText(path)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of text.split('\n')) expect(lines).toContain(line);
});

test('Text to PDF says when Chinese text cannot be drawn', async ({ page }) => {
  await page.goto('/text-to-pdf');
  await page.getByTestId('text-input').fill('Hello 你好');
  await expect(page.getByTestId('script-note')).toBeVisible();
});

test('Image to PDF: two images in the chosen order, on A4 pages', async ({ page }) => {
  await page.goto('/image-to-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image to PDF Converter');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'linn.png', mimeType: 'image/png', buffer: corpusFile('ocr/linn.png') },
    { name: 'test.jpg', mimeType: 'image/jpeg', buffer: corpusFile('ocr/pytesseract-test.jpg') },
  ]);
  await expect(page.getByTestId('file-name')).toHaveText(['linn.png', 'test.jpg']);
  await page.getByRole('button', { name: 'Move test.jpg up' }).click();
  await page.getByTestId('convert').click();
  await expect(page.getByText('PDF created!')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  const path = await download.path();
  qpdfCheck(path);
  expect(pageCount(path)).toBe(2);
  // A4, turned to landscape for the landscape photo that now comes first.
  expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
  // The JPEG went in as it was (DCT), first.
  const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  expect(images[0]).toMatch(/^\s*1\s+\d+\s+image\s+\d+\s+\d+\s+\w+\s+\d+\s+\d+\s+jpeg/);
});

test('PDF to JPG: every page as a JPEG at the chosen resolution, all in one .zip', async ({ page }) => {
  await page.goto('/pdf-to-jpg');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDF to JPG Converter');
  await page.getByTestId('dpi').selectOption('72');
  await page.getByTestId('file-input').setInputFiles(pdf('pdf/tracemonkey.pdf'));
  await expect(page.getByText('Conversion completed!')).toBeVisible();
  await expect(page.getByTestId('page-thumbnails').getByRole('img')).toHaveCount(14);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-all').click()]);
  expect(download.suggestedFilename()).toBe('tracemonkey_pages.zip');
  const entries = unzipSync(readFileSync(await download.path()));
  const names = Object.keys(entries);
  expect(names).toContain('tracemonkey_page_1.jpg');
  expect(names).toContain('tracemonkey_page_14.jpg');
  expect(names).toContain('tracemonkey_extracted_text.txt');
  // US Letter at 72 dpi.
  const meta = await sharp(entries['tracemonkey_page_1.jpg']!).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 612, 792]);
  expect(new TextDecoder().decode(entries['tracemonkey_extracted_text.txt']!)).toContain('Trace-based Just-in-Time');
});
