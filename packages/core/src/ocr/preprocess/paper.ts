import type { GreyImage } from './grey-image.ts';
import { brightLevel, cellHistogram } from './histogram.ts';

/** Side, in pixels, of the cells the paper's tone is taken in. */
const CELL = 32;
/** Cells whose paper lies this close to the page's own tone count as even. */
const SAME_TONE = 6;
/**
 * Share of even cells from which a page is a scan or a screenshot. Measured: scans and
 * screenshots of documents 0.63-1.00 (a JPEG scan on grey paper 0.82), phone photos of pages
 * 0.15-0.46 (lamp light falls off across the sheet, the desk shows), photographed receipts 0.27-0.30.
 */
const EVEN_SHARE = 0.6;

/**
 * Whether the page's paper is one even tone, as a scanner or a screen gives it and a camera
 * never does. The tone of a cell is its median (text covers less than half of it); the page's
 * tone is the bright end of those.
 */
export function hasEvenPaper(image: GreyImage): boolean {
  const { width, height } = image;
  const columns = Math.floor(width / CELL);
  const rows = Math.floor(height / CELL);
  if (columns === 0 || rows === 0) return true;
  const tones: number[] = [];
  const histogram = new Uint32Array(256);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const count = cellHistogram(histogram, image, gx * CELL, gy * CELL, (gx + 1) * CELL, (gy + 1) * CELL);
      tones.push(brightLevel(histogram, count, 0.5));
    }
  }
  tones.sort((a, b) => a - b);
  const paper = tones[Math.floor(0.9 * (tones.length - 1))]!;
  return tones.filter((tone) => Math.abs(tone - paper) <= SAME_TONE).length >= tones.length * EVEN_SHARE;
}
