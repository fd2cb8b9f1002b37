import { findBlobs } from '../preprocess/components.ts';
import type { Box, GreyImage } from '../preprocess/grey-image.ts';
import type { LineModel } from './line-model.ts';
import { sampleTensor } from './tensor.ts';

/**
 * PaddleOCR's detector settings: the page's longer side at most 960 pixels (measured on the
 * receipts: 1280 and 1920 found worse boxes and cost more), ImageNet's normalisation, pixels
 * above 0.3 are text, and each region grown by 1.5 × area / perimeter ("unclip") to take in
 * the letters' edges the map leaves out.
 */
const LIMIT_SIDE = 960;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
const TEXT_PROBABILITY = 0.3;
const UNCLIP = 1.5;

/** The text lines of a prepared page, as boxes in its pixels. */
export async function detectLines(model: LineModel, image: GreyImage): Promise<Box[]> {
  const scale = Math.min(1, LIMIT_SIDE / Math.max(image.width, image.height));
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const sx = image.width / width;
  const sy = image.height / height;
  const plane = width * height;
  const whole = { x0: 0, y0: 0, x1: image.width, y1: image.height };
  const { data: probability } = await model.detect(sampleTensor(image, whole, width, height, (grey, c) => (grey / 255 - MEAN[c]!) / STD[c]!));
  const mask: GreyImage = { width, height, data: new Uint8Array(plane) };
  for (let i = 0; i < plane; i++) mask.data[i] = probability[i]! > TEXT_PROBABILITY ? 0 : 255;
  return findBlobs(mask, 128)
    .filter((blob) => blob.x1 - blob.x0 >= 3 && blob.y1 - blob.y0 >= 3)
    .map((blob) => {
      const w = blob.x1 - blob.x0;
      const h = blob.y1 - blob.y0;
      const grow = (w * h * UNCLIP) / (2 * (w + h));
      return {
        x0: Math.max(0, (blob.x0 - grow) * sx),
        y0: Math.max(0, (blob.y0 - grow) * sy),
        x1: Math.min(image.width, (blob.x1 + grow) * sx),
        y1: Math.min(image.height, (blob.y1 + grow) * sy),
      };
    });
}
