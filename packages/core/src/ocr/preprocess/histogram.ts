import type { GreyImage } from './grey-image.ts';

/**
 * Fills `histogram` with the grey levels of the cell of `image` from (x0, y0) up to (x1, y1),
 * both ends clipped to the image, and returns how many pixels it holds. The page's tone, light
 * and polarity are all judged cell by cell from these.
 */
export function cellHistogram(histogram: Uint32Array, { width, height, data }: GreyImage, x0: number, y0: number, x1: number, y1: number): number {
  histogram.fill(0);
  const right = Math.min(width, x1);
  const bottom = Math.min(height, y1);
  for (let y = y0; y < bottom; y++) for (let x = x0, i = y * width + x; x < right; x++, i++) histogram[data[i]!]!++;
  return Math.max(0, right - x0) * Math.max(0, bottom - y0);
}

/** The level from which the brightest `share` of a histogram's `count` values lies: paper, seen past its ink. */
export function brightLevel(histogram: Uint32Array, count: number, share: number): number {
  let seen = 0;
  let level = 255;
  for (; level > 0; level--) {
    seen += histogram[level]!;
    if (seen >= count * share) break;
  }
  return level;
}
