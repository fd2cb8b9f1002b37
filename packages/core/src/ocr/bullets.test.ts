import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { bulletShape, withBullets } from './bullets.ts';
import type { OcrLine } from './engine.ts';
import { greyFromRgba, type GreyImage } from './preprocess/grey-image.ts';

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

describe('bullets named by their shape', () => {
  // Drawn smaller than 40 px (a photo's 12 pt text is 50 px and more), the four diamonds
  // touch and the arrowhead's hollow closes up: those keep Tesseract's reading.
  test.each([24, 40, 72])('Word\'s bullets at %i px', (size) => {
    if (size >= 40) expect(bulletShape(glyph('❖', size))).toBe('❖');
    if (size >= 40) expect(bulletShape(glyph('➢', size))).toBe('➢');
    expect(bulletShape(glyph('•', size))).toBe('•');
    expect(bulletShape(glyph('■', size))).toBe('▪');
  });

  test.each([24, 40, 72])('letters, digits and punctuation are left alone at %i px', (size) => {
    for (const text of ['*', '>', '+', 'o', 'e', 'a', 'D', '8', 'B', '-', '–', '»', '::', '%', '&', 'œ', '@', 'I', '1', 'x']) {
      expect(bulletShape(glyph(text, size)), text).toBeUndefined();
    }
  });

  test('only a line\'s lone first mark is renamed', () => {
    const image = glyph('❖', 40);
    const box = { x0: 0, y0: 0, x1: image.width, y1: image.height };
    const line = (texts: string[]): OcrLine => ({ paragraph: '1.1', box, words: texts.map((text) => ({ text, confidence: 70, box })) });
    expect(withBullets([line(['*', 'Parler'])], image)[0]!.words.map((word) => word.text)).toEqual(['❖', 'Parler']);
    // Alone on its line, or a longer word: not a list's bullet.
    expect(withBullets([line(['*'])], image)[0]!.words[0]!.text).toBe('*');
    expect(withBullets([line(['***', 'TOTAL'])], image)[0]!.words[0]!.text).toBe('***');
    // Read as a letter: a small blurred word can fill its box like a dot.
    const dot = glyph('•', 40);
    const dotBox = { x0: 0, y0: 0, x1: dot.width, y1: dot.height };
    expect(withBullets([line(['*', 'Parler'])].map((one) => ({ ...one, words: one.words.map((word) => ({ ...word, box: dotBox })) })), dot)[0]!.words[0]!.text).toBe('•');
    expect(withBullets([line(['o', 'Parler'])].map((one) => ({ ...one, words: one.words.map((word) => ({ ...word, box: dotBox })) })), dot)[0]!.words[0]!.text).toBe('o');
  });
});
