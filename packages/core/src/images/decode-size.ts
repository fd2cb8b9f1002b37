import { ConversionError } from '../errors.ts';
import { DECODE_BUDGET_BYTES } from '../limits.ts';

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * The size a picture of `width` × `height` is worked at: itself within `maxPixels`, else
 * scaled down to it with its proportions kept (each side rounded down, at least 1).
 */
export function workingSize(width: number, height: number, maxPixels: number): PixelSize {
  if (width * height <= maxPixels) return { width, height };
  const scale = Math.sqrt(maxPixels / (width * height));
  let w = Math.max(1, Math.floor(width * scale));
  let h = Math.max(1, Math.floor(height * scale));
  // Rounding can leave a pixel row too many on very long strips.
  while (w * h > maxPixels && (w > 1 || h > 1)) {
    if (w >= h) w--;
    else h--;
  }
  return { width: w, height: h };
}

/**
 * The size a decoder that reads a JPEG at a reduced scale (libjpeg's n/8, n = 1…8) decodes
 * to for `target`: the smallest such scale that still covers it, as Chromium's ImageDecoder
 * and libvips pick it.
 */
export function reducedDecodeSize(size: PixelSize, target: PixelSize): PixelSize {
  const eighths = Math.min(8, Math.max(1, Math.ceil(8 * Math.max(target.width / size.width, target.height / size.height) - 1e-9)));
  return { width: Math.ceil((size.width * eighths) / 8), height: Math.ceil((size.height * eighths) / 8) };
}

/** Bytes a decoder holds for a picture worked at `maxPixels`: 4 a pixel of the size it decodes at. */
export function decodeBytes(size: PixelSize, maxPixels: number, reduces: boolean): number {
  const target = workingSize(size.width, size.height, maxPixels);
  const decoded = reduces && (target.width < size.width || target.height < size.height) ? reducedDecodeSize(size, target) : size;
  return decoded.width * decoded.height * 4;
}

/**
 * Refuses, before anything decodes, a picture whose decoding would take more memory than
 * DECODE_BUDGET_BYTES: 'too-large-to-open' with the picture's size and both figures in MB.
 * `reduces` says whether this host's decoder reads this type at a reduced size.
 */
export function checkDecodeBudget(size: PixelSize, maxPixels: number, reduces: boolean, budget = DECODE_BUDGET_BYTES): void {
  const needed = decodeBytes(size, maxPixels, reduces);
  if (needed <= budget) return;
  const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024));
  throw new ConversionError('too-large-to-open', `Opening a ${size.width}×${size.height} picture needs ${mb(needed)} MB; the limit is ${mb(budget)} MB.`, {
    width: size.width,
    height: size.height,
    neededMegabytes: mb(needed),
    maxMegabytes: Math.floor(budget / (1024 * 1024)),
  });
}
