import { describe, expect, test } from 'vitest';
import { blankPng, truncated } from '../../../test-support/images.ts';
import { corpusFile } from '../../../test-support/corpus.ts';
import type { ConversionError } from './errors.ts';
import { readFileSync } from 'node:fs';
import { inspectImage } from './image-info.ts';
import { sniffType } from './sniff.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../test-support/fixtures/${name}`, import.meta.url));
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** An ISO-BMFF file's opening: an ftyp box with these brands, then a box holding `inside`. */
function isoFile(major: string, compatible: string[], inside = ''): Uint8Array {
  const ftyp = [...ascii(major), 0, 0, 0, 0, ...compatible.flatMap(ascii)];
  const rest = ascii(`meta${inside}`);
  return new Uint8Array([0, 0, 0, 8 + ftyp.length, ...ascii('ftyp'), ...ftyp, 0, 0, 0, 8 + rest.length - 4, ...rest]);
}

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as ConversionError).code;
  }
  return 'ok';
};

describe('sniffType', () => {
  test.each([
    ['ocr/pytesseract-test.jpg', 'image/jpeg'],
    ['ocr/linn.png', 'image/png'],
    ['ocr/eurotext.tif', 'image/tiff'],
  ])('%s is %s by its bytes', (file, type) => {
    expect(sniffType(corpusFile(file))).toBe(type);
  });

  test.each([
    ['photo-text.heic', 'image/heic'],
    ['photo-text.avif', 'image/avif'],
    ['photo-text.webp', 'image/webp'],
  ])('%s is %s by its bytes', (file, type) => {
    expect(sniffType(fixture(file))).toBe(type);
  });

  test('HEIF by its ftyp brands, the codec box deciding where the brands do not', () => {
    expect(sniffType(isoFile('heic', ['mif1', 'heic']))).toBe('image/heic');
    expect(sniffType(isoFile('heix', ['mif1']))).toBe('image/heic');
    expect(sniffType(isoFile('mif1', ['mif1', 'heic']))).toBe('image/heic');
    expect(sniffType(isoFile('mif1', ['avif', 'mif1', 'miaf']))).toBe('image/avif');
    expect(sniffType(isoFile('avis', ['msf1']))).toBe('image/avif');
    expect(sniffType(isoFile('mif1', ['mif1'], 'hvcC'))).toBe('image/heic');
    expect(sniffType(isoFile('mif1', ['mif1'], 'av1C'))).toBe('image/avif');
    // A video, and a HEIF of a codec we do not read.
    expect(sniffType(isoFile('isom', ['isom', 'mp42']))).toBeUndefined();
    expect(sniffType(isoFile('mif1', ['mif1'], 'vvcC'))).toBeUndefined();
  });

  test('a renamed text file is not an image', () => {
    expect(sniffType(new TextEncoder().encode('{"name": "not a picture"}'))).toBeUndefined();
  });
});

describe('inspectImage', () => {
  test('reads the size of a real scan', () => {
    expect(inspectImage(corpusFile('ocr/unlv-8071_093.3B.tif'))).toEqual({ type: 'image/tiff', width: 3312, height: 2550 });
  });

  test.each([
    ['HEIC', 'photo-text.heic', 'image/heic'],
    ['AVIF', 'photo-text.avif', 'image/avif'],
    ['WebP', 'photo-text.webp', 'image/webp'],
  ])('reads the size of a %s from its header', (_format, file, type) => {
    expect(inspectImage(fixture(file))).toEqual({ type, width: 1600, height: 1200 });
  });

  test('reads the size of a JPEG from its SOF and of a PNG from its IHDR', () => {
    expect(inspectImage(corpusFile('ocr-photos/photo-fr-cod-1.jpg'))).toEqual({ type: 'image/jpeg', width: 4000, height: 3000 });
    expect(inspectImage(corpusFile('ocr/linn.png'))).toEqual({ type: 'image/png', width: 2550, height: 3300 });
  });

  test('a 20000×20000 PNG is inspected from its header alone, not refused for its size there', () => {
    const bomb = blankPng(20000, 20000);
    expect(bomb.length).toBeLessThan(200_000);
    // Whether it may be decoded is the decode budget's question (images/decode-size.ts).
    expect(inspectImage(bomb)).toEqual({ type: 'image/png', width: 20000, height: 20000 });
  });

  test('names the damage: empty, cut short, not an image', () => {
    expect(codeOf(() => inspectImage(new Uint8Array()))).toBe('empty-file');
    expect(codeOf(() => inspectImage(truncated(corpusFile('ocr/linn.png'))))).toBe('corrupt');
    expect(codeOf(() => inspectImage(truncated(corpusFile('ocr/pytesseract-test.jpg'))))).toBe('corrupt');
    expect(codeOf(() => inspectImage(new TextEncoder().encode('hello')))).toBe('unsupported-type');
  });
});
