import type { RgbaImage } from '../conversion.ts';
import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import type { ZxingPixels } from './zxing-reader.ts';

/** A grey image as the RGBA pixels ZXing reads (it turns them back to grey itself). */
export function zxingPixels({ width, height, data }: GreyImage): ZxingPixels {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const value = data[i]!;
    rgba[p] = value;
    rgba[p + 1] = value;
    rgba[p + 2] = value;
    rgba[p + 3] = 255;
  }
  return { width, height, data: rgba };
}

/**
 * The picture on white paper. ZXing ignores alpha, so a code drawn on a transparent background
 * (as QR generators offer, and as the browser's decoder leaves it) would read as black on its
 * transparent black; composited on white it reads as printed.
 */
export function onWhite(image: RgbaImage): RgbaImage {
  const { data } = image;
  let opaque = true;
  for (let p = 3; p < data.length && opaque; p += 4) opaque = data[p] === 255;
  if (opaque) return image;
  const out = new Uint8ClampedArray(data.length);
  for (let p = 0; p < data.length; p += 4) {
    const alpha = data[p + 3]! / 255;
    out[p] = data[p]! * alpha + 255 * (1 - alpha);
    out[p + 1] = data[p + 1]! * alpha + 255 * (1 - alpha);
    out[p + 2] = data[p + 2]! * alpha + 255 * (1 - alpha);
    out[p + 3] = 255;
  }
  return { width: image.width, height: image.height, data: out };
}
