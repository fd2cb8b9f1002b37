import { blankPng, truncated } from '../test-support/images.ts';
import { corpusFile } from '../test-support/corpus.ts';
import { dropFile, expect, test } from './fixtures.ts';

const zone = '[data-testid=drop-zone]';

async function expectResponsive(page: import('@playwright/test').Page) {
  // The tab still answers at once and the visitor can choose another file.
  const started = Date.now();
  await page.evaluate(() => 1);
  expect(Date.now() - started).toBeLessThan(1000);
  await expect(page.getByRole('button', { name: 'Browse Files' })).toBeEnabled();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('a file that is not an image is refused with one line saying why', async ({ page }) => {
  await dropFile(page, zone, new TextEncoder().encode('Quarterly report\nrevenue 12'), 'report.png', 'image/png');
  await expect(page.getByTestId('upload-notice')).toHaveText(
    'report.png is neither an image nor a PDF. Choose a photo or scan (JPG, PNG, HEIC, WebP, AVIF, GIF, BMP, TIFF) or a PDF.',
  );
  await expect(page.getByText('Upload an image to see extracted text here')).toBeVisible();
  await expectResponsive(page);
});

test('an empty file is refused', async ({ page }) => {
  await dropFile(page, zone, new Uint8Array(), 'empty.png', 'image/png');
  await expect(page.getByTestId('upload-notice')).toHaveText('This file is empty.');
  await expectResponsive(page);
});

test('a PNG cut short gets a clear error and a toast', async ({ page }) => {
  await dropFile(page, zone, truncated(corpusFile('ocr/linn.png')), 'cut.png', 'image/png');
  await expect(page.getByTestId('result-error')).toHaveText('This image is damaged or incomplete and cannot be read.');
  await expect(page.getByText('Extraction failed')).toBeVisible();
  await expect(page.getByText('Could not extract text from the image.')).toBeVisible();
  await expectResponsive(page);
});

test('a 20000×20000 PNG is refused from its header, without freezing the tab', async ({ page }) => {
  await dropFile(page, zone, blankPng(20000, 20000), 'bomb.png', 'image/png');
  await expect(page.getByTestId('result-error')).toHaveText(
    'This picture is 20000×20000 pixels: opening it here would take 1526 MB of memory, more than the 256 MB limit. ' +
      'Save it as JPG or at a smaller size, then try again.',
  );
  await expectResponsive(page);
});

test('an image without text says so', async ({ page }) => {
  await dropFile(page, zone, blankPng(600, 400), 'blank.png', 'image/png');
  await expect(page.getByTestId('result-error')).toHaveText('No text found in the image.');
  await expectResponsive(page);
});
