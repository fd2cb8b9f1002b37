import type { Box, GreyImage } from '../preprocess/grey-image.ts';
import type { LineModel } from './line-model.ts';
import { sampleTensor } from './tensor.ts';

/** The recogniser reads lines 48 pixels high. */
const LINE_HEIGHT = 48;

export interface ReadCharacter {
  text: string;
  /** Where the character stands across the line, in the page's pixels. */
  x: number;
  probability: number;
}

/** One detected line read by the model: its characters in order, with where each stands. */
export async function readLine(model: LineModel, image: GreyImage, box: Box): Promise<ReadCharacter[]> {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const width = Math.max(8, Math.round((w * LINE_HEIGHT) / h));
  // PaddleOCR's recogniser takes values in -1..1.
  const { data: scores, dims } = await model.recognize(sampleTensor(image, box, width, LINE_HEIGHT, (grey) => grey / 127.5 - 1));
  const steps = dims[1]!;
  const classes = dims[2]!;
  // Greedy CTC: the best class at each step; repeats and blanks dropped.
  const characters: ReadCharacter[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let probability = -1;
    for (let c = 0; c < classes; c++) {
      const score = scores[t * classes + c]!;
      if (score > probability) {
        probability = score;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      // The model writes some punctuation full width (（, ：, ．); NFKC makes it the usual.
      characters.push({ text: (model.characters[best - 1] ?? '').normalize('NFKC'), x: box.x0 + ((t + 0.5) * w) / steps, probability });
    }
    previous = best;
  }
  return characters;
}
