import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { characterErrorRate } from '../test-support/cer.ts';
import { corpusFile } from '../test-support/corpus.ts';
import { chooseOcrLanguage, expect, test } from './fixtures.ts';

/** The text the API reads out of a corpus image. */
async function readByApi(request: APIRequestContext, bytes: Buffer, language: string): Promise<string> {
  const api = await request.post('/api/v1/convert/image-to-text', {
    multipart: { file: { name: 'image.jpg', mimeType: 'image/jpeg', buffer: bytes }, language },
  });
  expect(api.status()).toBe(200);
  return api.text();
}

/** The same image dropped on the hero, its language chosen first. */
async function dropOnHero(page: Page, bytes: Buffer, language: string): Promise<void> {
  await page.goto('/');
  await chooseOcrLanguage(page, language);
  await page.getByTestId('file-input').setInputFiles({ name: 'image.jpg', mimeType: 'image/jpeg', buffer: bytes });
}

/** The hero's text once the reading is done. */
async function heroText(page: Page, timeout: number): Promise<string> {
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible({ timeout });
  return result.inputValue();
}

// The same pipeline in the browser (tesseract.js, one core) as on the server (native
// tesseract): a real 12 MP phone photo, sideways and at a slant, reads the same in both.
test('a real phone photo through the hero gives the same text as the API', async ({ page, request }) => {
  test.setTimeout(120_000);
  const bytes = Buffer.from(corpusFile('ocr-photos/photo-fr-cod-1.jpg'));
  const apiText = await readByApi(request, bytes, 'fra');
  expect(apiText).toContain('La fille offre un beau et grand cadeau.');

  await dropOnHero(page, bytes, 'fra');
  // Chromium's JPEG decoder and libjpeg-turbo differ in the last bit of some pixels, so a
  // stray mark at the photo's edge may read differently; the page's text does not.
  const browserText = await heroText(page, 100_000);
  expect(browserText).toContain('La fille offre un beau et grand cadeau.');
  expect(characterErrorRate(browserText, apiText)).toBeLessThanOrEqual(0.01);
});

// Word's bullets and a sans-serif "Il" are what Tesseract's French misreads ("*", ">", "||",
// and in the browser's tesseract.js "\\" on présent-1): the doubtful words are read again with
// letters only, in the browser as on the server. (présent-2's bullets are the 45° test's.)
test('bullets and "Il" of photo-fr-present-1.jpg read the same in the browser as through the API', async ({ page, request }) => {
  test.setTimeout(150_000);
  const bytes = Buffer.from(corpusFile('ocr-photos/photo-fr-present-1.jpg'));
  const apiText = await readByApi(request, bytes, 'fra');
  const expected = ['❖ Exprimer une vérité générale:', '➢ Ex: Le chauffeur démarre la voiture.', 'Attention: Il existe des verbes'];
  for (const line of expected) expect(apiText).toContain(line);

  await dropOnHero(page, bytes, 'fra');
  const browserText = await heroText(page, 130_000);
  for (const line of expected) expect(browserText).toContain(line);
  expect(characterErrorRate(browserText, apiText)).toBeLessThanOrEqual(0.01);
});

// A phone held diagonally over the page: the lines' direction is found over the half circle,
// in the browser as on the server.
test('a real photo turned 45° with no EXIF tag reads in the browser as through the API', async ({ page, request }) => {
  test.setTimeout(180_000);
  const upright = await sharp(corpusFile('ocr-photos/photo-fr-present-2.jpg')).rotate().toBuffer();
  const bytes = await sharp(upright).rotate(45, { background: '#808080' }).jpeg({ quality: 90 }).toBuffer();
  const apiText = await readByApi(request, bytes, 'fra');
  const lines = ['❖ Exprimer une vérité générale:', '➢ Ex: Le chauffeur démarre la voiture.', 'Vous 	parlez 	finissez 	prenez', 'Nous sommes'];
  for (const line of lines) expect(apiText).toContain(line);

  await dropOnHero(page, bytes, 'fra');
  const browserText = await heroText(page, 160_000);
  for (const line of lines) expect(browserText).toContain(line);
  // tesseract.js reads présent-2's turned "Il" as "||" and a few marks at line ends where the
  // native engine does not: 1.4% apart when measured.
  expect(characterErrorRate(browserText, apiText)).toBeLessThanOrEqual(0.025);
});

// An English receipt is read by Tesseract and, where it is unsure, by the second recogniser,
// which the worker fetches then (about 18 MB), saying so on the page.
test('a real receipt through the hero loads the second recogniser and gives the same text as the API', async ({ page, request }) => {
  test.setTimeout(120_000);
  const bytes = Buffer.from(corpusFile('ocr-receipts/receipt-01.jpg'));
  const apiText = await readByApi(request, bytes, 'eng');
  expect(apiText).toContain('Total Saving 0.00 Total 81.00');

  const models = page.waitForResponse((response) => response.url().endsWith('/rec.onnx'));
  await dropOnHero(page, bytes, 'eng');
  await expect(page.getByText(/Loading a second text recogniser… \d+%/)).toBeVisible({ timeout: 60_000 });
  expect((await models).status()).toBe(200);
  const browserText = await heroText(page, 100_000);
  expect(browserText).toContain('Total Saving 0.00 Total 81.00');
  // tesseract.js and native tesseract differ on a character or two of this faded print.
  expect(characterErrorRate(browserText, apiText)).toBeLessThanOrEqual(0.01);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the hero and JPG to Word offer the camera beside browsing', async ({ page }) => {
    for (const path of ['/', '/jpg-to-word']) {
      await page.goto(path);
      await expect(page.getByTestId('take-photo')).toBeVisible();
      await expect(page.getByTestId('camera-input')).toHaveAttribute('capture', 'environment');
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('take-photo').click();
      await (await chooser).setFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: corpusFile('ocr/pytesseract-test.jpg') });
      await expect(page.getByTestId('selected-file')).toContainText('page.jpg');
    }
  });
});

test('a desktop, without a camera to point, is not offered one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('take-photo')).toBeHidden();
});
