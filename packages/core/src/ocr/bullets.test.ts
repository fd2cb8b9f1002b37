import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { bulletShape, withBullets } from './bullets.ts';
import type { OcrLine } from './engine.ts';
import { findBlobs } from './preprocess/components.ts';
import { boundsOf, greyFromRgba, type GreyImage } from './preprocess/grey-image.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'), 'BulletSans');

/** One character drawn black on white, with a little paper round it. */
function glyph(text: string, size: number): GreyImage {
  const canvas = createCanvas(size * 2, size * 2);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size * 2, size * 2);
  context.fillStyle = '#000';
  context.font = `${size}px BulletSans`;
  context.textBaseline = 'middle';
  context.fillText(text, size * 0.4, size);
  return greyFromRgba(context.getImageData(0, 0, size * 2, size * 2).data, size * 2, size * 2);
}

/** The bounds of a drawn glyph's ink. */
function inkBox(image: GreyImage) {
  return boundsOf(findBlobs(image, 128));
}

describe('bullets named by their shape', () => {
  // Drawn smaller than 40 px (a photo's 12 pt text is 50 px and more), the four diamonds
  // touch and the arrowhead's hollow closes up: those keep Tesseract's reading.
  test.each([24, 40, 72])("Word's bullets at %i px", (size) => {
    if (size >= 40) expect(bulletShape(glyph('❖', size))).toBe('❖');
    if (size >= 40) expect(bulletShape(glyph('➢', size))).toBe('➢');
    expect(bulletShape(glyph('•', size))).toBe('•');
    expect(bulletShape(glyph('■', size))).toBe('▪');
  });

  test.each([24, 40, 72])('letters, digits and punctuation are left alone at %i px', (size) => {
    for (const text of ['*', '>', '+', 'o', 'e', 'a', 'D', '8', 'B', '-', '–', '»', '::', '%', '&', 'œ', '@', 'I', '1', 'x', '°']) {
      expect(bulletShape(glyph(text, size)), text).toBeUndefined();
    }
  });

  test("only a line's lone first mark is renamed", () => {
    // As Tesseract gives it: the mark's own box, on a line of 40 px text.
    const marked = (mark: string, texts: string[]): string[] => {
      const image = glyph(mark, 40);
      const box = inkBox(image);
      const line: OcrLine = { paragraph: '1.1', box, words: texts.map((text) => ({ text, confidence: 70, box })) };
      return withBullets([line], image, 28)[0]!.words.map((word) => word.text);
    };
    expect(marked('❖', ['*', 'Parler'])).toEqual(['❖', 'Parler']);
    expect(marked('➢', ['>', 'Ex:'])).toEqual(['➢', 'Ex:']);
    expect(marked('•', ['*', 'Parler'])).toEqual(['•', 'Parler']);
    // Alone on its line, a longer word, or read as a letter: not a list's bullet.
    expect(marked('❖', ['*'])).toEqual(['*']);
    expect(marked('❖', ['***', 'TOTAL'])).toEqual(['***', 'TOTAL']);
    expect(marked('•', ['o', 'Parler'])).toEqual(['o', 'Parler']);
    // Stops and degree signs fill their box like a dot or a square, but are small beside letters.
    for (const mark of ['.', '·', '°']) expect(marked(mark, [mark, 'Suite'])).toEqual([mark, 'Suite']);
  });

  test('a flat grey patch or the edge of something dark is no bullet', () => {
    expect(bulletShape({ width: 30, height: 30, data: new Uint8Array(900).fill(120) })).toBeUndefined();
    const edge = glyph('■', 40);
    expect(bulletShape({ ...edge, data: edge.data.map((value, i) => (i % edge.width < 4 ? 0 : value)) })).toBeUndefined();
  });
});
