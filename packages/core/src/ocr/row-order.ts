import type { OcrLine } from './engine.ts';

/** Two lines share a row when their heights overlap by this share of the shorter one. */
const SAME_ROW = 0.5;

function shareRow(a: OcrLine, b: OcrLine): boolean {
  const overlap = Math.min(a.box.y1, b.box.y1) - Math.max(a.box.y0, b.box.y0);
  return overlap >= SAME_ROW * Math.min(a.box.y1 - a.box.y0, b.box.y1 - b.box.y0);
}

/**
 * Tesseract's automatic layout may put the two halves of one row into two blocks and read the
 * right one first: "b) La fille…" before "a) Le chauffeur…" on cod-2 turned 4° further. Where
 * a line is followed, on the same row, by one wholly to its left, the two are read left to
 * right, and the right one joins the left one's paragraph (it is the same list). Lines of two
 * real columns do not follow one another on one row: a column ends low and the next starts high.
 */
export function inRowOrder(lines: OcrLine[]): OcrLine[] {
  const out = [...lines];
  for (let i = 1; i < out.length; i++) {
    const right = out[i - 1]!;
    const left = out[i]!;
    if (left.box.x1 <= right.box.x0 && shareRow(left, right)) {
      out[i - 1] = left;
      out[i] = { ...right, paragraph: left.paragraph };
    }
  }
  return out;
}
