import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { corpusExpected, hasCorpus } from '../../../../../test-support/corpus.ts';
import { wordsFound } from '../../../../../test-support/word-share.ts';
import type { OcrLine } from '../engine.ts';
import { languageDataSource } from '../language-data.ts';
import { dictionaryFromTraineddata, type Dictionary } from './dictionary.ts';
import { readableWords, wordKind, type Readability } from './readable-words.ts';

function english(): Dictionary {
  const source = languageDataSource('eng');
  if (source.kind !== 'npm') throw new Error('English comes from npm');
  return dictionaryFromTraineddata(gunzipSync(readFileSync(fileURLToPath(import.meta.resolve(source.specifier)))), 'en')!;
}
const eng = english();

const share = (reading: Readability) => reading.readableCharacters / reading.characters;

describe('what one word of a reading is', () => {
  test('figures: numbers, amounts, percentages, dates and times', () => {
    for (const word of ['13', '$1,234.56', '12%', '-4.3', '1.505,00', '(203)', '1,000,000', '2001-12-21', '12/21/2001', '9:30', '21st', '4006381333931']) {
      expect(wordKind(word, eng), word).toBe('figure');
    }
  });

  test('codes: capitals and digits, joined parts, addresses', () => {
    for (const word of ['A-14', '0-13-110362-8', 'BIG.COM.MY', 'MP3', 'A14', 'Q1', '180199AF10', 'COVID-19', 'ssingh@crtllc.com', 'https://example.org/a']) {
      expect(wordKind(word, eng), word).toBe('code');
    }
  });

  test('dictionary words, and a one-letter word only where the dictionary has it', () => {
    for (const word of ['ISBN', 'Government,', '“house”', 'a', 'I', 'well-known', 'and/or', 'Mr.']) expect(wordKind(word, eng), word).toBe('word');
    expect(wordKind('b', eng)).toBe('noise');
  });

  test('noise: what a blot, a rule or a page read sideways gives', () => {
    // "fd" and "ll" are in the English list (it is drawn from the web), and still not text.
    for (const word of ['fd', 'BRWRWRWW', '89888689999', '89888689999亿', '|||', '—~-', 'Ii1l', 'lll', 'aA', 'T1080', '8195S', 'G9']) {
      expect(wordKind(word, eng), word).toBe('noise');
    }
    // Strokes and lone signs are words or bars, as often one as the other: counted neither way.
    for (const word of ['Il', 'II', 'll', '&', '—', '|']) expect(wordKind(word, eng), word).toBe('unsure');
  });

  test('without a dictionary only figures and codes count', () => {
    expect(wordKind('house')).toBe('noise');
    expect(wordKind('A-14')).toBe('code');
    expect(wordKind('$1,234.56')).toBe('figure');
  });
});

describe('how readable a reading is', () => {
  test('a ruled parts table read plainly against the noise its quarter-turned reading gave', () => {
    const plain = [
      'PART NO. DESCRIPTION QTY PRICE',
      '13 A-14 B Bracket, steel 12 $1,234.56',
      '27 C-09 D Washer 1.505,00 € 4 12%',
      '31 F-22 A Bearing assembly 2 -4.3',
      'ISBN 0-13-110362-8 BIG.COM.MY 2001-12-21 9:30',
    ];
    const noise = ['fd fd fd BRWRWRWW', '|||  —~- Ii1l 89888689999亿', 'fd rn BRWRWRWW 8888 —~-', 'Ii1l lll WWWW 999999999 fd'];
    const read = readableWords(plain, eng);
    const garbled = readableWords(noise, eng);
    expect(read.readable).toBe(read.words);
    expect(read.readableCharacters).toBeGreaterThan(80);
    expect(garbled.readable).toBe(0);
    expect(garbled.readableCharacters).toBe(0);
    expect(garbled.characters).toBeGreaterThan(40);
  });

  test("a lone capital counts beside a code or figure ('13 A-14 B'), not among noise", () => {
    expect(readableWords(['13 A-14 B'], eng)).toMatchObject({ words: 3, readable: 3 });
    expect(readableWords(['fd B fd'], eng)).toMatchObject({ words: 3, readable: 0 });
  });

  test("an engine's lines are measured by their words", () => {
    const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
    const lines: OcrLine[] = [{ box, paragraph: '1', words: ['The', 'parts', 'fd', 'BRWRWRWW'].map((text) => ({ text, confidence: 90, box })) }];
    expect(readableWords(lines, eng)).toEqual({ words: 4, readable: 2, characters: 16, readableCharacters: 8 });
  });

  const fixtures = fileURLToPath(new URL('fixtures/readings/', import.meta.url));
  const pages = readdirSync(fixtures)
    .filter((name) => name.endsWith('.upright.txt'))
    .map((name) => name.replace('.upright.txt', ''));

  test.skipIf(!hasCorpus)('on the 14 real documents the truth scores far above tesseract reading the page turned', () => {
    expect(pages.length).toBe(14);
    for (const page of pages) {
      const reading = (kind: string) => readableWords([readFileSync(`${fixtures}${page}.${kind}.txt`, 'utf8')], eng);
      const truth = readableWords([corpusExpected(`ocr-docs/${page}.png`)], eng);
      // At least 84% of the truth's weighed characters are readable (a receipt's names and codes are the rest).
      expect(share(truth), page).toBeGreaterThan(0.8);
      // Measured: 2.2 times as many readable characters as either turned reading at least, 3 to 14 times on most.
      for (const turned of ['turned-90', 'turned-180'])
        expect(truth.readableCharacters, `${page} ${turned}`).toBeGreaterThan(2 * reading(turned).readableCharacters);
      // Turned upside down, under half of what is read is readable (12 to 33%).
      expect(share(reading('turned-180')), page).toBeLessThan(0.4);
    }
  });

  test.skipIf(!hasCorpus)('a correct reading scores close to the truth', () => {
    let compared = 0;
    for (const page of pages) {
      const text = readFileSync(`${fixtures}${page}.upright.txt`, 'utf8');
      const expected = corpusExpected(`ocr-docs/${page}.png`);
      const recall = wordsFound(expected, text);
      const precision = wordsFound(text, expected);
      const f1 = (2 * recall.found) / (recall.words + precision.words);
      // Tesseract misreads a form and misses parts of two tables: those readings are not correct ones.
      if (f1 < 0.8) continue;
      compared += 1;
      const upright = readableWords([text], eng);
      const truth = readableWords([expected], eng);
      expect(Math.abs(share(upright) - share(truth)), page).toBeLessThan(0.07);
      expect(upright.readableCharacters, page).toBeGreaterThan(0.9 * truth.readableCharacters);
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});
