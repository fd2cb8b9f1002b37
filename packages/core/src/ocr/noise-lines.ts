import type { OcrLine, OcrWord } from './engine.ts';

/**
 * Below this mean word confidence a line may be noise. Measured on readings of scanned
 * documents, receipts and phone photos of pages: of the lines under it that are mostly not
 * word-shaped, 14 held no word of the page and 2 held a few among many misreads; at 40 and 50
 * the lines lost held 9 and 13 real words for 2 and 11 more noise lines.
 */
const NOISY = 30;

/** A run of three letters with nothing but punctuation round it, or a number, date or amount. */
const WORD = /^(?=.*\p{L}{3})[\p{L}\p{M}\p{N}.,:;!?'"’“”()\-/&@%$]+$/u;
const NUMBER = /^[($€£]?\d+(?:[.,:/-]\d+)*[%)]?[.,;]?$/u;
const wordShaped = (word: OcrWord) => WORD.test(word.text) || NUMBER.test(word.text);

/**
 * Lines that are noise dropped: shapes, a picture's texture or a column of faint marks read as
 * letters ("+ » = = ® EN ® © D D", "pe ; a y ssédus ÿ") come back with low confidence and
 * mostly in pieces no word has. A line of real words read unsurely keeps its place: its
 * pieces are still word-shaped.
 */
export function withoutNoiseLines(lines: OcrLine[]): OcrLine[] {
  return lines.filter((line) => {
    const words = line.words.filter((word) => word.text.trim() !== '');
    if (words.length === 0) return true;
    const confidence = words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
    return confidence >= NOISY || words.filter(wordShaped).length * 2 >= words.length;
  });
}
