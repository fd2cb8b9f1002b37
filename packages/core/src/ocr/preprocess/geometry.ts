import { type GreyImage, roundLevel } from './grey-image.ts';

/** The grey level between pixels, by bilinear interpolation; paper (255) outside the image. */
export function sampleBilinear({ width, height, data }: GreyImage, sx: number, sy: number): number {
  if (!(sx >= 0 && sy >= 0 && sx <= width - 1 && sy <= height - 1)) return 255;
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const wx = sx - x0;
  const wy = sy - y0;
  const top = data[y0 * width + x0]! * (1 - wx) + data[y0 * width + x1]! * wx;
  const bottom = data[y1 * width + x0]! * (1 - wx) + data[y1 * width + x1]! * wx;
  return top * (1 - wy) + bottom * wy;
}

/**
 * Bilinear sampling along one axis, worked out once for every row or column: for each of
 * `count` output places, the two source places it lies between (of `sourceCount`, its centre
 * at (i + 0.5) / `scale` - 0.5, kept inside) and the weight of the second.
 */
export function bilinearSpans(count: number, sourceCount: number, scale: number) {
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  const weight = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const at = Math.min(sourceCount - 1, Math.max(0, (i + 0.5) / scale - 0.5));
    left[i] = Math.floor(at);
    right[i] = Math.min(sourceCount - 1, left[i]! + 1);
    weight[i] = at - left[i]!;
  }
  return { left, right, weight };
}

/** Resizes by `factor` with bilinear interpolation (enough for the 1-3× steps OCR needs). */
export function scaleImage(image: GreyImage, factor: number): GreyImage {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const { width: sw, height: sh, data } = image;
  const out = new Uint8Array(width * height);
  // sampleBilinear's sums in the same order, each place's source pixels and weights worked out
  // once: the pixels come out the same, in a third of the time.
  const columns = bilinearSpans(width, sw, factor);
  const rows = bilinearSpans(height, sh, factor);
  for (let y = 0; y < height; y++) {
    const top = rows.left[y]! * sw;
    const bottom = rows.right[y]! * sw;
    const wy = rows.weight[y]!;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const l = columns.left[x]!;
      const r = columns.right[x]!;
      const wx = columns.weight[x]!;
      const upper = data[top + l]! * (1 - wx) + data[top + r]! * wx;
      const lower = data[bottom + l]! * (1 - wx) + data[bottom + r]! * wx;
      out[i] = roundLevel(upper * (1 - wy) + lower * wy);
    }
  }
  return { width, height, data: out };
}

/** Turns the image by `degrees` (positive = clockwise) about its centre; uncovered corners are paper. */
export function rotateImage(image: GreyImage, degrees: number): GreyImage {
  const { width, height } = image;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const cx = width / 2;
  const cy = height / 2;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Inverse mapping: where in the source does this output pixel come from?
      const dx = x - cx;
      const dy = y - cy;
      out[y * width + x] = roundLevel(sampleBilinear(image, cos * dx + sin * dy + cx, -sin * dx + cos * dy + cy));
    }
  }
  return { width, height, data: out };
}

/**
 * Turns the image by `degrees` as rotateImage does, on a canvas grown to hold all of it: a
 * page turned by tens of degrees would otherwise lose its corners. New ground takes the grey
 * `background` (a photo's desk, so that the page's outline is still found against it).
 */
export function rotateExpanded(image: GreyImage, degrees: number, background = 255): GreyImage {
  const { width, height } = image;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const outWidth = Math.ceil(Math.abs(width * cos) + Math.abs(height * sin));
  const outHeight = Math.ceil(Math.abs(width * sin) + Math.abs(height * cos));
  const out = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const dx = x - outWidth / 2;
      const dy = y - outHeight / 2;
      const sx = cos * dx + sin * dy + width / 2;
      const sy = -sin * dx + cos * dy + height / 2;
      out[y * outWidth + x] = sx >= 0 && sy >= 0 && sx <= width - 1 && sy <= height - 1 ? roundLevel(sampleBilinear(image, sx, sy)) : background;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

/** Turns the image by whole quarter turns clockwise: exact, no resampling. */
export function rotateQuarterTurns(image: GreyImage, turns: 0 | 1 | 2 | 3): GreyImage {
  if (turns === 0) return image;
  const { width, height, data } = image;
  const sideways = turns % 2 === 1;
  const outWidth = sideways ? height : width;
  const outHeight = sideways ? width : height;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let ox: number;
      let oy: number;
      if (turns === 1) {
        ox = height - 1 - y;
        oy = x;
      } else if (turns === 2) {
        ox = width - 1 - x;
        oy = height - 1 - y;
      } else {
        ox = y;
        oy = width - 1 - x;
      }
      out[oy * outWidth + ox] = data[y * width + x]!;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

/** Shrinks by `factor` (< 1), each pixel the mean of the pixels it covers, so thin strokes survive. */
export function shrinkImage(image: GreyImage, factor: number): GreyImage {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const out = new Uint8Array(width * height);
  const { data, width: sw, height: sh } = image;
  const from = new Int32Array(width);
  const to = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    from[x] = Math.floor(x / factor);
    to[x] = Math.min(sw, Math.max(from[x]! + 1, Math.floor((x + 1) / factor)));
  }
  // The source rows of an output row summed column by column first, in one pass along memory,
  // then those sums added up along the row, so a pixel's sum is one difference: the same
  // integer sums as pixel by pixel (and the same rounding of a positive mean), in a fraction of
  // the time on a 12 MP photo, which is shrunk three times over (its glance, its focus, its plain reading).
  const columns = new Float64Array(sw + 1);
  for (let y = 0; y < height; y++) {
    const sy0 = Math.floor(y / factor);
    const sy1 = Math.min(sh, Math.max(sy0 + 1, Math.floor((y + 1) / factor)));
    columns.fill(0);
    for (let yy = sy0; yy < sy1; yy++) for (let x = 0, i = yy * sw; x < sw; x++, i++) columns[x + 1]! += data[i]!;
    for (let x = 1; x <= sw; x++) columns[x]! += columns[x - 1]!;
    const rows = sy1 - sy0;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const sx0 = from[x]!;
      const sx1 = to[x]!;
      out[i] = roundLevel((columns[sx1]! - columns[sx0]!) / (rows * (sx1 - sx0)));
    }
  }
  return { width, height, data: out };
}
