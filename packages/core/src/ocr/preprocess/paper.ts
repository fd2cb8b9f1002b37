import type { GreyImage } from './grey-image.ts';

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
export function hasEvenPaper({ width, height, data }: GreyImage): boolean {
  const columns = Math.floor(width / CELL);
  const rows = Math.floor(height / CELL);
  if (columns === 0 || rows === 0) return true;
  const tones: number[] = [];
  const histogram = new Uint32Array(256);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      histogram.fill(0);
      for (let y = gy * CELL; y < (gy + 1) * CELL; y++) {
        for (let x = gx * CELL, i = y * width + x; x < (gx + 1) * CELL; x++, i++) histogram[data[i]!]!++;
      }
      let seen = 0;
      let tone = 255;
      for (; tone > 0; tone--) {
        seen += histogram[tone]!;
        if (seen >= (CELL * CELL) / 2) break;
      }
      tones.push(tone);
    }
  }
  tones.sort((a, b) => a - b);
  const paper = tones[Math.floor(0.9 * (tones.length - 1))]!;
  return tones.filter((tone) => Math.abs(tone - paper) <= SAME_TONE).length >= tones.length * EVEN_SHARE;
}
