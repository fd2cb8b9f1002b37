import { describe, expect, test } from 'vitest';
import { bidiClassOf, keepGlyphsWhole, visualToLogical } from './bidi-runs.ts';
import { layoutText, type PositionedText } from './text-layout.ts';

const reversed = (text: string) => [...text].reverse().join('');

describe('pieces drawn left to right, put in reading order', () => {
  const order = (pieces: string[], rtl: boolean) => visualToLogical(pieces, bidiClassOf, rtl).join('');

  test('an Arabic word inside an English line keeps its place, its letters read from the right', () => {
    expect(order(['English ', 'ي', 'ب', 'ر', 'ع', ' inside.'], false)).toBe('English عربي inside.');
  });

  test('a Latin word and digits inside an Arabic line stay left to right, the line read from the right', () => {
    expect(order(['PDF', ' ', '2024', ' ', 'م', 'ا', 'ع', 'ل', 'ا'], true)).toBe('العام PDF 2024');
  });

  test('pieces are kept whole: a ligature drawn as one glyph stays "لا"', () => {
    expect(order(['ق', 'ل', 'ق', 'ت', ' ', 'لا'], true)).toBe('لا تقلق');
  });
});

describe('right-to-left items whose glyphs hold several letters', () => {
  test('the lam-alef glyph, reversed inside by pdf.js ("السالم"), is rebuilt as drawn ("السلام"), the spaces pdf.js put for gaps kept', () => {
    // Drawn left to right: م, the ligature لا, س, ل, ا; then a gap and لا again.
    const glyphs = ['م', 'لا', 'س', 'ل', 'ا', 'لا'];
    // pdf.js reverses the whole drawing order, a space where the gap was.
    const item = { str: reversed('ملاسلا لا'), dir: 'rtl' };
    expect(item.str).toBe('ال السالم');
    expect(keepGlyphsWhole([item], glyphs)).toEqual([{ str: 'لا السلام', rtl: true }]);
  });

  test('one glyph holding a whole word and a Latin letter (WeasyPrint 54) gives the word in logical order', () => {
    const glyphs = ['حَبيبي h', 'a', 'b', 'i', 'b', 'i', 'حَبيبي '];
    const items = [
      { str: 'habibi يبيبَح', dir: 'rtl' },
      { str: ' يبيبَح', dir: 'rtl' },
    ];
    expect(keepGlyphsWhole(items, glyphs)).toEqual([
      { str: 'حَبيبي habibi', rtl: false },
      { str: 'حَبيبي ', rtl: true },
    ]);
  });

  test('items pdf.js got right (one letter a glyph), left-to-right items and glyphs not found are left alone', () => {
    const glyphs = ['ن', 'و', 'י', 'ש', 'Hello'];
    const items = [
      { str: 'שי', dir: 'rtl' },
      { str: 'Hello', dir: 'ltr' },
      { str: 'مرحبا', dir: 'rtl' },
    ];
    expect(keepGlyphsWhole(items, glyphs)).toEqual([undefined, undefined, undefined]);
  });
});

describe('a line of runs as PDF to Text reads it', () => {
  const run = (str: string, x: number, width: number): PositionedText => ({ str, x, y: 700, width, size: 12, rtl: bidiClassOf(str) === 'R' });

  test('a vowel mark drawn apart from its letter is read after that letter, in an Arabic word of glyph-per-run', () => {
    // Chromium's PDF: one run a glyph, the fatha (zero width) just right of the ḥa's left edge.
    const runs = [
      run('habibi', 10, 30),
      run('ي', 44, 10),
      run('ب', 54, 3.6),
      run('ي', 57.6, 3.6),
      run('ب', 61.2, 3.6),
      run('ح', 64.8, 7.4),
      run('\u064e', 65.3, 0),
    ];
    expect(layoutText(runs)).toBe('habibi حَبيبي');
  });

  test('an Arabic line with one English word reads from the right', () => {
    const runs = [run('PDF', 10, 20), run('ملف', 34, 18), run('هذا', 56, 16)];
    expect(layoutText(runs)).toBe('هذا ملف PDF');
  });
});
