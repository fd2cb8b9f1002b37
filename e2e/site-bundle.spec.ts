import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusFile } from '../test-support/corpus.ts';
import { chooseOcrLanguage, expect, test } from './fixtures.ts';

const assets = fileURLToPath(new URL('../packages/web/dist/assets/', import.meta.url));
/** Its files under /engines/, and the runtime's own script among the assets (ort.wasm.min-….js). */
const secondRecogniser = /onnxruntime|ppocr|ort-wasm|\.onnx|\/ort\.[^/]*\.m?js/i;

// The second recogniser (onnxruntime-web's 14 MB .wasm, 16 MB of models) is served once,
// under /engines/, and fetched by the worker when a page needs it. Its default build names
// its .wasm to the bundler, which would copy it among the hashed assets as well.
test('the built assets carry no copy of onnxruntime’s WASM', () => {
  const files = readdirSync(assets);
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((file) => file.endsWith('.wasm') || /onnx/i.test(file))).toEqual([]);
});

test('the home page’s first load fetches nothing of the second recogniser', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requested.length).toBeGreaterThan(3);
  expect(requested.filter((url) => secondRecogniser.test(url))).toEqual([]);
});

// Tesseract's WASM core and language data load while the visitor chooses a file (the mouse
// over the drop zone, a tap or the keyboard in it), in the language chosen then; a visitor who
// only reads the page fetches none of it.
test('the OCR engine loads when the visitor moves to choose a file, not before, in the language chosen then', async ({ page }) => {
  const engines: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/engines/')) engines.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(engines).toEqual([]);

  // The pointer crosses the zone on its way to the language menu below it: English loads.
  // The core and the model are fetched side by side, in either order: both are waited for.
  const english = page.waitForRequest((request) => request.url().endsWith('/lang/eng.traineddata.gz'));
  const core = page.waitForRequest((request) => /\/tesseract-core[^/]*\.wasm$/.test(new URL(request.url()).pathname));
  await page.getByTestId('drop-zone').hover();
  await Promise.all([english, core]);
  expect(engines.some((file) => /^tesseract-core.*\.wasm$/.test(file))).toBe(true);

  // French chosen, and back to the zone: French loads before any file is chosen.
  await page.getByTestId('ocr-language').hover();
  await chooseOcrLanguage(page, 'fra');
  const french = page.waitForRequest((request) => request.url().endsWith('/lang/fra.traineddata.gz'));
  await page.getByTestId('drop-zone').hover();
  await french;
  expect(engines.filter((file) => secondRecogniser.test(file))).toEqual([]);

  // A file chosen then is read in French by the engine already loaded.
  await page.getByTestId('file-input').setInputFiles({ name: 'ligne.png', mimeType: 'image/png', buffer: corpusFile('ocr/pytesseract-test.jpg') });
  await expect(page.getByTestId('result-text')).toBeVisible();
  // The reading's dictionary is the word list inside the French model, read again from the
  // HTTP cache: the same file, no other language.
  expect([...new Set(engines.filter((file) => file.endsWith('.traineddata.gz')))]).toEqual(['eng.traineddata.gz', 'fra.traineddata.gz']);
});
