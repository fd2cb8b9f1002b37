import mammoth from 'mammoth';
import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

test('a visitor converts a paper to Word: headings, paragraphs and the download', async ({ page }) => {
  await page.goto('/pdf-to-word');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDF to Word Converter');
  await page.getByTestId('file-input').setInputFiles({ name: 'tracemonkey.pdf', mimeType: 'application/pdf', buffer: corpusFile('pdf/tracemonkey.pdf') });
  await expect(page.getByText('Conversion completed!')).toBeVisible();
  await expect(page.getByText('Success!')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Word File' }).click()]);
  expect(download.suggestedFilename()).toBe('tracemonkey.docx');
  const { value: html } = await mammoth.convertToHtml({ path: await download.path() });
  expect(html).toContain('<h1>Trace-based Just-in-Time Type Specialization for Dynamic Languages</h1>');
  expect(html).toContain('<h3>1. Introduction</h3>');
  // The bar chart of figure 10 (drawn as images) is kept as a picture, before its caption.
  await expect(page.getByText('14 pages, 201 paragraphs, 10 tables, 9 pictures')).toBeVisible();
  const chart = [...html.matchAll(/<img src="data:image\/png;base64,([^"]+)"/g)]
    .map((match) => Buffer.from(match[1]!, 'base64'))
    .find((png) => png.readUInt32BE(16) > 800);
  expect(chart, 'a picture over 800 px wide').toBeDefined();
  expect(html.indexOf(`base64,${chart!.toString('base64')}`)).toBeLessThan(html.indexOf('Figure 10. Speedup vs. a baseline JavaScript interpreter'));
});

test('a table PDF gives a Word table', async ({ page }) => {
  await page.goto('/pdf-to-word');
  await page.getByTestId('file-input').setInputFiles({ name: 'AnimalSounds.pdf', mimeType: 'application/pdf', buffer: corpusFile('tables/AnimalSounds.pdf') });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Word File' }).click()]);
  const { value: html } = await mammoth.convertToHtml({ path: await download.path() });
  expect(html).toMatch(/<table><tr><td><p>Animal<\/p><\/td><td><p>Action<\/p><\/td><td><p>Result<\/p><\/td><\/tr>/);
});

test('a file that is not a PDF gets the spec toast', async ({ page }) => {
  await page.goto('/pdf-to-word');
  await page.getByTestId('file-input').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: corpusFile('ocr/linn.png') });
  await expect(page.getByText('Invalid file type')).toBeVisible();
  await expect(page.getByText('Please upload a PDF file')).toBeVisible();
});
