import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NOT_LETTERS, parseTesseractTsv } from '@textlift/core';
import { parseOsd } from '@textlift/core/ocr/detect/osd';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { runTesseractProcess } from './native-tesseract.ts';
import { ADDON_PATH, loadWarmTesseract, readingCall, warmTesseractRunner } from './warm-tesseract.ts';

// The kept-loaded tesseract must read exactly what the CLI reads: the pipeline's decisions (and
// every OCR figure measured with the CLI) rest on the same words, boxes and confidences.
const DEBIAN = '/usr/share/tesseract-ocr/5/tessdata';
const corpus = path.resolve(import.meta.dirname, '../../../../../shared/corpus');
const page = (file: string) => readFileSync(path.join(corpus, file));
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const reading = (folder: string, languages: string, psm: string, ...extra: string[]) => [
  'stdin',
  'stdout',
  '--tessdata-dir',
  folder,
  '-l',
  languages,
  '--oem',
  '1',
  '--psm',
  psm,
  '-c',
  'tessedit_create_tsv=1',
  ...extra,
];

describe('the kept-loaded tesseract', () => {
  test('is built where npm test runs (scripts/native-build.mjs)', () => {
    expect(existsSync(ADDON_PATH)).toBe(true);
    expect(loadWarmTesseract()?.version).toMatch(/^5\./);
  });

  test('reads real pages to the same TSV as the CLI, one reader after another with other settings', { timeout: 120_000 }, async () => {
    const warm = warmTesseractRunner(loadWarmTesseract()!);
    // A grey PGM as the pipeline sends, a colour JPEG, a bilevel TIFF; layouts, a single line, a
    // blacklist and a resolution set, then left out again on the same kept reader.
    // A quarter of a ruled table: the suite's time goes to readings, twice each here.
    const table = sharp(page('ocr-docs/table_10.png'));
    const { width, height } = await table.metadata();
    const grey = await table
      .extract({ left: 0, top: 0, width: width!, height: Math.round(height! / 4) })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pgm = Buffer.concat([Buffer.from(`P5\n${grey.info.width} ${grey.info.height}\n255\n`), grey.data]);
    const cases: Array<[string, Uint8Array, string[]]> = [
      ['jpeg, auto', page('ocr/pytesseract-test.jpg'), reading(DEBIAN, 'eng', '3')],
      [
        'jpeg, letters only, 300 dpi',
        page('ocr/pytesseract-test.jpg'),
        reading(DEBIAN, 'eng', '3', '-c', `tessedit_char_blacklist=${NOT_LETTERS}`, '--dpi', '300'),
      ],
      ['jpeg again, settings gone', page('ocr/pytesseract-test.jpg'), reading(DEBIAN, 'eng', '3')],
      ['png, one block', page('ocr/linn.png'), reading(DEBIAN, 'eng', '6')],
      ['png line, one line', page('ocr/uw3-line-010001.png'), reading(DEBIAN, 'eng', '7')],
      ['tiff, sparse, two languages', page('ocr/eurotext.tif'), reading(DEBIAN, 'eng+deu', '11')],
    ];
    cases.push(['pgm, auto, 96 dpi', pgm, reading(DEBIAN, 'eng', '3', '--dpi', '96')]);
    for (const [name, image, args] of cases) {
      const [cli, kept] = [await runTesseractProcess(args, image), await warm(args, image)];
      expect(cli.code, name).toBe(0);
      expect(kept.code, `${name}: ${kept.stderr}`).toBe(0);
      expect(parseTesseractTsv(decode(kept.stdout)).length, name).toBeGreaterThan(0);
      expect(decode(kept.stdout), name).toBe(decode(cli.stdout));
    }
  });

  test("reports OSD's script and orientation as the CLI does", async () => {
    const warm = warmTesseractRunner(loadWarmTesseract()!);
    const args = ['stdin', 'stdout', '--tessdata-dir', DEBIAN, '-l', 'osd', '--psm', '0'];
    const image = page('ocr/eurotext.tif');
    const [cli, kept] = [await runTesseractProcess(args, image), await warm(args, image)];
    expect(parseOsd(decode(kept.stdout))).toEqual(parseOsd(decode(cli.stdout)));
    expect(parseOsd(decode(kept.stdout))?.script).toBe('Latin');
  });

  test('tells an undecodable image as the CLI does, and a stopped reading stops', async () => {
    const warm = warmTesseractRunner(loadWarmTesseract()!);
    const broken = await warm(reading(DEBIAN, 'eng', '3'), new TextEncoder().encode('not an image'));
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toMatch(/read image/);
    const stop = new AbortController();
    stop.abort(new Error('client gone'));
    await expect(warm(reading(DEBIAN, 'eng', '3'), page('ocr/pytesseract-test.jpg'), stop.signal)).rejects.toThrow('client gone');
    // A model that is not there is the CLI's failure too, not a crash.
    expect((await warm(reading(DEBIAN, 'xyz', '3'), page('ocr/pytesseract-test.jpg'))).code).not.toBe(0);
  });

  test('refuses a call it would not read as the CLI does', () => {
    expect(readingCall(reading('/m', 'eng', '4', '--dpi', '200'))).toMatchObject({ folder: '/m', languages: 'eng', psm: 4, osd: false });
    expect(() => readingCall(reading('/m', 'eng', '3', '-c', 'textord_heavy_nr=1'))).toThrow(/not kept track/);
    expect(() => readingCall([...reading('/m', 'eng', '3'), '--user-words', 'x'])).toThrow(/not understood/);
  });
});
