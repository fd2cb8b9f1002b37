// The band of a real scanned table read by two models (fixtures/choose-words-table.json, cut by
// bench/ocr/word-choice.ts --fixture), shared by the tests of the per-word choice and the glyph fit.
import { readFileSync } from 'node:fs';
import type { Reading } from '../packages/core/src/ocr/choose-words.ts';
import type { OcrBox, OcrLine } from '../packages/core/src/ocr/engine.ts';

export interface ChoiceFixture {
  readings: (Reading & { reader: string })[];
  truth: { text: string; box: OcrBox }[];
  dictionary: string[];
}

export const choiceFixture = JSON.parse(readFileSync(new URL('./fixtures/choose-words-table.json', import.meta.url), 'utf8')) as ChoiceFixture;

/** What a reading holds at each true word: the words whose centres lie in its box. */
export function readAt(lines: OcrLine[], truth: ChoiceFixture['truth'] = choiceFixture.truth): string[] {
  const words = lines.flatMap((line) => line.words);
  return truth.map(({ box }) =>
    words
      .filter((word) => {
        const x = (word.box.x0 + word.box.x1) / 2;
        const y = (word.box.y0 + word.box.y1) / 2;
        return x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      })
      .map((word) => word.text)
      .join(' '),
  );
}
