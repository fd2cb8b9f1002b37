import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { ConversionError } from '../errors.ts';
import { debianModelPath, languageDataSource, secondModelPath } from './language-data.ts';
import type { OcrLine } from './engine.ts';
import { createTesseractJsEngine } from './tesseract-js.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'textlift-second-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const page = readFileSync(fileURLToPath(new URL('../../../../../shared/corpus/ocr/pytesseract-test.jpg', import.meta.url)));

describe('tesseract.js’s second model (Debian’s fast, served beside best_int)', () => {
  test('offered for the languages its folder holds, for a page only when it holds all of them', () => {
    const engine = createTesseractJsEngine({
      langPath: folder,
      cacheMethod: 'none',
      second: { langPath: folder, languages: ['eng', 'fra', 'deu'], cachePath: 'fast' },
    });
    expect(engine.secondModel?.(['fra'])).toBe(true);
    expect(engine.secondModel?.(['eng', 'deu'])).toBe(true);
    expect(engine.secondModel?.(['fra', 'rus'])).toBe(false);
    expect(engine.secondModel?.(['pol'])).toBe(false);
    // A build without Debian's models serves none: no second model is offered.
    expect(createTesseractJsEngine({ langPath: folder, cacheMethod: 'none' }).secondModel).toBeUndefined();
  });

  test('Russian’s one model is Debian’s: it has no second; Chinese and Japanese are read with one', () => {
    expect(secondModelPath('rus')).toBeUndefined();
    expect(secondModelPath('chi_sim')).toBeUndefined();
    expect(secondModelPath('jpn')).toBeUndefined();
    expect(secondModelPath('fra')).toBe(debianModelPath('fra'));
  });

  test('a reading with model "second" is made by a second worker from the second folder, the first reads from its own', { timeout: 60_000 }, async () => {
    const first = path.join(folder, 'best');
    const second = path.join(folder, 'fast');
    mkdirSync(first);
    mkdirSync(second);
    const source = languageDataSource('eng');
    if (source.kind !== 'npm') throw new Error('from npm');
    copyFileSync(fileURLToPath(import.meta.resolve(source.specifier)), path.join(first, 'eng.traineddata.gz'));
    const paths = { langPath: first, cacheMethod: 'none' as const, second: { langPath: second, languages: ['eng'], cachePath: second } };
    const textOf = (lines: OcrLine[]) => lines.map((line) => line.words.map((word) => word.text).join(' ')).join('\n');
    const engine = createTesseractJsEngine(paths);
    const withDebian = createTesseractJsEngine(paths);
    try {
      expect(textOf((await engine.recognize(page, { languages: ['eng'] })).lines)).toContain('The quick brown dog jumped over the');
      // Nothing in the second folder yet: the second worker fails where the first reads, and
      // the second model is not offered again.
      expect(engine.secondModel?.(['eng'])).toBe(true);
      await expect(engine.recognize(page, { languages: ['eng'], model: 'second' })).rejects.toBeInstanceOf(ConversionError);
      expect(engine.secondModel?.(['eng'])).toBe(false);
      expect(textOf((await engine.recognize(page, { languages: ['eng'] })).lines)).toContain('lazy fox');
      // Debian's model put there (gzipped as the site serves it): the second worker reads with it.
      const fast = debianModelPath('eng');
      expect(existsSync(fast)).toBe(true);
      writeFileSync(path.join(second, 'eng.traineddata.gz'), gzipSync(readFileSync(fast)));
      expect(textOf((await withDebian.recognize(page, { languages: ['eng'], model: 'second' })).lines)).toContain('The quick brown dog jumped over the');
      expect(withDebian.secondModel?.(['eng'])).toBe(true);
    } finally {
      await Promise.all([engine.terminate(), withDebian.terminate()]);
    }
  });
});

describe('tesseract.js’s readings asked at once', () => {
  test('run at once on two workers of the first model, and read as one after the other does', { timeout: 90_000 }, async () => {
    const source = languageDataSource('eng');
    if (source.kind !== 'npm') throw new Error('from npm');
    const langPath = path.dirname(fileURLToPath(import.meta.resolve(source.specifier)));
    const textOf = (lines: OcrLine[]) => lines.map((line) => line.words.map((word) => word.text).join(' ')).join('\n');
    expect(createTesseractJsEngine({ langPath, cacheMethod: 'none', workers: 1 }).parallel).toBe(false);
    const engine = createTesseractJsEngine({ langPath, cacheMethod: 'none', workers: 2 });
    expect(engine.parallel).toBe(true);
    try {
      // What each reading tells, in the order told: on one worker the second is not
      // recognising before the first has ended.
      const told: string[] = [];
      const reading = (name: string, options: { lettersOnly?: boolean } = {}) =>
        engine
          .recognize(page, { languages: ['eng'], ...options, onProgress: (_fraction, stage) => stage === 'recognizing' && told.push(`${name} recognizing`) })
          .then((result) => {
            told.push(`${name} ended`);
            return result;
          });
      const [a, b] = await Promise.all([reading('a'), reading('b', { lettersOnly: true })]);
      expect(told.indexOf('b recognizing')).toBeGreaterThanOrEqual(0);
      expect(told.indexOf('b recognizing')).toBeLessThan(told.indexOf('a ended'));
      expect(told.indexOf('a recognizing')).toBeLessThan(told.indexOf('b ended'));
      expect(textOf(a.lines)).toContain('The quick brown dog jumped over the');
      // The same readings one after the other, on whichever worker: the same words.
      const aAfter = await engine.recognize(page, { languages: ['eng'] });
      const bAfter = await engine.recognize(page, { languages: ['eng'], lettersOnly: true });
      expect(textOf(a.lines)).toBe(textOf(aAfter.lines));
      expect(textOf(b.lines)).toBe(textOf(bAfter.lines));
    } finally {
      await engine.terminate();
    }
  });

  test('a reading stopped while it recognises ends at once, and the next reading on its worker is made', { timeout: 60_000 }, async () => {
    const source = languageDataSource('eng');
    if (source.kind !== 'npm') throw new Error('from npm');
    const langPath = path.dirname(fileURLToPath(import.meta.resolve(source.specifier)));
    const engine = createTesseractJsEngine({ langPath, cacheMethod: 'none', workers: 1 });
    try {
      await engine.recognize(page, { languages: ['eng'] });
      const stop = new AbortController();
      const stopped = engine.recognize(page, {
        languages: ['eng'],
        signal: stop.signal,
        onProgress: (_fraction, stage) => stage === 'recognizing' && stop.abort(),
      });
      // Ending its worker leaves tesseract.js's promise unsettled: the reading is told so itself.
      await expect(stopped).rejects.toThrow();
      const next = await engine.recognize(page, { languages: ['eng'] });
      expect(next.lines.map((line) => line.words.map((word) => word.text).join(' ')).join('\n')).toContain('The quick brown dog jumped over the');
    } finally {
      await engine.terminate();
    }
  });
});
