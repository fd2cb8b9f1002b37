import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import sharp from 'sharp';
import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

const docx = (file: string) => ({
  name: file.split('/').pop()!,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: corpusFile(file),
});

test('Text to Word: counts as you type, and the .docx reads back as the text, in several scripts', async ({ page }) => {
  await page.goto('/text-to-word');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text to Word Converter');
  const convert = page.getByTestId('convert');
  await expect(convert).toBeDisabled();
  await page.getByTestId('text-input').fill(' \n ');
  await expect(convert).toBeDisabled();
  const paragraphs = ['Zażółć gęślą jaźń, İstanbul.', 'Съешь же ещё этих булок.', '東京は日本の首都です。', 'مرحبا بالعالم'];
  const text = paragraphs.join('\n\n');
  await page.getByTestId('text-input').fill(text);
  await expect(page.getByTestId('character-count')).toHaveText(`${text.length} characters · 12 words`);
  await convert.click();
  await expect(page.getByText('Word document created!')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Word File' }).click()]);
  expect(download.suggestedFilename()).toBe('Zażółć gęślą jaźń, İstanbul.docx');
  const { value } = await mammoth.extractRawText({ path: await download.path() });
  expect(
    value
      .split('\n\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ).toEqual(paragraphs);
});

test('Word to PDF: the page says the file goes to our server, the PDF holds the document, a damaged one gets its message', async ({ page }) => {
  await page.goto('/word-to-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word to PDF Converter');
  await expect(page.getByTestId('runs-on')).toContainText('uploads your file to our server');
  await expect(page.getByTestId('engine-unavailable')).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles(docx('word/poi-SampleDoc.docx'));
  await expect(page.getByText('Conversion completed!')).toBeVisible();
  await expect(page.getByTestId('output-name')).toHaveText('poi-SampleDoc.pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  const path = await download.path();
  execFileSync('qpdf', ['--check', path]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  // The body lines of POI's own text of the document (after its metadata).
  for (const line of ['I am a test document', 'This is page 1', 'I am Calibri (Body) in font size 11', 'This is page two', 'It’s Arial Black in 16 point']) {
    expect(text).toContain(line);
  }
  // People Also Ask: one answer open at a time, each true of this site.
  const faq = page.getByTestId('faq');
  await expect(faq.getByRole('heading', { name: 'People Also Ask' })).toBeVisible();
  await faq.locator('summary', { hasText: 'Is Word to PDF free?' }).click();
  await expect(faq.getByText(/no count of conversions/)).toBeVisible();
  await faq.locator('summary', { hasText: 'Which files can I convert?' }).click();
  await expect(faq.getByText(/no count of conversions/)).toBeHidden();
  await expect(faq.getByText(/DOC \(Word 97–2003\) and DOCX/)).toBeVisible();

  // A damaged document next: its message in place, refused before LibreOffice is started.
  await page.getByTestId('file-input').setInputFiles(docx('word/poi-truncated62886.docx'));
  await expect(page.getByText('This file is damaged or incomplete and cannot be read.').first()).toBeVisible();
});

test('Word to JPG: laid out on our server, each page drawn here, all in one .zip', async ({ page }) => {
  await page.goto('/word-to-jpg');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word to JPG Converter');
  await expect(page.getByTestId('runs-on')).toContainText('uploads your file to our server');
  await page.getByTestId('dpi').selectOption('72');
  await page.getByTestId('file-input').setInputFiles(docx('word/poi-SampleDoc.docx'));
  await expect(page.getByTestId('page-thumbnails').getByRole('img')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-all').click()]);
  expect(download.suggestedFilename()).toBe('poi-SampleDoc_pages.zip');
  const entries = unzipSync(readFileSync(await download.path()));
  expect(Object.keys(entries).sort()).toEqual(['poi-SampleDoc_page_1.jpg', 'poi-SampleDoc_page_2.jpg']);
  // A4 at 72 dpi, as the document sets its page, with ink on it.
  const image = sharp(entries['poi-SampleDoc_page_1.jpg']!);
  const meta = await image.metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 596, 842]);
  expect((await image.stats()).channels[0]!.min).toBeLessThan(100);
});
