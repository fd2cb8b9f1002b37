import { type GreyImage, roundLevel } from './grey-image.ts';
import { shrinkImage } from './geometry.ts';

// Out-of-focus regions found and sharpened before anything else looks at the page. A photo
// focused on one side of a page, or a receipt that moved in the scanner, is soft in part:
// every decision made on the whole page (paper or photo, letter size, layout, threshold) then
// sees the soft part too, and the recogniser reads soft strokes as other letters. Blur is
// measured where it is, cell by cell, from the steepest edges of the ink there: a step of
// contrast C blurred by a Gaussian of σ pixels has its steepest slope C / (σ √2π), so σ is read
// back from the slope and the contrast. Cells judged soft are sharpened by deconvolution
// (Richardson-Lucy for a Gaussian of the σ they lack) and blended in; sharp cells are left
// exactly as they were.

export interface FocusMap {
  /** Cell side, in pixels. */
  cell: number;
  columns: number;
  rows: number;
  /** Each cell's blur, σ in pixels; NaN where the cell holds no edge steep or long enough to tell. */
  sigma: Float32Array;
}

/**
 * A cell's edges tell its blur only where its contrast is this many grey levels at least (ink
 * on paper); paper alone, or a faint stain, says nothing.
 */
const MIN_CONTRAST = 60;
/** The share of a cell's pixels whose slope counts as its steepest (the strokes' edges). */
const STEEP_SHARE = 0.01;
/**
 * The estimate reads a Gaussian's σ short by about this factor (central differences over a
 * pixel grid): receipts blurred by σ 2 and 3 measure 1.3-1.6 and 1.9-2.3.
 */
const ESTIMATE_SCALE = 0.7;
/** Blur a sharp scan has anyway, as measured: receipts' and scanned pages' edges 0.6-0.8. */
const SHARP_SIGMA = 0.75;
/** A cell is soft from this measured σ (a Gaussian of about σ 1.5 on a sharp scan): sharp scans stay below 1. */
const SOFT_SIGMA = 1.2;
/**
 * A page is sharpened only where at least this share of its measured cells is soft (not one
 * blurred stamp): phone photos as taken measure 0.09-0.11 (a desk's grain, a page's far edge), the
 * same blurred σ 2 on one half 0.19-0.78, receipts blurred σ 2 on one half 0.32-0.66.
 */
const MIN_SOFT_SHARE = 0.15;
/**
 * A larger page (a phone photo, 12 MP) is measured and sharpened at this long side, and given
 * back at it where it is soft: its letters, 20-50 pixels tall as taken, stay above the size
 * preparation reads them at, and deconvolving 12 MP took 15-25 s where 4 MP takes 2-5.
 */
const MAX_LONG_SIDE = 2600;
/**
 * Deconvolution is asked for at most this σ: beyond it the ringing it makes round thin strokes
 * outweighs what it gives back. Measured at 3: a photo's half blurred σ 5 read at 10.9% CER
 * instead of 17.1% (37.3% unsharpened), but receipts blurred σ 3 lost (a receipt's half 10.0% to
 * 26.8%, a whole one 5.8% to 11.2%); at 4 worse still.
 */
const MAX_SIGMA = 2;
/** Richardson-Lucy iterations: measured on blurred receipts, 10 gives back most of what 30 do. */
const ITERATIONS = 10;

/** The cell side for a page: about 40 cells along its long side, never below 24 pixels. */
export const focusCell = (image: { width: number; height: number }) => Math.max(24, Math.round(Math.max(image.width, image.height) / 40));

/** Each cell's blur (σ, pixels) from its contrast and its steepest slopes. */
export function measureFocus(image: GreyImage, cell = focusCell(image)): FocusMap {
  const { width, height, data } = image;
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const sigma = new Float32Array(columns * rows).fill(Number.NaN);
  const levels = new Uint32Array(256);
  // Slopes of central differences, in grey levels per pixel, to 0.5 resolution.
  const slopes = new Uint32Array(512);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const x0 = gx * cell;
      const y0 = gy * cell;
      const x1 = Math.min(width - 1, x0 + cell);
      const y1 = Math.min(height - 1, y0 + cell);
      levels.fill(0);
      slopes.fill(0);
      let count = 0;
      for (let y = Math.max(1, y0); y < y1; y++) {
        for (let x = Math.max(1, x0), i = y * width + x; x < x1; x++, i++) {
          levels[data[i]!]!++;
          const dx = data[i + 1]! - data[i - 1]!;
          const dy = data[i + width]! - data[i - width]!;
          // |∇| of central differences is twice the slope; kept in half levels.
          slopes[Math.min(511, Math.round(Math.sqrt(dx * dx + dy * dy)))]!++;
          count++;
        }
      }
      if (count < cell * cell * 0.25) continue;
      const contrast = percentile(levels, count, 0.98) - percentile(levels, count, 0.02);
      if (contrast < MIN_CONTRAST) continue;
      const steep = percentile(slopes, count, 1 - STEEP_SHARE) / 2;
      if (steep <= 0) continue;
      sigma[gy * columns + gx] = contrast / (steep * Math.sqrt(2 * Math.PI));
    }
  }
  return { cell, columns, rows, sigma };
}

/** The level below which `share` of a histogram's `count` values lie. */
function percentile(histogram: Uint32Array, count: number, share: number): number {
  let seen = 0;
  for (let level = 0; level < histogram.length; level++) {
    seen += histogram[level]!;
    if (seen >= count * share) return level;
  }
  return histogram.length - 1;
}

export interface Sharpened {
  image: GreyImage;
  /** Share of the measured cells that were soft. */
  softShare: number;
  /** The σ the soft cells were sharpened by (their median blur beyond a sharp picture's). */
  sigma: number;
}

/**
 * The page with its soft cells sharpened (a page longer than MAX_LONG_SIDE made that size
 * first), or undefined where it has none to speak of (every clean scan, screenshot and sharp
 * photo: they are read exactly as they came).
 */
export function sharpenOutOfFocus(page: GreyImage, enlarged = 1): Sharpened | undefined {
  // A scan drawn larger than its own pixels (a PDF's 150 dpi scan read at 300) is soft by the
  // drawing alone: whether it is out of focus is told at its own pixels. Deconvolving such a
  // page, in focus, took 5-9 s of a 10 s reading (c02-22-scanned.pdf) and changed no word.
  if (enlarged >= MIN_ENLARGED && !softCells(shrinkImage(page, 1 / enlarged))) return undefined;
  const long = Math.max(page.width, page.height);
  const image = long > MAX_LONG_SIDE ? shrinkImage(page, MAX_LONG_SIDE / long) : page;
  const cells = softCells(image);
  if (!cells) return undefined;
  const { focus, soft, measured } = cells;
  const blur = soft[Math.floor(soft.length / 2)]!;
  const sigma = Math.min(MAX_SIGMA, Math.sqrt(blur * blur - SHARP_SIGMA * SHARP_SIGMA) / ESTIMATE_SCALE);
  const weights = softWeights(focus);
  // Only the band of rows and columns that holds soft cells is deconvolved (a photo's sharp half costs nothing).
  const box = softBox(focus, weights, image, Math.ceil(sigma * 4));
  const crop = cropGrey(image, box);
  const sharp = richardsonLucy(crop, sigma, ITERATIONS);
  const out = new Uint8Array(image.data);
  const { cell, columns, rows } = focus;
  for (let y = box.y0; y < box.y1; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const r0 = Math.floor(fy);
    const r1 = Math.min(rows - 1, r0 + 1);
    const wy = fy - r0;
    for (let x = box.x0; x < box.x1; x++) {
      const fx = Math.min(columns - 1, Math.max(0, (x + 0.5) / cell - 0.5));
      const c0 = Math.floor(fx);
      const c1 = Math.min(columns - 1, c0 + 1);
      const wx = fx - c0;
      const weight =
        (weights[r0 * columns + c0]! * (1 - wx) + weights[r0 * columns + c1]! * wx) * (1 - wy) +
        (weights[r1 * columns + c0]! * (1 - wx) + weights[r1 * columns + c1]! * wx) * wy;
      if (weight <= 0) continue;
      const i = y * image.width + x;
      out[i] = roundLevel(image.data[i]! * (1 - weight) + sharp[(y - box.y0) * crop.width + (x - box.x0)]! * weight);
    }
  }
  return { image: { width: image.width, height: image.height, data: out }, softShare: soft.length / measured.length, sigma };
}

/** A drawing this many times its pixels' size is judged at its pixels (sharpenOutOfFocus). */
const MIN_ENLARGED = 1.3;

/** The page's focus, cell by cell, where enough of its cells are soft to sharpen it (MIN_SOFT_SHARE). */
function softCells(image: GreyImage) {
  const focus = measureFocus(image);
  const measured = [...focus.sigma].filter((value) => !Number.isNaN(value));
  const soft = measured.filter((value) => value >= SOFT_SIGMA).sort((a, b) => a - b);
  if (measured.length === 0 || soft.length < measured.length * MIN_SOFT_SHARE) return undefined;
  return { focus, measured, soft };
}

/**
 * How much of the sharpened page each cell takes, 0 to 1: soft cells 1, and cells with no edges
 * to measure (paper, the space between lines) take what their soft neighbours say, so a soft
 * region is sharpened whole, not in patches.
 */
function softWeights({ columns, rows, sigma }: FocusMap): Float32Array {
  const own = new Float32Array(columns * rows).fill(Number.NaN);
  for (let i = 0; i < own.length; i++) if (!Number.isNaN(sigma[i]!)) own[i] = sigma[i]! >= SOFT_SIGMA ? 1 : 0;
  const weights = new Float32Array(columns * rows);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!Number.isNaN(own[y * columns + x]!)) {
        weights[y * columns + x] = own[y * columns + x]!;
        continue;
      }
      let sum = 0;
      let n = 0;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const value = own[(y + dy) * columns + x + dx];
          if (y + dy < 0 || y + dy >= rows || x + dx < 0 || x + dx >= columns || value === undefined || Number.isNaN(value)) continue;
          sum += value;
          n++;
        }
      }
      weights[y * columns + x] = n > 0 ? sum / n : 0;
    }
  }
  return weights;
}

function softBox({ cell, columns, rows }: FocusMap, weights: Float32Array, image: GreyImage, margin: number) {
  let [x0, y0, x1, y1] = [columns, rows, -1, -1];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (weights[y * columns + x]! <= 0) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  // A cell's weight reaches half a cell past it (the blend between cell centres).
  const grow = cell + margin;
  return {
    x0: Math.max(0, x0 * cell - grow),
    y0: Math.max(0, y0 * cell - grow),
    x1: Math.min(image.width, (x1 + 1) * cell + grow),
    y1: Math.min(image.height, (y1 + 1) * cell + grow),
  };
}

function cropGrey(image: GreyImage, box: { x0: number; y0: number; x1: number; y1: number }): GreyImage {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(image.data.subarray((box.y0 + y) * image.width + box.x0, (box.y0 + y) * image.width + box.x1), y * width);
  return { width, height, data };
}

/**
 * Richardson-Lucy deconvolution for a Gaussian of `sigma` pixels (symmetric, so it is its own
 * adjoint), on the image's ink (255 − grey, plus one so paper is not zero), clamped to 0-255.
 */
export function richardsonLucy(image: GreyImage, sigma: number, iterations: number): Uint8Array {
  const { width, height, data } = image;
  const kernel = gaussianKernel(sigma);
  const observed = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) observed[i] = 256 - data[i]!;
  const estimate = Float32Array.from(observed);
  const scratch = new Float32Array(data.length);
  const blurred = new Float32Array(data.length);
  const ratio = new Float32Array(data.length);
  for (let iteration = 0; iteration < iterations; iteration++) {
    blur(estimate, blurred, scratch, width, height, kernel);
    for (let i = 0; i < ratio.length; i++) ratio[i] = observed[i]! / Math.max(1e-3, blurred[i]!);
    blur(ratio, blurred, scratch, width, height, kernel);
    for (let i = 0; i < estimate.length; i++) estimate[i]! *= blurred[i]!;
  }
  const out = new Uint8Array(data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(256 - estimate[i]!)));
  return out;
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  return kernel;
}

/** Separable Gaussian blur of `source` into `target`, edges clamped (the loops inside the edges take no clamp: 3 times faster). */
function blur(source: Float32Array, target: Float32Array, scratch: Float32Array, width: number, height: number, kernel: Float32Array): void {
  const radius = (kernel.length - 1) / 2;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      if (x >= radius && x < width - radius) for (let k = 0, i = row + x - radius; k < kernel.length; k++, i++) sum += source[i]! * kernel[k]!;
      else for (let k = -radius; k <= radius; k++) sum += source[row + Math.min(width - 1, Math.max(0, x + k))]! * kernel[k + radius]!;
      scratch[row + x] = sum;
    }
  }
  target.fill(0);
  for (let k = -radius; k <= radius; k++) {
    const weight = kernel[k + radius]!;
    for (let y = 0; y < height; y++) {
      const from = Math.min(height - 1, Math.max(0, y + k)) * width;
      const to = y * width;
      for (let x = 0; x < width; x++) target[to + x]! += scratch[from + x]! * weight;
    }
  }
}
