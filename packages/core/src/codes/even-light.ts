import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import { normalizeIllumination } from '../ocr/preprocess/illumination.ts';

/** Share of the pixels let go dark or light at each end when the contrast is stretched. */
const CLIP = 0.01;

/**
 * Paper made white everywhere (the light evened out as for OCR, in small cells so a code's
 * quiet zone counts as paper), then the grey levels stretched to full range: a shadow or a
 * gradient across a code, or a faint print, no longer puts part of it on the wrong side of
 * ZXing's threshold.
 */
export function evenLight(image: GreyImage): GreyImage {
  const even = normalizeIllumination(image, 8);
  const histogram = new Uint32Array(256);
  for (const value of even.data) histogram[value]!++;
  const clip = even.data.length * CLIP;
  let low = 0;
  for (let seen = 0; low < 255 && (seen += histogram[low]!) <= clip; ) low++;
  let high = 255;
  for (let seen = 0; high > low && (seen += histogram[high]!) <= clip; ) high--;
  const span = Math.max(1, high - low);
  const data = even.data.map((value) => Math.max(0, Math.min(255, Math.round(((value - low) * 255) / span))));
  return { width: even.width, height: even.height, data };
}
