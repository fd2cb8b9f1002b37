import { expect, test } from 'vitest';
import type { OcrLine } from './engine.ts';
import { doubtfulLines, spliceLines } from './doubtful-lines.ts';

const line = (text: string, y: number, confidence = 96): OcrLine => ({
  words: text.split(' ').map((word, i) => ({ text: word, confidence, box: { x0: i * 50, y0: y, x1: i * 50 + 40, y1: y + 20 } })),
  box: { x0: 0, y0: y, x1: 400, y1: y + 20 },
  paragraph: 'p',
});
const texts = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => w.text).join(' '));

test('a line is doubtful where a word was read unsure or a word of letters is not in the dictionary', () => {
  const known = new Set(['the', 'total', 'was', 'paid']);
  const isWord = (word: string) => known.has(word.toLowerCase());
  const lines = [line('The total was', 0), line('tbe total', 30), line('paid 12.50', 60), line('The total', 90, 70), line('(paid) 13 A-14 B', 120)];
  expect(doubtfulLines(lines, isWord)).toEqual([1, 3]);
  // Without a dictionary only the confidence counts.
  expect(doubtfulLines(lines)).toEqual([3]);
});

test('chosen lines go back where their lines were, lines added after them, lines emptied out', () => {
  const lines = [line('one', 0), line('twa', 30), line('three', 60), line('fuor', 90), line('five', 120)];
  const chosen = [{ ...line('two', 30), from: 1 }, line('two and a half', 45), { ...line('four', 90), from: 3 }];
  expect(texts(spliceLines(lines, [1, 3], chosen))).toEqual(['one', 'two', 'two and a half', 'three', 'four', 'five']);
  expect(spliceLines(lines, [1, 3], chosen).some((l) => 'from' in l)).toBe(false);
  // A doubtful line the choice emptied is gone; the others stay.
  expect(texts(spliceLines(lines, [1, 3], [{ ...line('four', 90), from: 3 }]))).toEqual(['one', 'three', 'four', 'five']);
});
