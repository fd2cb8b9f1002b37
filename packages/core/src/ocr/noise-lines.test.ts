import { describe, expect, test } from 'vitest';
import type { OcrLine } from './engine.ts';
import { withoutNoiseLines } from './noise-lines.ts';

function line(text: string, confidence: number): OcrLine {
  const words = text.split(' ').map((word, i) => ({ text: word, confidence, box: { x0: i * 50, y0: 0, x1: i * 50 + 40, y1: 20 } }));
  return { words, box: { x0: 0, y0: 0, x1: words.length * 50, y1: 20 }, paragraph: '1' };
}
const texts = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => w.text).join(' '));

describe('noise lines', () => {
  test('shapes read as symbols and scraps at low confidence go', () => {
    const lines = [line('+ » = = ® EN ® © D D = à', 12), line('Le théâtre grec', 91), line('pe ; a y ssédus ÿ', 24), line('WOW NOONE WN OWEN Od WN —', 28)];
    expect(texts(withoutNoiseLines(lines))).toEqual(['Le théâtre grec']);
  });

  test('unsure lines of word-shaped pieces stay: misread words, an address, amounts', () => {
    const lines = [
      line('Pearman Manths of Resdance', 20),
      line('https://www.industrydocuments.ucsf.edu/docs/nlnv0249', 16),
      line('12/03/2019 35.00 (4.50)', 25),
    ];
    expect(withoutNoiseLines(lines)).toEqual(lines);
  });

  test('symbols read with confidence stay: a rule of dashes, a formula', () => {
    const lines = [line('----------', 100), line('= + × ÷', 80)];
    expect(withoutNoiseLines(lines)).toEqual(lines);
  });
});
