import type { GreyImage } from './grey-image.ts';

/** Resizes by `factor` with bilinear interpolation (enough for the 1-3× steps OCR needs). */
export function scaleImage(image: GreyImage, factor: number): GreyImage {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const out = new Uint8Array(width * height);
  const { data, width: sw, height: sh } = image;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(sh - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(sw - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = sx - x0;
      const top = data[y0 * sw + x0]! * (1 - wx) + data[y0 * sw + x1]! * wx;
      const bottom = data[y1 * sw + x0]! * (1 - wx) + data[y1 * sw + x1]! * wx;
      out[y * width + x] = Math.round(top * (1 - wy) + bottom * wy);
    }
  }
  return { width, height, data: out };
}

/** Turns the image by `degrees` (positive = clockwise) about its centre; uncovered corners are paper. */
export function rotateImage(image: GreyImage, degrees: number): GreyImage {
  const { width, height, data } = image;
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
      const sx = cos * dx + sin * dy + cx;
      const sy = -sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        out[y * width + x] = 255;
        continue;
      }
      const wx = sx - x0;
      const wy = sy - y0;
      const i = y0 * width + x0;
      const top = data[i]! * (1 - wx) + data[i + 1]! * wx;
      const bottom = data[i + width]! * (1 - wx) + data[i + width + 1]! * wx;
      out[y * width + x] = Math.round(top * (1 - wy) + bottom * wy);
    }
  }
  return { width, height, data: out };
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
  for (let y = 0; y < height; y++) {
    const sy0 = Math.floor(y / factor);
    const sy1 = Math.min(sh, Math.max(sy0 + 1, Math.floor((y + 1) / factor)));
    for (let x = 0; x < width; x++) {
      const sx0 = Math.floor(x / factor);
      const sx1 = Math.min(sw, Math.max(sx0 + 1, Math.floor((x + 1) / factor)));
      let sum = 0;
      for (let yy = sy0; yy < sy1; yy++) for (let xx = sx0, i = yy * sw + sx0; xx < sx1; xx++, i++) sum += data[i]!;
      out[y * width + x] = Math.round(sum / ((sy1 - sy0) * (sx1 - sx0)));
    }
  }
  return { width, height, data: out };
}
