import { brightLevel } from './histogram.ts';

/** An 8-bit greyscale raster, row by row, 0 = black: what every preprocessing step reads and writes. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * A grey level worked out as a fraction, rounded as Math.round rounds a value of zero or more:
 * the same pixels, in a fraction of Math.round's time in the loops over a 12 MP photo.
 */
export const roundLevel = (value: number): number => (value + 0.5) | 0;

/** A rectangle in an image's pixels, right and bottom edges exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The smallest box holding all of `boxes`. */
export function boundsOf(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}

/** Whether two boxes share any area. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export function createGreyImage(width: number, height: number, fill = 255): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/** RGBA (canvas ImageData, sharp raw) to grey with the Rec. 601 weights Leptonica also uses. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const alpha = rgba[p + 3]! / 255;
    // Transparent pixels are paper, not ink.
    const grey = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
    data[i] = Math.round(grey * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}

/**
 * How much of a pixel's colourfulness darkens it. Luminance leaves a yellow heading
 * (242, 194, 0) at 186, the grey of pale paper to Tesseract, and a light blue one near it: with
 * 0.75 they come to about 35 and 130.
 */
const COLOUR_WEIGHT = 0.75;
/** Channels this far apart are still grey: a camera's colour noise and JPEG's blocks. */
const GREY_SPREAD = 40;

/**
 * Coloured ink made as dark as its colour is strong, on a page already grey: each host gives
 * its own luminance (sharp's, the canvas's), and a grey pixel keeps it to the byte, since the
 * reading of a photo's layout turns on a grey level or two. Colourfulness is measured against
 * the paper's own colour (each channel's bright end, its 90th percentile), so a warm lamp or a
 * cream sheet counts as no colour.
 */
export function darkenColouredInk(grey: GreyImage, rgba: Uint8Array | Uint8ClampedArray): GreyImage {
  const count = grey.width * grey.height;
  const stride = Math.max(1, Math.floor(count / 250_000));
  const paper = [0, 1, 2].map((channel) => {
    const histogram = new Uint32Array(256);
    let seen = 0;
    for (let i = 0; i < count; i += stride, seen++) histogram[rgba[i * 4 + channel]!]!++;
    return 255 / Math.max(1, brightLevel(histogram, seen, 0.1));
  });
  const data = grey.data.slice();
  for (let i = 0, p = 0; i < count; i++, p += 4) {
    const r = Math.min(255, rgba[p]! * paper[0]!);
    const g = Math.min(255, rgba[p + 1]! * paper[1]!);
    const b = Math.min(255, rgba[p + 2]! * paper[2]!);
    const colour = Math.max(r, g, b) - Math.min(r, g, b) - GREY_SPREAD;
    if (colour > 0) data[i] = Math.max(0, Math.round(data[i]! - COLOUR_WEIGHT * colour));
  }
  return { ...grey, data };
}

/**
 * Binary PGM (P5): the simplest format both Leptonica builds (native tesseract and
 * tesseract.js) read, so a prepared page needs no image codec on either side.
 */
export function encodePgm(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const out = new Uint8Array(header.length + image.data.length);
  out.set(header, 0);
  out.set(image.data, header.length);
  return out;
}

/** A box moved by dx, dy. */
export function shiftBox(box: Box, dx: number, dy: number): Box {
  return { x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 + dx, y1: box.y1 + dy };
}

/**
 * A box grown by `margin` on every side, in whole pixels and kept inside the image (boxes
 * from the second recogniser are not whole pixels); undefined when nothing of it is inside.
 */
export function grownBox(box: Box, margin: number, image: { width: number; height: number }): Box | undefined {
  const grown = {
    x0: Math.max(0, Math.floor(box.x0 - margin)),
    y0: Math.max(0, Math.floor(box.y0 - margin)),
    x1: Math.min(image.width, Math.ceil(box.x1 + margin)),
    y1: Math.min(image.height, Math.ceil(box.y1 + margin)),
  };
  return grown.x1 > grown.x0 && grown.y1 > grown.y0 ? grown : undefined;
}

/** Paints boxes, grown by `margin` on every side, white: marks taken out of what is read. */
export function blankBoxes(image: GreyImage, boxes: Box[], margin = 0): void {
  for (const box of boxes) {
    const grown = grownBox(box, margin, image);
    if (!grown) continue;
    for (let y = grown.y0; y < grown.y1; y++) image.data.fill(255, y * image.width + grown.x0, y * image.width + grown.x1);
  }
}

/** A box cut out of an image, as an image of its own. */
export function cropImage(image: GreyImage, box: Box): GreyImage {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const out = createGreyImage(width, height);
  for (let y = 0; y < height; y++) {
    const source = (box.y0 + y) * image.width + box.x0;
    out.data.set(image.data.subarray(source, source + width), y * width);
  }
  return out;
}
