import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import { boxMean } from './box-blur.ts';

/**
 * Undoes some of a defocus blur of `radius` pixels (a box, as an out-of-focus lens spreads a
 * point over a disc) by Van Cittert's iteration: the estimate is blurred, compared with the
 * picture, and the difference added back. A thin bar or space that the blur left as a grey
 * ripple between its neighbours gets its depth back; ZXing's edge finding needs that depth.
 * Overshoot is clipped so noise cannot grow without bound.
 */
export function unblur(image: GreyImage, radius: number, iterations = 5): GreyImage {
  const { width, height, data } = image;
  const observed = Float32Array.from(data);
  const estimate = observed.slice();
  for (let round = 0; round < iterations; round++) {
    const blurred = boxMean(estimate, width, height, radius, radius);
    for (let i = 0; i < estimate.length; i++) {
      estimate[i] = Math.max(-128, Math.min(383, estimate[i]! + observed[i]! - blurred[i]!));
    }
  }
  return { width, height, data: Uint8Array.from(estimate, (value) => Math.max(0, Math.min(255, Math.round(value)))) };
}
