import type { Blob } from './components.ts';

/**
 * Whether the page is set in columns side by side (a magazine, a newsletter) rather than one
 * block whose lines run across (a letter, a receipt, a table). Tesseract needs to be told:
 * its automatic layout finds columns but drops or reorders right-aligned figures (a receipt's
 * prices), while reading a page as one block runs straight across real columns.
 *
 * The page is cut into bands a few lines high; a band has columns when a vertical strip
 * free of letters, wider than a word space, splits it into parts that each hold a fair
 * share of the band's width. A price column is too narrow to count; text columns are not.
 */
export function hasTextColumns(letters: Blob[], letterHeight: number): boolean {
  if (letters.length < 50 || letterHeight <= 0) return false;
  const bandHeight = letterHeight * 10;
  const top = Math.min(...letters.map((letter) => letter.y0));
  const bands = new Map<number, Blob[]>();
  for (const letter of letters) {
    const band = Math.floor(((letter.y0 + letter.y1) / 2 - top) / bandHeight);
    const list = bands.get(band);
    if (list) list.push(letter);
    else bands.set(band, [letter]);
  }
  let withText = 0;
  let withColumns = 0;
  for (const band of bands.values()) {
    if (band.length < 20) continue;
    withText++;
    if (splitsIntoColumns(band, letterHeight)) withColumns++;
  }
  return withColumns >= 2 && withColumns >= withText * 0.25;
}

function splitsIntoColumns(letters: Blob[], letterHeight: number): boolean {
  const bin = Math.max(1, Math.round(letterHeight / 4));
  // Robust extent: a stray speck in the margin does not widen the band.
  const lefts = letters.map((letter) => letter.x0).sort((a, b) => a - b);
  const rights = letters.map((letter) => letter.x1).sort((a, b) => a - b);
  const left = lefts[Math.floor(lefts.length * 0.01)]!;
  const right = rights[Math.ceil(rights.length * 0.99) - 1]!;
  const span = right - left;
  if (span < letterHeight * 20) return false;
  const bins = Math.ceil(span / bin) + 1;
  const coverage = new Uint16Array(bins);
  for (const letter of letters) {
    const from = Math.max(0, Math.floor((letter.x0 - left) / bin));
    const to = Math.min(bins - 1, Math.floor((letter.x1 - left) / bin));
    for (let b = from; b <= to; b++) coverage[b]!++;
  }
  // A few specks of scanner noise may sit in a gutter.
  const tolerance = Math.max(1, Math.floor(letters.length * 0.004));
  const minGap = Math.ceil((letterHeight * 1.8) / bin);
  const minPart = 0.22 * bins;
  let gapStart = -1;
  for (let b = 0; b <= bins; b++) {
    const empty = b < bins && coverage[b]! <= tolerance;
    if (empty && gapStart < 0) gapStart = b;
    if (!empty && gapStart >= 0) {
      if (b - gapStart >= minGap && gapStart >= minPart && bins - b >= minPart) {
        // Both sides must be several lines deep: the gaps between a short line's words are not a gutter.
        const cut = left + gapStart * bin;
        const depth = (side: Blob[]) => Math.max(...side.map((l) => l.y1)) - Math.min(...side.map((l) => l.y0));
        const leftSide = letters.filter((letter) => letter.x1 <= cut);
        const rightSide = letters.filter((letter) => letter.x0 >= cut);
        if (depth(leftSide) >= letterHeight * 4 && depth(rightSide) >= letterHeight * 4) return true;
      }
      gapStart = -1;
    }
  }
  return false;
}
