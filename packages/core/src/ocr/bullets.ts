import type { OcrLine } from './engine.ts';
import { otsuThreshold } from './preprocess/binarize.ts';
import { findBlobs, type Blob } from './preprocess/components.ts';
import { boundsOf, cropImage, grownBox, type Box, type GreyImage } from './preprocess/grey-image.ts';

/** Parts of a glyph smaller than this share of its ink are specks, not part of its shape. */
const SPECK = 0.05;
/** A bullet stands at least this many letter heights tall: a stop or a speck does not. */
const BULLET_HEIGHT = 0.4;
/** Paper cut out round the mark, in letter heights, so its shape is seen whole. */
const PAD = 0.15;
/** Ink and paper at least this far apart in grey: a flat grey patch has no shape to name. */
const CONTRAST = 64;

/**
 * Word's bullet library is set in Symbol and Wingdings, whose shapes Tesseract's languages
 * do not hold: it reads ❖ as "*" or "+" and ➢ as ">". A line's lone first mark is looked at
 * again and named by its shape, so a list keeps its bullets. Only shapes no letter or
 * punctuation has are named (four diamonds, an arrowhead with a hollow top, a filled dot or
 * square); anything else keeps Tesseract's reading. Boxes are in `image`'s pixels.
 */
export function withBullets(lines: OcrLine[], image: GreyImage, letterHeight: number): OcrLine[] {
  return lines.map((line) => {
    const [first, ...rest] = line.words;
    // A mark read as a letter or digit ("it", "o") is left alone: blurred small words fill
    // their box like a dot.
    if (!first || rest.length === 0 || first.text.length > 2 || /[\p{L}\p{N}]/u.test(first.text)) return line;
    const { box } = first;
    const height = box.y1 - box.y0;
    if (height < letterHeight * BULLET_HEIGHT || box.x1 - box.x0 > height * 2) return line;
    const around = grownBox(box, Math.round(letterHeight * PAD), image);
    const bullet = around && bulletShape(cropImage(image, around));
    return bullet && bullet !== first.text ? { ...line, words: [{ ...first, text: bullet }, ...rest] } : line;
  });
}

/** The bullet a glyph's picture shows, if it is one of the shapes above. */
export function bulletShape(glyph: GreyImage): string | undefined {
  let darkest = 255;
  let lightest = 0;
  for (let i = 0; i < glyph.data.length; i++) {
    darkest = Math.min(darkest, glyph.data[i]!);
    lightest = Math.max(lightest, glyph.data[i]!);
  }
  if (lightest - darkest < CONTRAST) return undefined;
  const threshold = otsuThreshold(glyph);
  // A mark stands on paper: where the cut's edge is mostly ink, it is part of something larger.
  if (paperAtEdge(glyph, threshold) < 0.8) return undefined;
  const blobs = findBlobs(glyph, threshold);
  const ink = blobs.reduce((sum, blob) => sum + blob.pixels, 0);
  const parts = blobs.filter((blob) => blob.pixels >= ink * SPECK);
  if (parts.length === 0) return undefined;
  const box = boundsOf(parts);
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const aspect = width / height;
  const fill = parts.reduce((sum, part) => sum + part.pixels, 0) / (width * height);
  const holes = holesOf(glyph, threshold, width * height);
  const square = aspect >= 0.75 && aspect <= 1.33;
  if (parts.length === 4 && square && holes === 0 && isFourDiamonds(parts, box)) return '❖';
  if (parts.length !== 1) return undefined;
  if (holes === 1 && aspect >= 1.2 && pointsRight(glyph, threshold, box)) return '➢';
  if (holes === 0 && square && fill >= 0.9) return '▪';
  if (holes === 0 && square && fill >= 0.68) return '•';
  return undefined;
}

/** Share of the pixels along the image's edge that are paper. */
function paperAtEdge({ width, height, data }: GreyImage, threshold: number): number {
  let paper = 0;
  let all = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (y > 0 && y < height - 1 && x > 0 && x < width - 1) continue;
      all++;
      if (data[y * width + x]! >= threshold) paper++;
    }
  }
  return paper / all;
}

/** Four like parts, one above, one below, one left and one right of the middle. */
function isFourDiamonds(parts: Blob[], box: Box): boolean {
  const sizes = parts.map((part) => part.pixels);
  if (Math.max(...sizes) > Math.min(...sizes) * 2.5) return false;
  const midX = (box.x0 + box.x1) / 2;
  const midY = (box.y0 + box.y1) / 2;
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const sides = new Set(
    parts.map((part) => {
      const dx = ((part.x0 + part.x1) / 2 - midX) / width;
      const dy = ((part.y0 + part.y1) / 2 - midY) / height;
      if (Math.abs(dx) < 0.15 && dy < -0.15) return 'top';
      if (Math.abs(dx) < 0.15 && dy > 0.15) return 'bottom';
      if (Math.abs(dy) < 0.15 && dx < -0.15) return 'left';
      if (Math.abs(dy) < 0.15 && dx > 0.15) return 'right';
      return 'middle';
    }),
  );
  return sides.size === 4 && !sides.has('middle');
}

/** Paper wholly closed in by ink, larger than a speck of the glyph's box. */
function holesOf(glyph: GreyImage, threshold: number, area: number): number {
  const { width, height } = glyph;
  // Paper becomes ink on a sheet one pixel wider all round, so the paper outside the glyph
  // is one piece touching the border and every hole is a piece that does not.
  const paper: GreyImage = { width: width + 2, height: height + 2, data: new Uint8Array((width + 2) * (height + 2)) };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) paper.data[(y + 1) * paper.width + x + 1] = glyph.data[y * width + x]! < threshold ? 255 : 0;
  }
  return findBlobs(paper, 128).filter((blob) => blob.x0 > 0 && blob.y0 > 0 && blob.x1 < paper.width && blob.y1 < paper.height && blob.pixels >= area * 0.02)
    .length;
}

/** A tip on the right (ink over a short span) and two arms on the left (over most of it). */
function pointsRight(glyph: GreyImage, threshold: number, box: Box): boolean {
  const band = Math.max(1, Math.round((box.x1 - box.x0) * 0.15));
  const span = (from: number, to: number) => {
    let top = Infinity;
    let bottom = -Infinity;
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = from; x < to; x++) {
        if (glyph.data[y * glyph.width + x]! < threshold) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    }
    return bottom < top ? 0 : (bottom - top + 1) / (box.y1 - box.y0);
  };
  return span(box.x1 - band, box.x1) < 0.35 && span(box.x0, box.x0 + band) > 0.5;
}
