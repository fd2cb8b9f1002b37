import { otsuThreshold } from '../ocr/preprocess/binarize.ts';
import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import type { Ruling } from '../pdf/pdf-engine.ts';

/** A rule is at least this many letter heights long: longer than any letter or word's stroke. */
const MIN_LENGTH = 3;
/** Breaks in a rule up to this many pixels are bridged (a scan's speckle, a dashed rule). */
const MAX_BREAK = 2;

/**
 * The ruling lines of a picture of a table, in its pixels (y down): runs of ink along a row or
 * a column much longer than a letter. Letters and words are broken into strokes shorter than
 * that; a table's rules run on across its cells.
 */
export function imageRulings(image: GreyImage, letterHeight: number): Ruling[] {
  const { width, height, data } = image;
  const threshold = otsuThreshold(image);
  const min = Math.max(20, Math.round(MIN_LENGTH * letterHeight));
  const out: Ruling[] = [];
  const scan = (direction: Ruling['direction'], lines: number, length: number, ink: (line: number, at: number) => boolean) => {
    for (let line = 0; line < lines; line++) {
      let start = -1;
      let last = -1;
      for (let at = 0; at <= length; at++) {
        if (at < length && ink(line, at)) {
          if (start < 0) start = at;
          last = at;
        } else if (start >= 0 && (at === length || at - last > MAX_BREAK)) {
          if (last - start + 1 >= min) out.push({ direction, at: line + 0.5, from: start, to: last + 1 });
          start = -1;
        }
      }
    }
  };
  scan('horizontal', height, width, (y, x) => data[y * width + x]! < threshold);
  scan('vertical', width, height, (x, y) => data[y * width + x]! < threshold);
  return out;
}
