import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApiServer } from '../../../../test-support/api-server.ts';
import { catalogueSentences, sentencePage } from '../../../../test-support/catalogue-pages.ts';
import { characterErrorRate } from '../../../../test-support/cer.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';
import { realSamples, scoreOf } from '../../../../test-support/real-sets.ts';
import sharp from 'sharp';

// Pages of messages Debian's packages ship translated (what their translators wrote), read with
// no language given: the script found by OSD, the language by franc on a quick reading, then the
// page read with it, as every OCR tool reads. The bundled languages' scripts: Latin, Cyrillic,
// Han, Japanese.
const run = runsOnNode();

/** Spaces aside: Tesseract spaces CJK characters its own way. */
const letters = (text: string) => text.replace(/\s+/g, '');

describe('a page read with Automatic is read in the language found on it', () => {
  test.each([
    ['de', ['deu'], ['de']],
    ['tr', ['tur'], ['tr']],
    ['ru', ['rus'], ['ru']],
    ['zh_CN', ['chi_sim'], ['zh-Hans']],
    ['ja', ['jpn'], ['ja']],
  ])('%s sentences: read as %s', { timeout: 90_000 }, async (locale, codes, tags) => {
    const sentences = catalogueSentences(locale, 6);
    const result = await run('image-to-text', { files: [{ name: 'page.png', bytes: sentencePage(sentences) }] }, { language: 'auto' });
    expect(result.data?.language).toEqual({ codes, tags, detected: true });
    // Read in another language, these pages come out 10-100% wrong.
    expect(characterErrorRate(letters(result.text ?? ''), letters(sentences.join('')))).toBeLessThan(0.05);
  });

  test('a page mixing Japanese and English paragraphs is read with both models, and both read right', { timeout: 90_000 }, async () => {
    const japanese = catalogueSentences('ja', 4, { skip: 6 });
    const english = catalogueSentences('en', 4, { skip: 20 });
    const paragraphs = japanese.flatMap((sentence, index) => [sentence, english[index]!]);
    const result = await run('image-to-text', { files: [{ name: 'mixed.png', bytes: sentencePage(paragraphs) }] }, { language: 'auto' });
    // Which goes first follows the share of the sample each has: either reads the page.
    expect([...(result.data?.language?.codes ?? [])].sort()).toEqual(['eng', 'jpn']);
    expect(result.data?.language?.detected).toBe(true);
    const text = result.text ?? '';
    for (const sentence of english) expect(text).toContain(sentence);
    expect(characterErrorRate(letters(text), letters(paragraphs.join('')))).toBeLessThan(0.03);
  });
});

// Real uploads read with no language given, as most visitors leave it: a phone photo's darkest
// rows are the desk or a shadow, and a page turned over or sideways reads as noise, which
// names some language (a French photo was read as English, upside-down receipts as Galician,
// a sideways one as Greek). Each is read as well as with its language given (bench/ocr/real-sets.ts).
describe('real photos and receipts, turned or not, are found in their language', () => {
  const sample = (name: string) => realSamples().find((each) => each.file.endsWith(name))!;
  test.each([
    ['photo-fr-cod-1.jpg', 0, 'fra', 0.01],
    ['receipt-02.jpg', 180, 'eng', 0.04],
    ['receipt-01.jpg', 270, 'eng', 0.06],
  ] as const)('%s turned %i°: read as %s', { timeout: 90_000 }, async (name, degrees, code, bar) => {
    const real = sample(name);
    const bytes = await sharp(real.file).rotate().rotate(degrees).jpeg({ quality: 92 }).toBuffer();
    const result = await run('image-to-text', { files: [{ name, bytes }] }, { language: 'auto' });
    expect(result.data?.language?.codes).toEqual([code]);
    expect(scoreOf(real, result.text ?? '').cer).toBeLessThanOrEqual(bar);
  });
});

describe('POST /api/v1/convert: Content-Language names what the text was read as', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    ({ app, origin: base } = await startApiServer());
  });
  afterAll(() => app.close());

  const convert = (bytes: Uint8Array, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'page.png');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${base}/api/v1/convert/image-to-text`, { method: 'POST', body: form });
  };

  test('found (language left out: auto is the default), and given', { timeout: 90_000 }, async () => {
    const page = sentencePage(catalogueSentences('pl', 4));
    const found = await convert(page, {});
    expect(found.status).toBe(200);
    expect(found.headers.get('content-language')).toBe('pl');
    const given = await convert(page, { language: 'pol+eng' });
    expect(given.status).toBe(200);
    expect(given.headers.get('content-language')).toBe('pl, en');
    expect(await given.text()).toBe(await found.text());
  });
});
