import { otsuThreshold } from './binarize.ts';
import { findBlobs, letterLike, type Blob } from './components.ts';
import type { Box, GreyImage } from './grey-image.ts';

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

/** What a vertical gap in a band says: nothing, two wide parts, or parts with lines of their own. */
type Split = 'none' | 'wide' | 'unaligned';

/**
 * 'throughout' when a gutter splits most bands of the page (an article in columns); 'some'
 * when only a few bands split (a receipt's prices, a list of pairs), which Tesseract's layout
 * still needs but which reads row by row.
 */
export type TextColumns = 'none' | 'some' | 'throughout';
/** Shares of the bands with text that a gutter splits: columns 'throughout', or 'some'. */
const THROUGHOUT = 0.75;
const SOME = 0.25;

export function textColumns(letters: Blob[], letterHeight: number): TextColumns {
  if (letters.length < 50 || letterHeight <= 0) return 'none';
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
  let unaligned = 0;
  for (const band of bands.values()) {
    if (band.length < 20) continue;
    withText++;
    const split = splitsIntoColumns(band, letterHeight);
    if (split !== 'none') withColumns++;
    if (split === 'unaligned') unaligned++;
  }
  // Gutters in two bands or more; or, on a small image of a band or two (a screenshot), one
  // column whose lines run independently of the other's.
  if (withText <= 2 && unaligned >= 1) return 'throughout';
  if (withColumns >= 2 && withColumns >= withText * THROUGHOUT) return 'throughout';
  return withColumns >= 2 && withColumns >= withText * SOME ? 'some' : 'none';
}

function splitsIntoColumns(letters: Blob[], letterHeight: number): Split {
  const found = gutters(letters, letterHeight);
  if (found.some((gutter) => gutter.split === 'unaligned')) return 'unaligned';
  return found.some((gutter) => gutter.split === 'wide') ? 'wide' : 'none';
}

/**
 * A small page (a boxed aside) cut into its columns where a gutter runs its whole height,
 * left to right; one box, the whole image, when none does. Tesseract's automatic layout
 * finds such columns in one photo and runs straight across them in the same photo saved
 * again, so the cut is made here. `letterHeight` is in the image's pixels.
 */
export function columnsOf(image: GreyImage, letterHeight: number): Box[] {
  const letters = letterLike(findBlobs(image, otsuThreshold(image)), image);
  const found = gutters(letters, letterHeight);
  const cuts = found
    .filter((gutter, i) => {
      if (gutter.split !== 'none') return true;
      // Two lists far apart ("Être" and "Avoir" with their persons under them) read as lists,
      // though their lines sit level: both parts hold words, not a price column, and the gap
      // is wider than the narrower of them. A form's labels and values stand closer.
      const from = found[i - 1]?.x1 ?? -Infinity;
      const to = found[i + 1]?.x0 ?? Infinity;
      const widths = [
        extent(letters.filter((letter) => letter.x0 >= from && letter.x1 <= gutter.x0)),
        extent(letters.filter((letter) => letter.x0 >= gutter.x1 && letter.x1 <= to)),
      ];
      const narrower = Math.min(...widths);
      return narrower >= letterHeight * LIST_WIDTH && gutter.x1 - gutter.x0 >= narrower;
    })
    .map((gutter) => Math.round((gutter.x0 + gutter.x1) / 2));
  const edges = [0, ...cuts, image.width];
  return edges.slice(1).map((x1, i) => ({ x0: edges[i]!, y0: 0, x1, y1: image.height }));
}

/** Letter heights of width a part needs to hold words rather than figures (a price is 3 to 5). */
const LIST_WIDTH = 6;

const extent = (letters: Blob[]) =>
  letters.length === 0 ? 0 : Math.max(...letters.map((letter) => letter.x1)) - Math.min(...letters.map((letter) => letter.x0));

/** A strip free of letters that parts columns, from x0 to x1, and what the parts are like. */
export interface Gutter {
  x0: number;
  x1: number;
  split: Split;
}

/**
 * The gutters down a run of lines, left to right: strips free of letters, wider than a word
 * space, with several lines of text on both sides.
 */
export function gutters(letters: Blob[], letterHeight: number): Gutter[] {
  if (letters.length === 0) return [];
  const bin = Math.max(1, Math.round(letterHeight / 4));
  // Robust extent: a stray speck in the margin does not widen the band.
  const lefts = letters.map((letter) => letter.x0).sort((a, b) => a - b);
  const rights = letters.map((letter) => letter.x1).sort((a, b) => a - b);
  const left = lefts[Math.floor(lefts.length * 0.01)]!;
  const right = rights[Math.ceil(rights.length * 0.99) - 1]!;
  const span = right - left;
  if (span < letterHeight * 20) return [];
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
  const minSide = 0.06 * bins;
  const found: Gutter[] = [];
  let gapStart = -1;
  for (let b = 0; b <= bins; b++) {
    const empty = b < bins && coverage[b]! <= tolerance;
    if (empty && gapStart < 0) gapStart = b;
    if (!empty && gapStart >= 0) {
      if (b - gapStart >= minGap && gapStart >= minSide && bins - b >= minSide) {
        const cut = left + gapStart * bin;
        const leftSide = letters.filter((letter) => letter.x1 <= cut);
        const rightSide = letters.filter((letter) => letter.x0 >= cut);
        // Both sides must be several lines deep: the gaps between a short line's words are not a gutter.
        const deep = depth(leftSide) >= letterHeight * 4 && depth(rightSide) >= letterHeight * 4;
        if (deep) {
          // Parts whose lines do not sit on each other's lines are columns (a sidebar beside a
          // panel); two wide parts usually are, though a table's or a receipt's are not.
          const split: Split = !rowsAligned(leftSide, rightSide, letterHeight) ? 'unaligned' : gapStart >= minPart && bins - b >= minPart ? 'wide' : 'none';
          found.push({ x0: cut, x1: left + b * bin, split });
        }
      }
      gapStart = -1;
    }
  }
  return found;
}

function depth(side: Blob[]): number {
  if (side.length === 0) return 0;
  return Math.max(...side.map((letter) => letter.y1)) - Math.min(...side.map((letter) => letter.y0));
}

/** Whether most letters on the narrower side share a line with letters on the other side. */
function rowsAligned(a: Blob[], b: Blob[], letterHeight: number): boolean {
  const [narrow, other] = a.length <= b.length ? [a, b] : [b, a];
  const middles = other.map((letter) => (letter.y0 + letter.y1) / 2).sort((x, y) => x - y);
  let aligned = 0;
  for (const letter of narrow) {
    const middle = (letter.y0 + letter.y1) / 2;
    // Binary search for the nearest middle on the other side.
    let lo = 0;
    let hi = middles.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (middles[mid]! < middle) lo = mid + 1;
      else hi = mid;
    }
    const nearest = Math.min(Math.abs(middles[lo]! - middle), lo > 0 ? Math.abs(middles[lo - 1]! - middle) : Infinity);
    if (nearest <= letterHeight * 0.35) aligned++;
  }
  return aligned >= narrow.length * 0.6;
}
