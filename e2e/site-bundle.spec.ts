import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';

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
