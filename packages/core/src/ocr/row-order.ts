import type { OcrLine } from './engine.ts';
import { boundsOf, type Box } from './preprocess/grey-image.ts';

/**
 * Two lines share a row when their heights overlap by this share of the shorter one. Not the
 * second recogniser's rule (middles less than 0.35 of a height apart, lines/second-reading.ts):
 * Tesseract's boxes of one row differ by ascenders, descenders and a larger face, and by middles
 * even at 0.5 a receipt's "Cashier: USER" and "Time: 11:37:00" were not one row (measured).
 */
const SAME_ROW = 0.5;

function shareRow(a: Box, b: Box): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap >= SAME_ROW * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/**
 * Tesseract's automatic layout may put the pieces of one row into blocks of their own and read
 * the right one first: "b) La fille…" before "a) Le chauffeur…" on a phone photo of an exercise
 * sheet turned a few degrees, "Time: 11:37:00" before "Cashier: USER" on a receipt. Where a
 * line is followed, on the same row, by one wholly to its left, the two become one line, left
 * to right, in the left one's paragraph: the row as printed, with no blank line or
 * line-spacing of its own. Lines of two real columns do not follow one another on one row: a
 * column ends low and the next starts high.
 */
export function inRowOrder(lines: OcrLine[]): OcrLine[] {
  const out: OcrLine[] = [];
  for (const line of lines) {
    const right = out.at(-1);
    if (right && line.box.x1 <= right.box.x0 && shareRow(line.box, right.box)) {
      // A row read C, B, A: B joins C, then A joins BC.
      out[out.length - 1] = { words: [...line.words, ...right.words], box: boundsOf([line.box, right.box]), paragraph: line.paragraph };
    } else out.push(line);
  }
  return out;
}
