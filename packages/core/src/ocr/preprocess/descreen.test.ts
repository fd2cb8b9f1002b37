import { describe, expect, test } from 'vitest';
import { catalogueSentences, sentenceGrey } from '../../../../../test-support/catalogue-pages.ts';
import { descreen } from './descreen.ts';
import { createGreyImage, type GreyImage } from './grey-image.ts';

/** Pixels of `image` in a box, row by row. */
function pixels(image: GreyImage, x0: number, y0: number, x1: number, y1: number): number[] {
  const out: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out.push(image.data[y * image.width + x]!);
  return out;
}

/** Upright strokes 4 pixels wide, 30 tall, 12 apart: letters as far as a dot count goes. */
function strokes(image: GreyImage, x0: number, y0: number, count: number): void {
  for (let s = 0; s < count; s++) for (let y = y0; y < y0 + 30; y++) for (let x = x0 + s * 12; x < x0 + s * 12 + 4; x++) image.data[y * image.width + x] = 0;
}

describe('descreen', () => {
  test('a dithered band is smoothed to white round its letters; the text beside it is left as it was', () => {
    const page = createGreyImage(320, 200);
    // A shaded header row: black and white pixels in turn (a 50% dither), letters on it.
    for (let y = 20; y < 84; y++) for (let x = 0; x < 320; x++) page.data[y * 320 + x] = (x + y) % 2 ? 0 : 255;
    strokes(page, 40, 37, 8);
    strokes(page, 40, 130, 8);
    const out = descreen(page);
    // The ground between the letters is lifted to the paper's white, the letters stay dark.
    expect(Math.min(...pixels(out, 160, 30, 300, 74))).toBeGreaterThanOrEqual(230);
    expect(Math.max(...pixels(out, 41, 42, 43, 62))).toBeLessThanOrEqual(60);
    // The letters below on plain paper are exactly as they were.
    expect(pixels(out, 0, 110, 320, 200)).toEqual(pixels(page, 0, 110, 320, 200));
  });

  test("a decimal point on a screened column keeps its ink; the screen's dots do not", () => {
    const page = createGreyImage(320, 200);
    page.data.fill(255);
    // A grey column of a statement: a dot every other pixel on a light ground, figures on it.
    for (let y = 20; y < 180; y++) for (let x = 100; x < 300; x++) page.data[y * 320 + x] = (x + y) % 2 ? 150 : 235;
    strokes(page, 140, 80, 2);
    strokes(page, 200, 80, 2);
    // The decimal point between the figures: 4 by 4 pixels, as a 200 dpi scan prints it.
    for (let y = 106; y < 110; y++) for (let x = 178; x < 182; x++) page.data[y * 320 + x] = 20;
    const out = descreen(page);
    expect(Math.max(...pixels(out, 178, 106, 182, 110))).toBeLessThanOrEqual(40);
    // Round it, the screen is one even tone, its dots gone.
    const ground = pixels(out, 240, 40, 290, 70);
    expect(Math.max(...ground) - Math.min(...ground)).toBeLessThanOrEqual(12);
  });

  test('a page with no screen comes back as it was, the same image', () => {
    const page = createGreyImage(320, 200);
    strokes(page, 40, 40, 20);
    // Specks and full stops here and there are no screen.
    for (let i = 0; i < 40; i++) page.data[(60 + (i % 5) * 20) * 320 + 20 + i * 7] = 0;
    expect(descreen(page)).toBe(page);
  });

  test.each(['zh_CN', 'ja', 'uk'])('a page of %s messages, close strokes and dots over letters, is no screen', (locale) => {
    const page = sentenceGrey(catalogueSentences(locale, 10));
    expect(descreen(page)).toBe(page);
  });
});
