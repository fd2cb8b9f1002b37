import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { corpusFile } from '../test-support/corpus.ts';
import { chooseOcrLanguage, expect, test } from './fixtures.ts';

test('a visitor turns a photo of a page into a Word document and an RTF file', async ({ page }) => {
  await page.goto('/jpg-to-word');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('JPG to Word Converter');
  await page.getByTestId('file-input').setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: corpusFile('ocr/pytesseract-test.jpg') });
  await expect(page.getByTestId('image-preview')).toBeVisible();
  await expect(page.getByTestId('result-text')).toBeVisible();

  const [word] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-docx').click()]);
  expect(word.suggestedFilename()).toBe('page.docx');
  const { value } = await mammoth.extractRawText({ path: await word.path() });
  const paragraphs = value.split('\n').filter(Boolean);
  expect(paragraphs).toHaveLength(2);
  expect(paragraphs[1]).toMatch(/^The quick brown dog jumped over the lazy fox\./);

  const [rtf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-rtf').click()]);
  expect(rtf.suggestedFilename()).toBe('page.rtf');
  const rtfText = await readFile(await rtf.path(), 'utf8');
  expect(rtfText).toMatch(/^\{\\rtf1/);
  expect(rtfText).toContain('The quick brown dog jumped over the lazy fox.');
});

test('a file that is not an image gets the spec message', async ({ page }) => {
  await page.goto('/jpg-to-word');
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text') });
  await expect(page.getByTestId('upload-notice')).toHaveText('Please select a valid image file (JPG, PNG, etc.).');
});

test('the OCR language is found by itself by default, on every interface language, and can be chosen', async ({ page }) => {
  await page.goto('/de');
  await expect(page.getByTestId('ocr-language')).toHaveAttribute('data-value', 'auto');
  await page.goto('/');
  await expect(page.getByTestId('ocr-language')).toHaveAttribute('data-value', 'auto');
  await chooseOcrLanguage(page, 'rus');
  await expect(page.getByTestId('ocr-language')).toHaveValue('Russian');
});
