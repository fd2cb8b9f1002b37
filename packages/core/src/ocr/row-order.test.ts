import { expect, test } from 'vitest';
import type { OcrLine } from './engine.ts';
import { linesToText } from './ocr-text.ts';
import { inRowOrder } from './row-order.ts';

const line = (text: string, x0: number, y0: number, paragraph: string): OcrLine => {
  const box = { x0, y0, x1: x0 + text.length * 10, y1: y0 + 30 };
  return { words: text.split(' ').map((word) => ({ text: word, confidence: 95, box })), box, paragraph };
};

test("a row's right half read before its left half becomes one line with it, left to right, in the left one's paragraph", () => {
  const read = [line('Exercice 1', 100, 100, '3'), line('b) La fille', 900, 200, '3'), line('a) Le chauffeur', 100, 203, '4'), line('c) Avant', 100, 260, '4')];
  const out = inRowOrder(read);
  expect(out.map((one) => one.paragraph)).toEqual(['3', '4', '4']);
  expect(linesToText(out)).toBe('Exercice 1\n\na) Le chauffeur b) La fille\nc) Avant');
});

test('a row of three pieces read right to left comes out left to right', () => {
  const receipt = [
    line('Total', 100, 100, '1'),
    line('81.00', 900, 200, '2'),
    line('2', 600, 200, '3'),
    line('Rice', 100, 200, '4'),
    line('Cash', 100, 300, '5'),
  ];
  expect(inRowOrder(receipt).map((one) => one.words.map((word) => word.text).join(' '))).toEqual(['Total', 'Rice 2 81.00', 'Cash']);
});

test('two columns, lines of different rows, and a row already read left to right stay as read', () => {
  const columns = [line('left top', 100, 100, '1'), line('left bottom', 100, 900, '1'), line('right top', 900, 100, '2'), line('right bottom', 900, 900, '2')];
  expect(inRowOrder(columns)).toEqual(columns);
  const rows = [
    line('Cashier: USER', 100, 100, '1'),
    line('Time: 11:37:00', 900, 102, '2'),
    line('higher, right', 900, 150, '3'),
    line('lower, left', 100, 190, '4'),
  ];
  expect(inRowOrder(rows)).toEqual(rows);
});

test('a right-to-left row read from its right end stays so; one read left piece first is put right to left', () => {
  // Tesseract gives an Arabic receipt's row from its right end: already in reading order.
  const asRead = [line('الوقت: 11:37', 700, 100, '1'), line('الكاشير: أحمد', 100, 102, '2')];
  expect(inRowOrder(asRead)).toEqual(asRead);
  // Its pieces in blocks of their own, the left one first: the right one goes first.
  const leftFirst = [line('المجموع', 700, 100, '1'), line('81.00 ريال', 100, 200, '2'), line('أرز', 700, 203, '3'), line('نقدا', 700, 300, '4')];
  expect(inRowOrder(leftFirst).map((one) => one.words.map((word) => word.text).join(' '))).toEqual(['المجموع', 'أرز 81.00 ريال', 'نقدا']);
});
