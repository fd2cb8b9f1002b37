import { type GreyImage, roundLevel } from './grey-image.ts';
import { brightLevel, cellHistogram } from './histogram.ts';

/** A dot departs from the four pixels `r` away on each axis (r = 1, 2) by at least this many grey levels. */
const DOT_CONTRAST = 48;
/** Side, in pixels, of the cells the share of dots is counted in. */
const CELL = 16;
/** A cell is screened when this share of its pixels are dots. */
const SCREENED_SHARE = 0.12;
/**
 * A screen shades an area (a table's header row or column, a box, a slide's ground): fewer
 * screened cells than this on a page are letters' close strokes and dots. Measured: Chinese,
 * Japanese and Ukrainian messages drawn at 26 px 1-3 cells; screens on the scanned documents
 * 22-9867, and on the two pages with 1 and 4 (a multi-column article, an old scan) smoothing
 * them changed no word.
 */
const MIN_SCREEN_CELLS = 8;
/** A screened ground at least this light is lifted to white. */
const LIGHT_GROUND = 96;
/**
 * A ground this light is the paper itself (cells of grey print a printer dithered, with no
 * screen under them): left as it is, or the grey letters would fade with the lift.
 */
const PAPER = 230;
/**
 * The share of the ground's tone from which a pixel is white. Measured on scanned documents:
 * 0.8 (which whitens the ripple a screen coarser than the smoothing leaves, dots 4 pixels
 * apart) cost a shaded financial table 9 points of word F1 (84.1% to 75.5%): its grey figures
 * on the screen faded with the ground.
 */
const WHITE_FROM = 1;
/** A pixel this dark is ink (a stroke, a point) or a screen's dot; keepSolidInk tells them apart. */
const SOLID_INK = 110;

/**
 * How many pixels of each cell are dots of a printer's screen or dither: darker, or lighter,
 * than the pixels one or two away in all four directions. A letter's stroke is long one way,
 * so in text only a full stop or a speck of noise is a dot.
 */
function dotCounts({ width, height, data }: GreyImage, columns: number): Uint32Array {
  const counts = new Uint32Array(columns * Math.ceil(height / CELL));
  const c = DOT_CONTRAST;
  for (let y = 2; y < height - 2; y++) {
    const row = Math.floor(y / CELL) * columns;
    for (let x = 2, i = y * width + 2; x < width - 2; x++, i++) {
      const v = data[i]!;
      let a = data[i - 1]!,
        b = data[i + 1]!,
        u = data[i - width]!,
        d = data[i + width]!;
      let dot = (v + c <= a && v + c <= b && v + c <= u && v + c <= d) || (v - c >= a && v - c >= b && v - c >= u && v - c >= d);
      if (!dot) {
        a = data[i - 2]!;
        b = data[i + 2]!;
        u = data[i - 2 * width]!;
        d = data[i + 2 * width]!;
        dot = (v + c <= a && v + c <= b && v + c <= u && v + c <= d) || (v - c >= a && v - c >= b && v - c >= u && v - c >= d);
      }
      if (dot) counts[row + ((x / CELL) | 0)]!++;
    }
  }
  return counts;
}

/**
 * Text printed on a screen or dither (a table's shaded header or columns, a slide's textured
 * ground, grey letters a printer or fax made of dots) smoothed to an even tone: where a cell
 * is mostly dots, each pixel takes the weighted mean of its 3 by 3 neighbourhood, and a light
 * screened ground is lifted to white, so the engine's threshold no longer breaks the screen
 * into specks and the letters on it with them. The rest of the page is left as it was.
 * Returns the image itself when nothing is screened. Measured: 0.1-0.6 s a page, nothing found
 * on the receipts, phone photos and plain scans.
 */
export function descreen(image: GreyImage): GreyImage {
  const { width, height, data } = image;
  const columns = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const dots = dotCounts(image, columns);
  const screened = new Uint8Array(columns * rows);
  let count = 0;
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const area = (Math.min(width, (gx + 1) * CELL) - gx * CELL) * (Math.min(height, (gy + 1) * CELL) - gy * CELL);
      if (dots[gy * columns + gx]! >= area * SCREENED_SHARE) {
        screened[gy * columns + gx] = 1;
        count++;
      }
    }
  }
  if (count < MIN_SCREEN_CELLS) return image;
  // Letters on the screen fill cells of their own, with too few dots: a closing of the
  // screened cells (grown by two cells, then shrunk by two) takes them in, and the screen's
  // edge stays where it was, so text beside it is not smoothed.
  const near = erode(dilate(screened, columns, rows, 2), columns, rows, 2);
  for (let i = 0; i < near.length; i++) near[i] ||= screened[i]!;
  const smooth = new Uint8Array(data);
  const blurred = binomial(image);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / CELL) * columns;
    for (let x = 0; x < width; x++) if (near[row + ((x / CELL) | 0)]) smooth[y * width + x] = blurred[y * width + x]!;
  }
  // The smoothed ground is lifted to white, letters kept dark, cell by cell: the ground is the
  // bright level of the cells round it (a light ground only: a dark one is left for polarity).
  const out = smooth;
  const histogram = new Uint32Array(256);
  const grounds = new Uint8Array(columns * rows);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      if (!near[gy * columns + gx]) continue;
      const count = cellHistogram(
        histogram,
        { width, height, data: smooth },
        Math.max(0, gx - 1) * CELL,
        Math.max(0, gy - 1) * CELL,
        (gx + 2) * CELL,
        (gy + 2) * CELL,
      );
      grounds[gy * columns + gx] = brightLevel(histogram, count, 0.5);
    }
  }
  for (let y = 0; y < height; y++) {
    const gy = Math.floor(y / CELL);
    for (let x = 0; x < width; x++) {
      const cell = gy * columns + Math.floor(x / CELL);
      const ground = grounds[cell]!;
      if (!near[cell] || ground < LIGHT_GROUND || ground >= PAPER) continue;
      out[y * width + x] = Math.min(255, roundLevel((smooth[y * width + x]! * 255) / (ground * WHITE_FROM)));
    }
  }
  keepSolidInk(image, out, near, columns);
  return { width, height, data: out };
}

/**
 * Ink in screened cells that is solid, not a screen's or a dither's dots, keeps its own tone:
 * where a dark pixel's four neighbours are all dark (inside a stroke or a point), it and the
 * dark pixels round it that have two dark neighbours (the point's edge, not a screen's dot
 * touching it) are put back. Smoothed and lifted with the ground, a small decimal point
 * on a coarse screen faded to nothing: a scanned statement's variance column read "(978)" for
 * "(97.8)". Dots of a screen or a dither never have four dark neighbours, so they stay smoothed.
 * It costs letters a printer dithered where their dots touch (a form's grey print, 74.3% word
 * F1 without it, 70.7% with it; a multi-column article 91.9% and 90.9%), and a figure that
 * loses its decimal point is worse than a word lost: a reader trusts the figure.
 */
function keepSolidInk({ width, height, data }: GreyImage, out: Uint8Array, near: Uint8Array, columns: number): void {
  const dark = (i: number) => data[i]! < SOLID_INK;
  for (let y = 2; y < height - 2; y++) {
    const row = Math.floor(y / CELL) * columns;
    for (let x = 2, i = y * width + 2; x < width - 2; x++, i++) {
      if (!near[row + ((x / CELL) | 0)] || !dark(i) || !dark(i - 1) || !dark(i + 1) || !dark(i - width) || !dark(i + width)) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = i + dy * width + dx;
          const solid = dark(j) && Number(dark(j - 1)) + Number(dark(j + 1)) + Number(dark(j - width)) + Number(dark(j + width)) >= 2;
          if (solid && data[j]! < out[j]!) out[j] = data[j]!;
        }
      }
    }
  }
}

/** Cells set where any cell within `reach` (a square) is set. */
function dilate(cells: Uint8Array, columns: number, rows: number, reach: number): Uint8Array {
  const out = new Uint8Array(cells.length);
  for (let gy = 0; gy < rows; gy++)
    for (let gx = 0; gx < columns; gx++) {
      if (!cells[gy * columns + gx]) continue;
      for (let y = Math.max(0, gy - reach); y <= Math.min(rows - 1, gy + reach); y++)
        for (let x = Math.max(0, gx - reach); x <= Math.min(columns - 1, gx + reach); x++) out[y * columns + x] = 1;
    }
  return out;
}

/** Cells set where every cell within `reach` is set (cells past the edge count as set). */
function erode(cells: Uint8Array, columns: number, rows: number, reach: number): Uint8Array {
  const out = new Uint8Array(cells.length);
  for (let gy = 0; gy < rows; gy++)
    for (let gx = 0; gx < columns; gx++) {
      let all = 1;
      for (let y = Math.max(0, gy - reach); all && y <= Math.min(rows - 1, gy + reach); y++)
        for (let x = Math.max(0, gx - reach); x <= Math.min(columns - 1, gx + reach); x++)
          if (!cells[y * columns + x]) {
            all = 0;
            break;
          }
      out[gy * columns + gx] = all;
    }
  return out;
}

/**
 * The image under a 3 by 3 binomial kernel (1 2 1 across, 1 2 1 down): a dither of alternate
 * pixels comes out one even grey, which a plain 3 by 3 mean leaves rippled (4/9 against 5/9).
 */
function binomial({ width, height, data }: GreyImage): Uint8Array {
  const across = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      across[i] = data[x > 0 ? i - 1 : i]! + 2 * data[i]! + data[x < width - 1 ? i + 1 : i]!;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = y > 0 ? -width : 0;
    const down = y < height - 1 ? width : 0;
    for (let x = 0, i = y * width; x < width; x++, i++) out[i] = (across[i + up]! + 2 * across[i]! + across[i + down]! + 8) >> 4;
  }
  return out;
}
