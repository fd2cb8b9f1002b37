import { expect, test } from 'vitest';
import type { OcrLine } from './engine.ts';
import { inRowOrder } from './row-order.ts';

const line = (text: string, x0: number, y0: number, paragraph: string): OcrLine => {
  const box = { x0, y0, x1: x0 + text.length * 10, y1: y0 + 30 };
  return { words: [{ text, confidence: 95, box }], box, paragraph };
};
const texts = (lines: OcrLine[]) => lines.map((one) => `${one.paragraph}:${one.words[0]!.text}`);

test("a row's right half read before its left half is put after it, in the left one's paragraph", () => {
  const read = [line('Exercice 1', 100, 100, '3'), line('b) La fille', 900, 200, '3'), line('a) Le chauffeur', 100, 203, '4'), line('c) Avant', 100, 260, '4')];
  expect(texts(inRowOrder(read))).toEqual(['3:Exercice 1', '4:a) Le chauffeur', '4:b) La fille', '4:c) Avant']);
});

test('two columns, lines of different rows, and a row already read left to right stay as read', () => {
  const columns = [line('left top', 100, 100, '1'), line('left bottom', 100, 900, '1'), line('right top', 900, 100, '2'), line('right bottom', 900, 900, '2')];
  expect(inRowOrder(columns)).toEqual(columns);
  const rows = [line('Cashier: USER', 100, 100, '1'), line('Time: 11:37:00', 900, 102, '2'), line('higher, right', 900, 150, '3'), line('lower, left', 100, 190, '4')];
  expect(inRowOrder(rows)).toEqual(rows);
});
