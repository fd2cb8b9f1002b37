import { expect, test } from 'vitest';
import { readingToPage, wordsOfRuns, wordsOnPage } from './page-words.ts';
import type { PageText } from './pipeline.ts';

const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, confidence: 95, box: { x0, y0, x1, y1 } });

/** A reading of a 200×100 page turned a quarter clockwise and doubled: the prepared page is 200×400. */
const turned: Pick<PageText, 'placement' | 'image' | 'lines'> = {
  placement: { turns: 1, skew: 0, flattened: false, levelled: false },
  image: { width: 200, height: 400, data: new Uint8Array(0) },
  lines: [{ words: [word('Hi', 20, 40, 60, 80)], box: { x0: 20, y0: 40, x1: 60, y1: 80 }, paragraph: '0' }],
};

test('boxes go back through the turn and the scale, to the page given and on to the caller’s pixels', () => {
  const map = readingToPage(turned, 200, 100)!;
  // The prepared page's top left corner was the given page's bottom left.
  expect(map(0, 0)).toEqual({ x: 0, y: 100 });
  expect(wordsOnPage(turned, 200, 100)).toEqual([[{ text: 'Hi', left: 20, top: 70, width: 20, height: 20 }]]);
  expect(wordsOnPage(turned, 200, 100, 3)).toEqual([[{ text: 'Hi', left: 60, top: 210, width: 60, height: 60 }]]);
});

test('a flattened photo’s boxes are not placed', () => {
  expect(wordsOnPage({ ...turned, placement: { ...turned.placement, flattened: true } }, 200, 100)).toBeUndefined();
});

test('text-layer runs: words split at spaces, one line per baseline, at the scale asked', () => {
  const runs = [
    { str: 'two words', x: 10, y: 700, width: 90, size: 10 },
    { str: 'after', x: 110, y: 700, width: 50, size: 10 },
    { str: 'below', x: 10, y: 680, width: 50, size: 10 },
  ];
  const lines = wordsOfRuns(runs, 800, 2);
  expect(lines.map((line) => line.map((w) => w.text))).toEqual([['two', 'words', 'after'], ['below']]);
  // 'words' starts 4 of 9 characters in: x 10 + 40 = 50 pt, 100 px; its top 8 pt above the baseline 100 pt from the top.
  expect(lines[0]![1]).toEqual({ text: 'words', left: 100, top: 184, width: 100, height: 20 });
});
