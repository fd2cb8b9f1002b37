import type { Blob } from './components.ts';

/**
 * The page's skew in degrees (positive = text runs downhill to the right), from the letters'
 * bottom centres: at the right angle they pile up on few baselines, so the histogram of their
 * projected heights is the most peaked. Letter boxes are far fewer than pixels, so every
 * candidate angle is cheap.
 */
export function estimateSkew(letters: Blob[], maxDegrees = 6, step = 0.1): number {
  if (letters.length < 20) return 0;
  let best = 0;
  let bestScore = -1;
  const bin = 2;
  for (let degrees = -maxDegrees; degrees <= maxDegrees + 1e-9; degrees += step) {
    const tan = Math.tan((degrees * Math.PI) / 180);
    const counts = new Map<number, number>();
    for (const letter of letters) {
      const x = (letter.x0 + letter.x1) / 2;
      const key = Math.round((letter.y1 - x * tan) / bin);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let score = 0;
    for (const count of counts.values()) score += count * count;
    if (score > bestScore) {
      bestScore = score;
      best = degrees;
    }
  }
  return Math.round(best * 100) / 100;
}
