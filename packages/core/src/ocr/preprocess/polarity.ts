import type { GreyImage } from './grey-image.ts';
import { cellHistogram } from './histogram.ts';

/** A cell whose darkest and brightest tenths differ by less than this holds no text. */
const MIN_CONTRAST = 40;

/**
 * Makes light text on a dark ground (a dark-mode screenshot's sidebar, a white-on-blue
 * banner) dark on light, cell by cell, since the steps after this expect ink darker than
 * paper. A cell with text is judged by which way its minority departs from its median:
 * brighter strokes on a dark ground are inverted, darker ones are left alone, so a dim photo
 * of a page (dark paper, darker ink) is not turned over. Dark cells without text take the
 * choice of the nearest text on the same dark ground; light ones stay as they are.
 */
export function normalizePolarity(image: GreyImage, cell: number): GreyImage {
  const { width, height, data } = image;
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  // 1 = invert, 0 = keep, -1 = not known yet.
  const decision = new Int8Array(columns * rows).fill(-1);
  const dark = new Uint8Array(columns * rows);
  const histogram = new Uint32Array(256);
  const queue: number[] = [];
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const count = cellHistogram(histogram, image, gx * cell, gy * cell, (gx + 1) * cell, (gy + 1) * cell);
      const [low, middle, high] = percentiles(histogram, count);
      const index = gy * columns + gx;
      dark[index] = middle < 128 ? 1 : 0;
      if (high - low < MIN_CONTRAST) continue;
      decision[index] = middle < 110 && high - middle > middle - low + 20 ? 1 : 0;
      if (dark[index]) queue.push(index);
    }
  }
  if (!decision.includes(1)) return image;
  // Spread the choice of each text cell on a dark ground through the dark ground around it,
  // nearest first; light cells keep their own.
  for (let head = 0; head < queue.length; head++) {
    const index = queue[head]!;
    const gx = index % columns;
    const neighbours = [gx > 0 ? index - 1 : -1, gx < columns - 1 ? index + 1 : -1, index - columns, index + columns];
    for (const next of neighbours) {
      if (next < 0 || next >= decision.length || decision[next] !== -1 || !dark[next]) continue;
      decision[next] = decision[index]!;
      queue.push(next);
    }
  }
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * columns;
    for (let x = 0; x < width; x++) {
      if (decision[row + Math.floor(x / cell)] === 1) out[y * width + x] = 255 - data[y * width + x]!;
    }
  }
  return { width, height, data: out };
}

/** The darkest tenth's upper edge, the median, and the brightest tenth's lower edge. */
function percentiles(histogram: Uint32Array, count: number): [number, number, number] {
  const out: number[] = [];
  let seen = 0;
  let level = 0;
  for (const fraction of [0.1, 0.5, 0.9]) {
    while (level < 255 && seen + histogram[level]! < count * fraction) seen += histogram[level++]!;
    out.push(level);
  }
  return out as [number, number, number];
}
