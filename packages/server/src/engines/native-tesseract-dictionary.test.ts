import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { languageDataSource } from '@textlift/core';
import { afterAll, expect, test } from 'vitest';
import { createNativeTesseractEngine } from './native-tesseract.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'textlift-tessdata-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test("native tesseract's word lists come from the models in its --tessdata-dir, read once; a missing one gives undefined", async () => {
  const source = languageDataSource('eng');
  if (source.kind !== 'npm') throw new Error('from npm');
  writeFileSync(path.join(folder, 'eng.traineddata'), gunzipSync(readFileSync(fileURLToPath(import.meta.resolve(source.specifier)))));
  // Never run: the word lists need no tesseract process.
  const engine = createNativeTesseractEngine('5.3.0', folder, () => Promise.reject(new Error('no process')));
  const english = await engine.dictionary!(['eng']);
  expect(english?.has('Government') && english.has('house')).toBe(true);
  expect(english?.has('BRWRWRWW')).toBe(false);
  // Another engine on the same folder (a thread's, with its runner) shares what was read.
  const again = await createNativeTesseractEngine('5.3.0', folder).dictionary!(['eng']);
  expect(again).toBe(english);
  await expect(engine.dictionary!(['pol'])).resolves.toBeUndefined();
});
