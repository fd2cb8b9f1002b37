import { describe, expect, test } from 'vitest';
import { blankPng, truncated } from '../../../test-support/images.ts';
import { corpusFile } from '../../../test-support/corpus.ts';
import { ConversionError } from './errors.ts';
import { inspectImage, MAX_IMAGE_PIXELS } from './image-info.ts';
import { sniffType } from './sniff.ts';

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

  test('a renamed text file is not an image', () => {
    expect(sniffType(new TextEncoder().encode('{"name": "not a picture"}'))).toBeUndefined();
  });
});

describe('inspectImage', () => {
  test('reads the size of a real scan', () => {
    expect(inspectImage(corpusFile('ocr/unlv-8071_093.3B.tif'))).toEqual({ type: 'image/tiff', width: 3312, height: 2550 });
  });

  test('refuses a 20000×20000 PNG from its header, before decoding', () => {
    const bomb = blankPng(20000, 20000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(codeOf(() => inspectImage(bomb))).toBe('too-many-pixels');
  });

  test('accepts an image just under the pixel limit', () => {
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    expect(codeOf(() => inspectImage(blankPng(side, side)))).toBe('ok');
  });

  test('names the damage: empty, cut short, not an image', () => {
    expect(codeOf(() => inspectImage(new Uint8Array()))).toBe('empty-file');
    expect(codeOf(() => inspectImage(truncated(corpusFile('ocr/linn.png'))))).toBe('corrupt');
    expect(codeOf(() => inspectImage(truncated(corpusFile('ocr/pytesseract-test.jpg'))))).toBe('corrupt');
    expect(codeOf(() => inspectImage(new TextEncoder().encode('hello')))).toBe('unsupported-type');
  });
});
