import { expect, test } from 'vitest';
import { letterReach, lineBands, paragraphSizes, type MeasuredWord } from './line-bands.ts';

test("a word's letters say which lines its box reaches", () => {
  expect(letterReach('summer')).toEqual({ top: 'x-height', bottom: 'baseline' });
  expect(letterReach('jolly')).toEqual({ top: 'ascender', bottom: 'descender' });
  expect(letterReach('Hello,')).toEqual({ top: 'ascender' });
  expect(letterReach('gorge')).toEqual({ top: 'x-height', bottom: 'descender' });
  expect(letterReach('“Runs')).toEqual({ top: 'ascender', bottom: 'baseline' });
  expect(letterReach('можно')).toEqual({ top: 'x-height', bottom: 'baseline' });
  // An accent or a bracket reaches past the lines by an amount of its own: it says nothing.
  expect(letterReach('(déjà)')).toEqual({});
});

// A face of ascender height 30 pixels, x-height 21 and descender 9, on a baseline at y.
function word(text: string, y: number): MeasuredWord {
  const reach = letterReach(text);
  return { text, top: y - (reach.top === 'x-height' ? 21 : 30), bottom: y + (reach.bottom === 'descender' ? 9 : 0) };
}

test('lines set in one size get one band whatever letters they hold; a larger line a larger one', () => {
  const lines = [
    ['The', 'quick', 'brown', 'fox', 'jumps'].map((text) => word(text, 100)),
    ['Hello', 'world', 'and', 'all'].map((text) => word(text, 150)),
    ['summer', 'moon', 'nears', 'us'].map((text) => word(text, 200)),
    ['gorge', 'was', 'gone'].map((text) => word(text, 250)),
  ];
  const bands = lineBands(lines);
  // The band boxes alone give: 39, 30, 21 and 30 pixels.
  for (const [index, band] of bands.entries()) {
    expect(band.baseline).toBeCloseTo(100 + 50 * index, 5);
    expect(band.bottom - band.top).toBeCloseTo(39, 5);
  }
  const heading = lineBands([...lines, ['Heading', 'here'].map((text) => ({ ...word(text, 300), top: 300 - 45 }))]);
  expect(heading[4]!.bottom - heading[4]!.top).toBeGreaterThan(45);
});

test("a paragraph's lines take its median size, a heading of its own keeps its size", () => {
  expect(paragraphSizes([39, 38, 40, 52, 39.5, 38.5], ['1.1', '1.1', '1.1', '1.2', '1.3', '1.3'])).toEqual([39, 39, 39, 52, 39, 39]);
});
