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

/**
 * Whether the model may write each of its classes on a page in a Latin-script language (the
 * languages it reads for, LINE_MODEL_LANGUAGES): letters of the Latin script, digits,
 * punctuation and combining marks. Its dictionary is Chinese and English; left free, it wrote
 * Han characters (亿, 川, 电) into English text where a blot or a figure looked like one.
 * Class 0, CTC's blank, is always allowed.
 */
const latinClasses = new WeakMap<LineModel, boolean[]>();
function writableClasses(model: LineModel): boolean[] {
  let classes = latinClasses.get(model);
  if (!classes) {
    classes = [true, ...model.characters.map((character) => /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+$/u.test(character.normalize('NFKC')))];
    latinClasses.set(model, classes);
  }
  return classes;
}

/**
 * One detected line read by the model: its characters in order, with where each stands. At
 * each step the best class the page's script allows wins, so a character of another script is
 * never written: where the model saw one, the likeliest Latin letter, digit or mark, or none.
 */
export async function readLine(model: LineModel, image: GreyImage, box: Box): Promise<ReadCharacter[]> {
  const writable = writableClasses(model);
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
      if (writable[c] === false) continue;
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
