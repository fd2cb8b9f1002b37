import { sampleBilinear } from '../preprocess/geometry.ts';
import type { Box, GreyImage } from '../preprocess/grey-image.ts';

/**
 * What the models take and give. Kept apart from line-model.ts, whose onnxruntime import the
 * browser's bundle must not reach.
 */
export interface Tensor {
  data: Float32Array;
  dims: readonly number[];
}

/**
 * A box of a grey page resampled to width × height as the models take it: three colour planes
 * (the same grey in each), every value normalised for its plane.
 */
export function sampleTensor(image: GreyImage, box: Box, width: number, height: number, normalise: (grey: number, plane: number) => number): Tensor {
  const sx = (box.x1 - box.x0) / width;
  const sy = (box.y1 - box.y0) / height;
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grey = sampleBilinear(image, box.x0 + (x + 0.5) * sx - 0.5, box.y0 + (y + 0.5) * sy - 0.5);
      for (let c = 0; c < 3; c++) data[c * plane + y * width + x] = normalise(grey, c);
    }
  }
  return { data, dims: [1, 3, height, width] };
}
