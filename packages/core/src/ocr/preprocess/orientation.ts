import type { Blob } from './components.ts';

/** Clockwise quarter turns that bring a page's text upright. */
export type QuarterTurns = 0 | 1 | 2 | 3;

/** How sharply the letters' bottom (or top) edges pile up on common lines, angle by angle near level. */
function lineScore(letters: Blob[], edge: (letter: Blob) => number, along: (letter: Blob) => number): number {
  let best = 0;
  for (let degrees = -6; degrees <= 6; degrees += 0.5) {
    const tan = Math.tan((degrees * Math.PI) / 180);
    const counts = new Map<number, number>();
    for (const letter of letters) {
      const key = Math.round((edge(letter) - along(letter) * tan) / 2);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let score = 0;
    for (const count of counts.values()) score += count * count;
    best = Math.max(best, score);
  }
  return best;
}

/**
 * Whether the lines run across the page or up and down it: the letters' edges line up along
 * text lines, so whichever direction piles them up more is the direction of the lines.
 */
export function isSideways(letters: Blob[]): boolean {
  if (letters.length < 40) return false;
  const cx = (letter: Blob) => (letter.x0 + letter.x1) / 2;
  const cy = (letter: Blob) => (letter.y0 + letter.y1) / 2;
  const across = Math.max(
    lineScore(letters, (l) => l.y1, cx),
    lineScore(letters, (l) => l.y0, cx),
  );
  const upDown = Math.max(
    lineScore(letters, (l) => l.x1, cy),
    lineScore(letters, (l) => l.x0, cy),
  );
  return upDown > across * 1.5;
}

/**
 * Below this, letters' tops line up more sharply than their bottoms by so much that the page is
 * likely upside down. Alphabets sit on a baseline and most letters that leave the x-height rise
 * above it: on 20 upright scans the bottoms' score was 1.05-2.47 times the tops', turned over
 * 0.50-0.93 times. A likely turn is only a reason to read a band both ways (pipeline.ts).
 */
const OVER_RATIO = 0.97;

/** Whether a level page of an alphabet looks upside down: its letters' tops line up better than their bottoms. */
export function looksUpsideDown(letters: Blob[]): boolean {
  if (letters.length < 40) return false;
  const cx = (letter: Blob) => (letter.x0 + letter.x1) / 2;
  return lineScore(letters, (l) => l.y1, cx) < lineScore(letters, (l) => l.y0, cx) * OVER_RATIO;
}
