import type { RgbaImage } from '../conversion.ts';

/**
 * Turns a colour picture by `degrees` (positive = clockwise) about its centre, on a canvas of
 * the same size, bilinear; the uncovered corners are white paper. The colour twin of the OCR's
 * grey rotateImage, with the same geometry, so word boxes follow it by the same formula.
 */
export function rotateRgba(image: RgbaImage, degrees: number): RgbaImage {
  const { width, height, data } = image;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const cx = width / 2;
  const cy = height / 2;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Inverse mapping: where in the source this output pixel comes from.
      const dx = x - cx;
      const dy = y - cy;
      const sx = cos * dx + sin * dy + cx;
      const sy = -sin * dx + cos * dy + cy;
      const at = (y * width + x) * 4;
      if (!(sx >= 0 && sy >= 0 && sx <= width - 1 && sy <= height - 1)) {
        out.fill(255, at, at + 4);
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const wx = sx - x0;
      const wy = sy - y0;
      const a = (y0 * width + x0) * 4;
      const b = (y0 * width + x1) * 4;
      const c = (y1 * width + x0) * 4;
      const d = (y1 * width + x1) * 4;
      for (let channel = 0; channel < 4; channel++) {
        const top = data[a + channel]! * (1 - wx) + data[b + channel]! * wx;
        const bottom = data[c + channel]! * (1 - wx) + data[d + channel]! * wx;
        out[at + channel] = top * (1 - wy) + bottom * wy;
      }
    }
  }
  return { width, height, data: out };
}

/** Where a point of the picture lands once rotateRgba (or rotateImage) has turned it by `degrees`. */
export function rotatedPoint(x: number, y: number, width: number, height: number, degrees: number): { x: number; y: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const dx = x - width / 2;
  const dy = y - height / 2;
  return { x: cos * dx - sin * dy + width / 2, y: sin * dx + cos * dy + height / 2 };
}
