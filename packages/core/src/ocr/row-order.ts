import type { OcrLine } from './engine.ts';
import { boundsOf, type Box } from './preprocess/grey-image.ts';
import { isRightToLeft } from '../text-direction.ts';

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
 * to right (right to left in a right-to-left script), in the later one's paragraph: the row as printed, with no blank line or
 * line-spacing of its own. Lines of two real columns do not follow one another on one row: a
 * column ends low and the next starts high.
 */
export function inRowOrder(lines: OcrLine[]): OcrLine[] {
  const out: OcrLine[] = [];
  for (const line of lines) {
    const before = out.at(-1);
    if (before && shareRow(line.box, before.box)) {
      // A right-to-left row (Arabic, Hebrew) is read from its right end: there the piece wholly
      // to the right is the one out of turn, and goes first. A row read C, B, A: B joins C, then A joins BC.
      const rightToLeft = isRightToLeft(lineText(line)) && isRightToLeft(lineText(before));
      const outOfTurn = rightToLeft ? line.box.x0 >= before.box.x1 : line.box.x1 <= before.box.x0;
      if (outOfTurn) {
        out[out.length - 1] = { words: [...line.words, ...before.words], box: boundsOf([line.box, before.box]), paragraph: line.paragraph };
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

const lineText = (line: OcrLine) => line.words.map((word) => word.text).join(' ');
