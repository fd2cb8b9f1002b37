import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import { sampleBilinear } from '../ocr/preprocess/geometry.ts';

/**
 * Turns the image by `degrees` about its centre onto a canvas large enough to hold all of it,
 * the new corners paper-white: a code near a corner is not cut off.
 */
export function turnImage(image: GreyImage, degrees: number): GreyImage {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const width = Math.ceil(Math.abs(image.width * cos) + Math.abs(image.height * sin));
  const height = Math.ceil(Math.abs(image.width * sin) + Math.abs(image.height * cos));
  const cx = image.width / 2;
  const cy = image.height / 2;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - height / 2;
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - width / 2;
      out[y * width + x] = Math.round(sampleBilinear(image, cos * dx + sin * dy + cx - 0.5, -sin * dx + cos * dy + cy - 0.5));
    }
  }
  return { width, height, data: out };
}
