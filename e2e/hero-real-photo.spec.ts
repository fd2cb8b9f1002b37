import { characterErrorRate } from '../test-support/cer.ts';
import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

const PHOTO = 'ocr-photos/photo-fr-cod-1.jpg';

// The same pipeline in the browser (tesseract.js, one core) as on the server (native
// tesseract): a real 12 MP phone photo, sideways and at a slant, reads the same in both.
test('a real phone photo through the hero gives the same text as the API', async ({ page, request }) => {
  test.setTimeout(120_000);
  const bytes = corpusFile(PHOTO);
  const api = await request.post('/api/v1/convert/image-to-text', { multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(bytes) }, language: 'fra' } });
  expect(api.status()).toBe(200);
  const apiText = await api.text();
  expect(apiText).toContain('La fille offre un beau et grand cadeau.');

  await page.goto('/');
  await page.getByTestId('ocr-language').selectOption('fra');
  await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(bytes) });
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible({ timeout: 100_000 });
  // Chromium's JPEG decoder and libjpeg-turbo differ in the last bit of some pixels, so a
  // stray mark at the photo's edge may read differently; the page's text does not.
  const browserText = await result.inputValue();
  expect(browserText).toContain('La fille offre un beau et grand cadeau.');
  expect(characterErrorRate(browserText, apiText)).toBeLessThanOrEqual(0.01);
});

// Word's bullets and a sans-serif "Il" are what Tesseract's French misreads ("*", ">", "||"):
// the browser's tesseract.js reads the doubtful words again with letters only, as the server does.
test('bullets and "Il" of a real photo read the same in the browser as through the API', async ({ page, request }) => {
  test.setTimeout(150_000);
  const bytes = Buffer.from(corpusFile('ocr-photos/photo-fr-present-2.jpg'));
  const api = await request.post('/api/v1/convert/image-to-text', { multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: bytes }, language: 'fra' } });
  expect(api.status()).toBe(200);
  const apiText = await api.text();
  const expected = ['❖ Exprimer une vérité générale:', '➢ Ex: Le ciel est bleu.', 'Attention: Il existe des verbes'];
  for (const line of expected) expect(apiText).toContain(line);

  await page.goto('/');
  await page.getByTestId('ocr-language').selectOption('fra');
  await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: bytes });
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible({ timeout: 130_000 });
  const browserText = await result.inputValue();
  for (const line of expected) expect(browserText).toContain(line);
  expect(characterErrorRate(browserText, apiText)).toBeLessThanOrEqual(0.01);
});

// An English receipt is read by Tesseract and, where it is unsure, by the second recogniser,
// which the worker fetches then (about 18 MB), saying so on the page.
test('a real receipt through the hero loads the second recogniser and gives the same text as the API', async ({ page, request }) => {
  test.setTimeout(120_000);
  const bytes = Buffer.from(corpusFile('ocr-receipts/receipt-01.jpg'));
  const api = await request.post('/api/v1/convert/image-to-text', { multipart: { file: { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: bytes }, language: 'eng' } });
  expect(api.status()).toBe(200);
  const apiText = await api.text();
  expect(apiText).toContain('Total Saving 0.00 Total 81.00');

  await page.goto('/');
  await page.getByTestId('ocr-language').selectOption('eng');
  const models = page.waitForResponse((response) => response.url().endsWith('/rec.onnx'));
  await page.getByTestId('file-input').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: bytes });
  await expect(page.getByText(/Loading a second text recogniser… \d+%/)).toBeVisible({ timeout: 60_000 });
  expect((await models).status()).toBe(200);
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible({ timeout: 100_000 });
  const browserText = await result.inputValue();
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
