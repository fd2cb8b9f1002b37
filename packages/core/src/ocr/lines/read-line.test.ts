import { expect, test } from 'vitest';
import { createGreyImage } from '../preprocess/grey-image.ts';
import type { LineModel } from './line-model.ts';
import { readLine } from './read-line.ts';

/** A model whose recogniser answers fixed class probabilities, a row a step. */
function modelAnswering(characters: string[], steps: number[][]): LineModel {
  return {
    characters,
    detect: () => Promise.reject(new Error('not asked')),
    recognize: async () => ({ data: Float32Array.from(steps.flat()), dims: [1, steps.length, characters.length + 1] }),
  };
}

test("the line reader writes no character of another script than the page's: the likeliest Latin one stands", async () => {
  // Classes: blank, a, 亿, 1, é, 川.
  const model = modelAnswering(
    ['a', '亿', '1', 'é', '川'],
    [
      [0.05, 0.15, 0.8, 0, 0, 0],
      [0.9, 0, 0.1, 0, 0, 0],
      [0.1, 0, 0, 0.2, 0, 0.7],
      [0.2, 0, 0, 0, 0.8, 0],
      [0.1, 0, 0, 0, 0, 0.9],
    ],
  );
  const characters = await readLine(model, createGreyImage(200, 40), { x0: 0, y0: 0, x1: 200, y1: 40 });
  // Where 亿 and 川 were likeliest, a and 1 are written, each with its own probability; a Han
  // character with nothing Latin beside it becomes a blank.
  expect(characters.map((character) => character.text).join('')).toBe('a1é');
  expect(characters.map((character) => character.probability)).toEqual([0.15, 0.2, 0.8].map(Math.fround));
  expect(characters.some((character) => /\p{Script=Han}/u.test(character.text))).toBe(false);
});
