import type { Blob } from './components.ts';
import { sampleBilinear } from './geometry.ts';
import { type GreyImage, roundLevel } from './grey-image.ts';

/** Where the page's text lines meet, in the image's pixels: the vanishing point of a photo taken at a slant. */
export interface VanishingPoint {
  x: number;
  y: number;
}

interface TextLine {
  slope: number;
  /** The line's height where it crosses the image's middle column. */
  middle: number;
  weight: number;
}

/** A line needs this many letters and this span, in letter heights, for its slope to count. */
const MIN_LETTERS = 10;
const MIN_SPAN = 8;
/** Slopes across the page must differ by at least this (a fan of lines), in radians (~0.6°). */
const MIN_FAN = 0.01;
/** The far side is enlarged by at most this much: nearer vanishing points are not believed. */
const MAX_ENLARGEMENT = 2.5;

/**
 * Chains letters into text lines: each letter joins the line whose last letter ends just to
 * its left at about its height, the slope so far guiding where that height is expected.
 */
function textLines(letters: Blob[], letterHeight: number): TextLine[] {
  const sorted = letters
    .filter((letter) => {
      const h = letter.y1 - letter.y0;
      return h >= letterHeight * 0.6 && h <= letterHeight * 1.6;
    })
    .sort((a, b) => a.x0 - b.x0);
  type Chain = { xs: number[]; ys: number[]; last: Blob; slope: number };
  const chains: Chain[] = [];
  for (const letter of sorted) {
    const cx = (letter.x0 + letter.x1) / 2;
    const cy = (letter.y0 + letter.y1) / 2;
    let best: Chain | undefined;
    let bestDistance = Infinity;
    for (const chain of chains) {
      const gap = letter.x0 - chain.last.x1;
      if (gap > letterHeight * 1.5 || gap < -letterHeight * 0.3) continue;
      const lastX = chain.xs[chain.xs.length - 1]!;
      const expected = chain.ys[chain.ys.length - 1]! + chain.slope * (cx - lastX);
      const distance = Math.abs(cy - expected);
      if (distance < letterHeight * 0.4 && distance < bestDistance) {
        best = chain;
        bestDistance = distance;
      }
    }
    if (!best) chains.push({ xs: [cx], ys: [cy], last: letter, slope: 0 });
    else {
      best.xs.push(cx);
      best.ys.push(cy);
      best.last = letter;
      if (best.xs.length >= 6) best.slope = fit(best.xs, best.ys).slope;
    }
  }
  return chains.flatMap((chain) => {
    const span = chain.xs[chain.xs.length - 1]! - chain.xs[0]!;
    if (chain.xs.length < MIN_LETTERS || span < letterHeight * MIN_SPAN) return [];
    const { slope, intercept } = fit(chain.xs, chain.ys);
    return [{ slope, middle: intercept, weight: span }];
  });
}

/** Least squares y = slope · x + intercept, x measured from 0 (the caller centres it). */
function fit(xs: number[], ys: number[], weights?: number[]): { slope: number; intercept: number } {
  let sw = 0,
    sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  xs.forEach((x, i) => {
    const w = weights?.[i] ?? 1;
    const y = ys[i]!;
    sw += w;
    sx += w * x;
    sy += w * y;
    sxx += w * x * x;
    sxy += w * x * y;
  });
  const denominator = sw * sxx - sx * sx;
  const slope = denominator === 0 ? 0 : (sw * sxy - sx * sy) / denominator;
  return { slope, intercept: (sy - slope * sx) / sw };
}

/**
 * The vanishing point of the page's text lines, when the photo was taken at a slant and the
 * lines fan out towards it; undefined when they run parallel (a scan, a photo taken square)
 * or there are too few to tell. Lines through one point (vx, vy) have slopes linear in their
 * height at the middle column: slope = (y − vy) / (cx − vx); a weighted fit of that line,
 * refitted without its worst outliers, gives the point.
 */
export function findVanishingPoint(letters: Blob[], letterHeight: number, image: GreyImage): VanishingPoint | undefined {
  if (letterHeight <= 0) return undefined;
  const cx = image.width / 2;
  const centred = letters.map((letter) => ({ ...letter, x0: letter.x0 - cx, x1: letter.x1 - cx }));
  let lines = textLines(centred, letterHeight);
  if (lines.length < 5) return undefined;
  for (let pass = 0; pass < 2; pass++) {
    const { slope: b, intercept: a } = fit(
      lines.map((line) => line.middle),
      lines.map((line) => line.slope),
      lines.map((line) => line.weight),
    );
    const residuals = lines.map((line) => Math.abs(line.slope - (a + b * line.middle)));
    const spread = [...residuals].sort((p, q) => p - q)[Math.floor(residuals.length / 2)]!;
    if (pass === 0) {
      lines = lines.filter((_, i) => residuals[i]! <= Math.max(spread * 3, 0.002));
      if (lines.length < 5) return undefined;
      continue;
    }
    const heights = lines.map((line) => line.middle);
    const fan = Math.abs(b) * (Math.max(...heights) - Math.min(...heights));
    if (fan < MIN_FAN || fan < spread * 4 || b === 0) return undefined;
    const point = { x: cx - 1 / b, y: -a / b };
    // Outside the image, and not so near that the far side would be blown up.
    const nearest = Math.min(Math.abs(point.x), Math.abs(point.x - image.width));
    if (point.x > 0 && point.x < image.width) return undefined;
    if (Math.abs(cx - point.x) / nearest > MAX_ENLARGEMENT) return undefined;
    return point;
  }
  return undefined;
}

/**
 * Makes the lines that meet at `point` level and their letters one size: seen from the point,
 * a line's height over its distance is constant along it, so (u, v) = (−c²/X, c·Y/X), with X, Y
 * measured from the point and c the distance of the image's middle (where the scale stays 1).
 */
export function levelLines(image: GreyImage, point: VanishingPoint): GreyImage {
  const c = image.width / 2 - point.x;
  const forward = (x: number, y: number) => {
    const X = x - point.x;
    return [(-c * c) / X, (c * (y - point.y)) / X] as const;
  };
  const corners = [forward(0, 0), forward(image.width, 0), forward(0, image.height), forward(image.width, image.height)];
  const u0 = Math.min(...corners.map(([u]) => u));
  const v0 = Math.min(...corners.map(([, v]) => v));
  const width = Math.round(Math.max(...corners.map(([u]) => u)) - u0);
  const height = Math.round(Math.max(...corners.map(([, v]) => v)) - v0);
  const out = new Uint8Array(width * height);
  // X depends on the column alone: one division a column, not a pixel. Rounded by roundLevel:
  // Math.round took two fifths of the time on a 12 MP photo (inlining the sampling gained nothing).
  const columnX = Float64Array.from({ length: width }, (_, u) => (-c * c) / (u + u0));
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const X = columnX[u]!;
      const Y = ((v + v0) * X) / c;
      out[v * width + u] = roundLevel(sampleBilinear(image, X + point.x, Y + point.y));
    }
  }
  return { width, height, data: out };
}
