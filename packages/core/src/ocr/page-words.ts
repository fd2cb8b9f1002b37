import type { OcrLine } from './engine.ts';
import type { PageText } from './pipeline.ts';
import type { PositionedText } from '../pdf/text-layout.ts';

/** A word and its upright box, in pixels of the picture given (x right, y down from its top left corner). */
export interface BoxedWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A page's text, and its words line by line with their boxes where the reading can place them. */
export interface PageWords {
  text: string;
  /** Lines in reading order; absent where the boxes cannot be taken back to the page given (a photo flattened). */
  lines?: BoxedWord[][];
}

export interface Point {
  x: number;
  y: number;
}

/**
 * How a reading's boxes (in the prepared page's pixels) go back to the page it was given,
 * `width` × `height` pixels: the preparation turned it by quarter turns, levelled it by its
 * skew and scaled it; each point is taken back through those steps. Undefined where the
 * preparation was more than that (a photo flattened, its lines levelled one by one), or grew
 * the page to hold its corners, so its boxes do not map back.
 */
export function readingToPage(reading: Pick<PageText, 'placement' | 'image'>, width: number, height: number): ((x: number, y: number) => Point) | undefined {
  const { turns, skew, flattened, levelled } = reading.placement;
  if (flattened || levelled) return undefined;
  const sideways = turns % 2 === 1;
  const turnedWidth = sideways ? height : width;
  const turnedHeight = sideways ? width : height;
  const scaleX = reading.image.width / turnedWidth;
  const scaleY = reading.image.height / turnedHeight;
  // A page turned by tens of degrees was grown to hold its corners (a diagonal photo): not a scan's geometry.
  if (Math.abs(scaleX / scaleY - 1) > 0.01) return undefined;
  // The levelling drew each pixel from the page turned back by the skew (rotateImage(page, -skew)).
  const radians = (-skew * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return (px, py) => {
    const dx = px / scaleX - turnedWidth / 2;
    const dy = py / scaleY - turnedHeight / 2;
    const x = cos * dx + sin * dy + turnedWidth / 2;
    const y = -sin * dx + cos * dy + turnedHeight / 2;
    // Undo the quarter turns clockwise (geometry.ts's rotateQuarterTurns), in pixel edges.
    if (turns === 1) return { x: y, y: height - x };
    if (turns === 2) return { x: width - x, y: height - y };
    if (turns === 3) return { x: width - y, y: x };
    return { x, y };
  };
}

/**
 * The reading's words on the page given, each box the upright bounds of its four corners taken
 * back, times `scale` (the page given to the pixels the caller counts in), rounded to whole pixels.
 */
export function wordsOnPage(reading: Pick<PageText, 'placement' | 'image' | 'lines'>, width: number, height: number, scale = 1): BoxedWord[][] | undefined {
  const map = readingToPage(reading, width, height);
  if (!map) return undefined;
  return boxLines(reading.lines, (x, y) => {
    const point = map(x, y);
    return { x: point.x * scale, y: point.y * scale };
  });
}

function boxLines(lines: OcrLine[], map: (x: number, y: number) => Point): BoxedWord[][] {
  return lines
    .map((line) =>
      line.words
        .filter((word) => word.text.trim())
        .map(({ text, box }) => {
          const corners = [map(box.x0, box.y0), map(box.x1, box.y0), map(box.x0, box.y1), map(box.x1, box.y1)];
          const left = Math.round(Math.min(...corners.map((p) => p.x)));
          const top = Math.round(Math.min(...corners.map((p) => p.y)));
          const right = Math.round(Math.max(...corners.map((p) => p.x)));
          const bottom = Math.round(Math.max(...corners.map((p) => p.y)));
          return { text, left, top, width: right - left, height: bottom - top };
        }),
    )
    .filter((words) => words.length > 0);
}

/** A font's ascent and descent as shares of its size, where a run does not say (most Latin faces: 0.8 and 0.2). */
const ASCENT = 0.8;
const DESCENT = 0.2;

/**
 * The words of a PDF page's text layer with their boxes, in pixels at `scale` (1 = 72 dpi) from
 * the page's top left: each run is split at spaces and its width shared out by characters (the
 * runs carry no per-glyph advance), one line per baseline in the order the runs come.
 */
export function wordsOfRuns(runs: PositionedText[], pageHeight: number, scale: number): BoxedWord[][] {
  const lines: Array<{ baseline: number; words: BoxedWord[] }> = [];
  for (const run of runs) {
    const characters = run.str.length;
    if (!run.str.trim() || characters === 0) continue;
    const perCharacter = run.width / characters;
    const top = (pageHeight - run.y - run.size * ASCENT) * scale;
    const height = run.size * (ASCENT + DESCENT) * scale;
    const words: BoxedWord[] = [];
    for (const match of run.str.matchAll(/\S+/g)) {
      const left = (run.x + match.index * perCharacter) * scale;
      const width = match[0].length * perCharacter * scale;
      words.push({ text: match[0], left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height) });
    }
    // Runs on one baseline (within a fifth of their size) are one line.
    const line = lines.find((candidate) => Math.abs(candidate.baseline - run.y) < run.size * 0.2);
    if (line) line.words.push(...words);
    else lines.push({ baseline: run.y, words });
  }
  return lines.map((line) => line.words.sort((a, b) => a.left - b.left));
}
