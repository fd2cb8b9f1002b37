import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const assets = fileURLToPath(new URL('../packages/web/dist/assets/', import.meta.url));

// The server's second recogniser runs on onnxruntime-web; a value import of
// core's ocr/lines/line-model.ts from shared code would put its 14-28 MB .wasm into the site.
test('the built site carries no onnxruntime files', () => {
  const files = readdirSync(assets);
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((file) => /^ort[.-]|onnx/i.test(file))).toEqual([]);
});
