/**
 * Text to Image on the server's host (@napi-rs/canvas, DejaVu Sans from npm), its PNG decoded
 * by sharp and read back by the native tesseract command, which shares nothing with the drawing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { ConversionError, runTool, sniffType, TEXT_IMAGE_MAX_LINES, type ConversionResult } from '@textlift/core';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

/** Drawing text never reads any. */
const withoutOcr = noOcr('Text to Image');

const work = mkdtempSync(path.join(tmpdir(), 'text-to-image-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function draw(text: string): Promise<ConversionResult> {
  const { host, release } = createNodeHost(withoutOcr);
  try {
    return await runTool('text-to-image', { text }, {}, { host });
  } finally {
    release();
  }
}

async function drawError(text: string): Promise<ConversionError> {
  const error = await draw(text).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

interface Grey {
  width: number;
  height: number;
  at(x: number, y: number): number;
}

async function greyPixels(png: Uint8Array): Promise<Grey> {
  const { data, info } = await sharp(png).flatten({ background: '#ff0000' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, at: (x, y) => data[y * info.width + x]! };
}

/** The box around every dark pixel (the text's ink), or undefined on a blank picture. */
function inkBox(image: Grey) {
  let left = Infinity;
  let right = -1;
  let top = Infinity;
  let bottom = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.at(x, y) >= 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? undefined : { left, right, top, bottom };
}

const hasTesseract = (() => {
  try {
    execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const hasRussian = existsSync('/usr/share/tesseract-ocr/5/tessdata/rus.traineddata');

let saved = 0;
/** What tesseract reads in the picture, one thread as the server runs it. */
function ocr(png: Uint8Array, language = 'eng'): string {
  const file = path.join(work, `${++saved}.png`);
  writeFileSync(file, png);
  return execFileSync('tesseract', [file, '-', '-l', language], {
    encoding: 'utf8',
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

test('short text: an 800×600 PNG, white around, the text dark in the middle', async () => {
  const result = await draw('Hello, TextLift!');
  const [output] = result.outputs;
  expect(output!.name).toBe('Hello, TextLift!.png');
  expect(output!.type).toBe('image/png');
  expect(sniffType(output!.bytes)).toBe('image/png');
  expect(result.summary).toEqual({ width: 800, height: 600, lines: 1, missingCharacters: 0 });
  const image = await greyPixels(output!.bytes);
  expect([image.width, image.height]).toEqual([800, 600]);
  // Opaque white, not transparent: flattened on red, a transparent corner would not be 255.
  for (const [x, y] of [
    [0, 0],
    [799, 0],
    [0, 599],
    [799, 599],
  ] as const)
    expect(image.at(x, y)).toBe(255);
  const box = inkBox(image)!;
  expect(box).toBeDefined();
  // One 24-px line centred on (400, 300): measured x 317-481, y 287-308 (capitals' tops to
  // the comma's tail), the text's middle a little below its ink's.
  expect(Math.abs((box.left + box.right) / 2 - 400)).toBeLessThan(4);
  expect(Math.abs((box.top + box.bottom) / 2 - 300)).toBeLessThan(8);
  expect(box.bottom - box.top).toBeGreaterThan(14);
  expect(box.bottom - box.top).toBeLessThan(32);
});

test('a paragraph wraps within 700 px, a word wider than that is cut, blank lines are kept', async () => {
  const paragraph = 'The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly. '.repeat(3).trim();
  const wrapped = await draw(paragraph);
  expect(wrapped.summary!.lines).toBeGreaterThan(3);
  const box = inkBox(await greyPixels(wrapped.outputs[0]!.bytes))!;
  expect(box.left).toBeGreaterThanOrEqual(50);
  expect(box.right).toBeLessThanOrEqual(750);

  const word = await draw('W'.repeat(80));
  expect(word.summary!.lines).toBeGreaterThan(2);
  const wordBox = inkBox(await greyPixels(word.outputs[0]!.bytes))!;
  expect(wordBox.left).toBeGreaterThanOrEqual(50);
  expect(wordBox.right).toBeLessThanOrEqual(750);

  // Two blank lines between, Windows line ends: four lines, the middle two empty.
  const spaced = await draw('First\r\n\r\n\r\nLast');
  expect(spaced.summary!.lines).toBe(4);
  const spacedBox = inkBox(await greyPixels(spaced.outputs[0]!.bytes))!;
  // Lines at 40-px steps around y = 300: the first centred at 240, the last at 360.
  expect(spacedBox.top).toBeGreaterThan(225);
  expect(spacedBox.top).toBeLessThan(240);
  expect(spacedBox.bottom).toBeGreaterThan(360);
  expect(spacedBox.bottom).toBeLessThan(375);
});

/**
 * Forty lines, each ending in a word found on no other line, to find every line again by OCR
 * (dictionary words: tesseract's English model reads "marker01" as "mar!").
 */
const markers = (
  'apple river garden window silver candle forest pencil harbor ladder mirror orange planet rabbit ' +
  'saddle tunnel violin wallet yellow basket castle dragon engine falcon guitar helmet island jacket kettle lemon ' +
  'magnet needle oyster parrot quartz ribbon spider ticket tomato velvet'
).split(' ');
const numbered = markers.map((marker, i) => `Line ${i + 1} holds the word ${marker}`);

describe.runIf(hasTesseract)('read back by tesseract', () => {
  test('long text makes a taller picture with every line in it', async () => {
    const result = await draw(numbered.join('\n'));
    // 40 lines of 40 px and a 40-px margin above and below.
    expect(result.summary).toMatchObject({ width: 800, height: 40 * 40 + 80, lines: 40 });
    const image = await greyPixels(result.outputs[0]!.bytes);
    expect(image.height).toBe(1680);
    const box = inkBox(image)!;
    expect(box.top).toBeGreaterThanOrEqual(40);
    expect(box.bottom).toBeLessThan(1680 - 40);
    const text = ocr(result.outputs[0]!.bytes);
    expect(markers.filter((marker) => !text.includes(marker))).toEqual([]);
    expect(text).toContain('Line 1 holds the word');
  });

  test('Latin with diacritics (Polish, Turkish) is drawn with its marks and reads back', async () => {
    const result = await draw('Zażółć gęślą jaźń\nKüçük çiçekler şimdi açıyor');
    expect(result.summary!.missingCharacters).toBe(0);
    // The English model has no Polish or Turkish letters: it reads "gesla", "cicekler", "simdi".
    const text = ocr(result.outputs[0]!.bytes, 'eng').normalize('NFD').replace(/\p{M}/gu, '');
    for (const word of ['gesla', 'cicekler', 'simdi']) expect(text).toContain(word);
    // The marks are drawn: over letters without ascenders, they reach above the bare letters' x-height.
    const marked = inkBox(await greyPixels((await draw('ąćęńóśźż çğşü')).outputs[0]!.bytes))!;
    const bare = inkBox(await greyPixels((await draw('acenoszz cgsu')).outputs[0]!.bytes))!;
    expect(marked.top).toBeLessThan(bare.top - 3);
  });

  test.runIf(hasRussian)('Cyrillic is drawn and reads back', async () => {
    const result = await draw('Съешь же ещё этих мягких французских булок, да выпей чаю');
    expect(result.summary!.missingCharacters).toBe(0);
    expect(inkBox(await greyPixels(result.outputs[0]!.bytes))).toBeDefined();
    const text = ocr(result.outputs[0]!.bytes, 'rus');
    for (const word of ['французских', 'булок', 'выпей', 'чаю']) expect(text).toContain(word);
  });
});

test('Cyrillic is drawn (not blank) with the shipped font', async () => {
  const result = await draw('Привет, мир');
  expect(result.summary!.missingCharacters).toBe(0);
  expect(inkBox(await greyPixels(result.outputs[0]!.bytes))).toBeDefined();
});

test('characters DejaVu Sans lacks are counted', async () => {
  const result = await draw('Hello 你好');
  expect(result.summary!.missingCharacters).toBe(2);
});

test('5000 characters of prose fit in one picture', async () => {
  const words = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit'];
  let text = '';
  for (let i = 0; text.length < 4990; i++) text += `${words[i % words.length]} `;
  const result = await draw(text.trim());
  const lines = result.summary!.lines!;
  expect(lines).toBeGreaterThan(60);
  expect(result.summary!.height).toBe(lines * 40 + 80);
});

test('blank text is refused; too many lines are refused with how much fits', async () => {
  expect((await drawError('   \n\t  \n')).code).toBe('no-text-input');
  // Only format characters: nothing to draw.
  expect((await drawError('\u200b\u200b')).code).toBe('no-text-input');
  const tooLong = await drawError('a\n'.repeat(TEXT_IMAGE_MAX_LINES + 10));
  expect(tooLong.code).toBe('too-long');
  // Each line is two characters with its line break.
  expect(tooLong.details.maxLines).toBe(TEXT_IMAGE_MAX_LINES);
  expect(tooLong.details.maxLength).toBe(TEXT_IMAGE_MAX_LINES * 2);
  // Exactly the most lines still fits: a 20,000-px picture.
  const most = await draw('a\n'.repeat(TEXT_IMAGE_MAX_LINES));
  expect(most.summary).toMatchObject({ lines: TEXT_IMAGE_MAX_LINES, height: TEXT_IMAGE_MAX_LINES * 40 + 80 });
});
