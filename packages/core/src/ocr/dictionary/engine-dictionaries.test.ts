import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { languageDataSource } from '../language-data.ts';
import { createTesseractJsEngine } from '../tesseract-js.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'textlift-lang-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("tesseract.js's word lists on Node", () => {
  test('read from the gzipped models in its langPath folder, without starting its worker; a missing one is left out', async () => {
    for (const code of ['eng', 'fra'] as const) {
      const source = languageDataSource(code);
      if (source.kind !== 'npm') throw new Error('from npm');
      copyFileSync(fileURLToPath(import.meta.resolve(source.specifier)), path.join(folder, `${code}.traineddata.gz`));
    }
    const engine = createTesseractJsEngine({ langPath: folder, cacheMethod: 'none' });
    const both = await engine.dictionary!(['eng', 'fra']);
    expect(both?.has('house') && both.has('été')).toBe(true);
    const some = await engine.dictionary!(['eng', 'deu']);
    expect(some?.has('house')).toBe(true);
    expect(some?.has('Straße')).toBe(false);
    await expect(engine.dictionary!(['deu'])).resolves.toBeUndefined();
    await engine.terminate();
  });
});
