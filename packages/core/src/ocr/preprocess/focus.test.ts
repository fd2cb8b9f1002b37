import { describe, expect, test } from 'vitest';
import type { GreyImage } from './grey-image.ts';
import { measureFocus, sharpenOutOfFocus } from './focus.ts';
import { scaleImage } from './geometry.ts';

/** Rows of letter-like strokes (3 px wide, 12 tall, dark on white) filling the page. */
function strokes(width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height).fill(235);
  for (let top = 10; top + 12 < height; top += 24) {
    for (let left = 6; left + 3 < width; left += 8) {
      for (let y = top; y < top + 12; y++) for (let x = left; x < left + 3; x++) data[y * width + x] = 30;
    }
  }
  return { width, height, data };
}

/** A Gaussian blur of σ pixels of the columns before `until` (the whole image by default). */
function blurLeft(image: GreyImage, sigma: number, until = image.width): GreyImage {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: radius * 2 + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const { width, height, data } = image;
  const pass = (source: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(source.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const [xx, yy] = horizontal ? [Math.min(width - 1, Math.max(0, x + k)), y] : [x, Math.min(height - 1, Math.max(0, y + k))];
          sum += source[yy * width + xx]! * kernel[k + radius]!;
        }
        out[y * width + x] = sum / total;
      }
    }
    return out;
  };
  const soft = pass(pass(Float32Array.from(data), true), false);
  const out = Uint8Array.from(data);
  for (let y = 0; y < height; y++) for (let x = 0; x < until; x++) out[y * width + x] = Math.round(soft[y * width + x]!);
  return { width, height, data: out };
}

const sigmaOf = (image: GreyImage, x0: number, x1: number) => {
  const focus = measureFocus(image, 48);
  const values: number[] = [];
  for (let y = 0; y < focus.rows; y++)
    for (let x = 0; x < focus.columns; x++)
      if ((x + 0.5) * focus.cell >= x0 && (x + 0.5) * focus.cell < x1 && !Number.isNaN(focus.sigma[y * focus.columns + x]!))
        values.push(focus.sigma[y * focus.columns + x]!);
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
};

describe('out-of-focus regions', () => {
  test('the blur measured grows with the blur made, and a sharp page measures under the soft level', () => {
    const page = strokes(480, 480);
    const measured = [0, 1, 2, 3].map((sigma) => sigmaOf(sigma ? blurLeft(page, sigma) : page, 0, 480));
    expect(measured[0]).toBeLessThan(1);
    for (let i = 1; i < measured.length; i++) expect(measured[i]).toBeGreaterThan(measured[i - 1]! + 0.2);
  });

  test('a sharp page is left as it came', () => {
    expect(sharpenOutOfFocus(strokes(480, 480))).toBeUndefined();
  });

  test('a sharp scan drawn at twice its size is soft by the drawing alone: told so, it is left as it came; blurred, it is sharpened', () => {
    const drawn = scaleImage(blurLeft(strokes(480, 480), 0.5), 2);
    expect(sharpenOutOfFocus(drawn)).toBeDefined();
    expect(sharpenOutOfFocus(drawn, 2)).toBeUndefined();
    expect(sharpenOutOfFocus(scaleImage(blurLeft(strokes(480, 480), 2), 2), 2)).toBeDefined();
  });

  test('a page blurred on its left half is sharpened there, its sharp half left exactly as it was', () => {
    const page = blurLeft(strokes(960, 480), 2, 480);
    const sharpened = sharpenOutOfFocus(page)!;
    expect(sharpened).toBeDefined();
    expect(sharpened.sigma).toBeGreaterThan(1.2);
    expect(sharpened.sigma).toBeLessThanOrEqual(2);
    // Cells reach half a cell into the sharp side at most (the blend between cell centres).
    let changed = 0;
    for (let y = 0; y < page.height; y++)
      for (let x = 720; x < page.width; x++) if (sharpened.image.data[y * page.width + x] !== page.data[y * page.width + x]) changed++;
    expect(changed).toBe(0);
    expect(sigmaOf(sharpened.image, 0, 480)).toBeLessThan(sigmaOf(page, 0, 480) - 0.3);
  });
});
