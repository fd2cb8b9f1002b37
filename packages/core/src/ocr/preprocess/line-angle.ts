import type { Blob } from './components.ts';

/** Directions tried, one a degree over the half circle; the skew step refines the one found. */
const STEP_DEGREES = 1;
/**
 * Within this of level, or of upright, the page is left to the quarter-turn and skew steps,
 * which measure those angles finer.
 */
const NEAR_AXIS_DEGREES = 8;
/** How much more sharply the letters must line up along the direction found than along the axes. */
const MIN_GAIN = 1.3;
/** Fewer letters than this say nothing reliable about a direction. */
const MIN_LETTERS = 60;

/**
 * How sharply the letters' centres pile up on lines running at `degrees` (y downwards, positive
 * = downhill to the right): each centre is projected across that direction, and lines of text
 * make a few crowded bins where a wrong direction spreads them evenly. Two bin phases, so a
 * line split by a bin edge still counts.
 */
function alignment(centres: Float64Array, degrees: number, bin: number): number {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  let best = 0;
  for (const phase of [0, 0.5]) {
    const counts = new Map<number, number>();
    for (let i = 0; i < centres.length; i += 2) {
      const across = centres[i + 1]! * cos - centres[i]! * sin;
      const key = Math.floor(across / bin + phase);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let score = 0;
    for (const count of counts.values()) score += count * count;
    best = Math.max(best, score);
  }
  return best;
}

const distanceToAxis = (degrees: number) => Math.min(Math.abs(degrees), Math.abs(90 - Math.abs(degrees)));

/**
 * The direction of a page's text lines when it is far from level and from upright (a phone
 * held diagonally over the page), in degrees in (-90, 90]; undefined for a page whose lines run
 * within NEAR_AXIS_DEGREES of an axis, or that has too few letters to tell. Searched over the
 * whole half circle on the letters' centres, which stay in line at any angle where the boxes'
 * bottom edges (the skew step's) do not.
 */
export function findLineAngle(letters: Blob[], letterHeight: number): number | undefined {
  if (letters.length < MIN_LETTERS || letterHeight <= 0) return undefined;
  const centres = new Float64Array(letters.length * 2);
  letters.forEach((letter, index) => {
    centres[index * 2] = (letter.x0 + letter.x1) / 2;
    centres[index * 2 + 1] = (letter.y0 + letter.y1) / 2;
  });
  // Half a letter: a line's centres (x-height letters, capitals, descenders) stay in one or two bins.
  const bin = Math.max(2, letterHeight / 2);
  let best = { degrees: 0, score: -1 };
  let onAxes = 0;
  for (let degrees = -90 + STEP_DEGREES; degrees <= 90; degrees += STEP_DEGREES) {
    const score = alignment(centres, degrees, bin);
    if (distanceToAxis(degrees) <= NEAR_AXIS_DEGREES) onAxes = Math.max(onAxes, score);
    else if (score > best.score) best = { degrees, score };
  }
  return best.score > onAxes * MIN_GAIN ? best.degrees : undefined;
}
