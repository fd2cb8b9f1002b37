import type { Box, GreyImage } from './preprocess/grey-image.ts';

/**
 * Draws a text in one face, black on white, large enough that its strokes are clear (about
 * 100 px high): the host's canvas (OffscreenCanvas in the browser, @napi-rs/canvas in Node).
 * Undefined where nothing was drawn.
 */
export type DrawText = (text: string, face: string) => GreyImage | undefined;

/** Ink darker than halfway between a crop's darkest and lightest grey. */
function inkOf(image: GreyImage, box: Box): { ink: Float32Array; width: number; height: number } | undefined {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  if (width < 2 || height < 2) return undefined;
  let dark = 255;
  let light = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const value = image.data[y * image.width + x]!;
      if (value < dark) dark = value;
      if (value > light) light = value;
    }
  const threshold = (dark + light) / 2;
  const ink = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) ink[y * width + x] = image.data[(box.y0 + y) * image.width + box.x0 + x]! < threshold ? 1 : 0;
  return { ink, width, height };
}

/** The drawn text's ink, its own tight box stretched onto width × height (area averaged). */
function stretchedInk(drawn: GreyImage, width: number, height: number): Float32Array | undefined {
  let x0 = drawn.width;
  let y0 = drawn.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < drawn.height; y++)
    for (let x = 0; x < drawn.width; x++)
      if (drawn.data[y * drawn.width + x]! < 128) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return undefined;
  const out = new Float32Array(width * height);
  const sx = (x1 - x0 + 1) / width;
  const sy = (y1 - y0 + 1) / height;
  for (let y = 0; y < height; y++) {
    const top = Math.floor(y0 + y * sy);
    const bottom = Math.max(top + 1, Math.floor(y0 + (y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const left = Math.floor(x0 + x * sx);
      const right = Math.max(left + 1, Math.floor(x0 + (x + 1) * sx));
      let sum = 0;
      for (let yy = top; yy < bottom; yy++) for (let xx = left; xx < right; xx++) sum += drawn.data[yy * drawn.width + xx]! < 128 ? 1 : 0;
      out[y * width + x] = sum / ((bottom - top) * (right - left));
    }
  }
  return out;
}

/** A 3 × 3 mean: a pixel's shift between the scan and the drawing costs little. */
function soften(values: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const X = x + dx;
          const Y = y + dy;
          if (X >= 0 && Y >= 0 && X < width && Y < height) {
            sum += values[Y * width + X]!;
            n++;
          }
        }
      out[y * width + x] = sum / n;
    }
  return out;
}

/** Boxes larger than this (in pixels) are not compared: a whole line merged into one place. */
const MAX_FIT_AREA = 200_000;

/**
 * How well a candidate text's glyphs fit the page's pixels in a word's box, 0 to 1: the text
 * drawn in each face, its ink stretched onto the box, compared with the page's ink there
 * (overlap over union of the two, softened by a pixel), the best face kept. Two readings of
 * the same place differ in a letter or a mark ("$" or "S", "8" or "9", a decimal point); the
 * one whose drawing covers the ink that is there, and no ink that is not, fits better. Scribe.js
 * publishes this idea; this is our own code.
 */
export function glyphFit(page: GreyImage, box: Box, text: string, draw: DrawText, faces: readonly string[]): number {
  const clipped = {
    x0: Math.max(0, Math.round(box.x0)),
    y0: Math.max(0, Math.round(box.y0)),
    x1: Math.min(page.width, Math.round(box.x1)),
    y1: Math.min(page.height, Math.round(box.y1)),
  };
  if ((clipped.x1 - clipped.x0) * (clipped.y1 - clipped.y0) > MAX_FIT_AREA) return 0;
  const crop = inkOf(page, clipped);
  if (!crop) return 0;
  const seen = soften(crop.ink, crop.width, crop.height);
  let best = 0;
  for (const face of faces) {
    const drawn = draw(text, face);
    const ink = drawn && stretchedInk(drawn, crop.width, crop.height);
    if (!ink) continue;
    const expected = soften(ink, crop.width, crop.height);
    let both = 0;
    let either = 0;
    for (let i = 0; i < seen.length; i++) {
      both += Math.min(seen[i]!, expected[i]!);
      either += Math.max(seen[i]!, expected[i]!);
    }
    if (either > 0) best = Math.max(best, both / either);
  }
  return best;
}
