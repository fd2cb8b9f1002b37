import { readFileSync } from 'node:fs';
import { corpusFile } from '../test-support/corpus.ts';
import { blankPng, photoOfText } from '../test-support/images.ts';
import { dropFile, expect, test } from './fixtures.ts';
import { letterWords as words } from '../test-support/word-share.ts';

// Issue 33, "any photo a phone takes": a 48 MP JPEG and an iPhone's HEIC read on the home
// page, a PDF dropped there read as PDF to Text reads it, a Word file on an image tool sent
// to the tool that takes it, and a refusal that leaves the phone's layout whole.

const fixture = (name: string) => readFileSync(new URL(`../test-support/fixtures/${name}`, import.meta.url));
/** Words in order, letters only: what a reading must get right, whatever its line breaks. */
const PHOTO_LINES = ['Large photos from new phones', 'are scaled down before reading'];
const FIXTURE_TEXT = 'Photos from an iPhone are saved as HEIC files and read like any other';

test('a 48 MP phone photo is read on the home page', async ({ page }) => {
  const photo = await photoOfText(8000, 6000, PHOTO_LINES);
  await page.goto('/');
  await page.getByTestId('file-input').first().setInputFiles({ name: 'IMG_20250601_101010.jpg', mimeType: 'image/jpeg', buffer: photo });
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  expect(words(await result.inputValue())).toEqual(words(PHOTO_LINES.join(' ')));
  await expect(page.getByTestId('upload-notice')).toHaveCount(0);
});

test('an iPhone HEIC photo is read on the home page; its decoder is fetched only then', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/');
  expect(fetched.filter((path) => path.includes('libheif'))).toEqual([]);
  await page
    .getByTestId('file-input')
    .first()
    .setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: fixture('photo-text.heic') });
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  expect(words(await result.inputValue())).toEqual(words(FIXTURE_TEXT));
  expect(fetched.some((path) => /^\/engines\/libheif-[\d.]+\/libheif\.wasm$/.test(path))).toBe(true);
});

test('a PDF dropped on the home page is read as PDF to Text reads it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Drop your image or PDF here')).toBeVisible();
  await dropFile(page, '[data-testid=drop-zone]', corpusFile('pdf/tracemonkey.pdf'), 'tracemonkey.pdf', 'application/pdf');
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  const text = await result.inputValue();
  expect(text).toContain('Trace-based Just-in-Time Type Specialization');
  expect(text).toContain('Mozilla Corporation');
});

test('a Word document dropped on JPG to Word names Word to PDF and Word to JPG, with working links', async ({ page }) => {
  await page.goto('/jpg-to-word');
  await page
    .getByTestId('file-input')
    .first()
    .setInputFiles({
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: corpusFile('word/poi-SampleDoc.docx'),
    });
  const notice = page.getByTestId('upload-notice');
  await expect(notice).toContainText('Please select a valid image file (JPG, PNG, etc.).');
  await expect(notice).toContainText('You can convert it with Word to PDF or Word to JPG');
  await notice.getByRole('link', { name: 'Word to PDF' }).click();
  await expect(page).toHaveURL(/\/word-to-pdf$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Word');
});

test('a picture too large to open gets its own message, and the phone layout stays within the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // A long camera file name, the refusal's own words and the cards: nothing wider than the screen.
  await page
    .getByTestId('file-input')
    .first()
    .setInputFiles({ name: 'PXL_20250601_101010123_MP_PORTRAIT_ORIGINAL.png', mimeType: 'image/png', buffer: blankPng(20000, 20000) });
  await expect(page.getByTestId('result-error')).toHaveText(
    'This picture is 20000×20000 pixels: opening it here would take 1526 MB of memory, more than the 256 MB limit. ' +
      'Save it as JPG or at a smaller size, then try again.',
  );
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    widest: Math.max(...[...document.querySelectorAll('section[aria-labelledby=hero-title] .grid > *')].map((card) => card.getBoundingClientRect().right)),
  }));
  expect(overflow.page).toBeLessThanOrEqual(390);
  expect(overflow.widest).toBeLessThanOrEqual(390);
});
