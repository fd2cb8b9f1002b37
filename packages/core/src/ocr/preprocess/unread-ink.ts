import { otsuThreshold } from './binarize.ts';
import { findBlobs, type Blob } from './components.ts';
import { boundsOf, overlaps, type Box, type GreyImage } from './grey-image.ts';

/** Ink this many letter heights tall or more is a picture or a rule, not a line of text. */
const TALLEST = 3;
/** Pieces of ink this close (in letter heights) side by side are one piece of a line. */
const JOIN_GAP = 1;
/** Above this share of its box in ink, a piece is a filled shape (a shadow, a photo's edge). */
const DENSEST = 0.6;
/**
 * A piece narrower than this many letter heights is a mark, not a word, unless the caller
 * looks for figures too (a lone "7" in a table's column is a letter height wide or less).
 */
const NARROWEST = 2;
/** Paper kept around a place, in letter heights, so the recogniser sees whole letters. */
const PAD = 0.4;
/**
 * A line of letters is crossed by strokes, about one per letter; a smooth shape (the grey
 * wedge a photo's shadowed edge leaves) by one or two. Fewer strokes than one per this many
 * letter heights of width is no text.
 */
const WIDTH_PER_STROKE = 3;

/**
 * Where a line of ink lies that no word read covers, with a margin of paper. Tesseract's automatic layout takes some
 * text for a picture and leaves it out: measured on phone photos, a bold heading sitting on its
 * underline ("Table de conjugaison", "Être"). Reading these places again as plain lines
 * brings it back. `letterHeight` is in the image's pixels.
 */
export function unreadInk(image: GreyImage, read: Box[], letterHeight: number, { narrowest = NARROWEST }: { narrowest?: number } = {}): Box[] {
  if (letterHeight <= 0) return [];
  const threshold = otsuThreshold(image);
  const inkBlobs = findBlobs(image, threshold).filter((blob) => {
    const height = blob.y1 - blob.y0;
    return height >= letterHeight * 0.5 && height <= letterHeight * TALLEST && blob.pixels >= letterHeight && !read.some((box) => overlaps(blob, box));
  });
  const pieces: Array<Box & { pixels: number }> = [];
  for (const blob of inkBlobs.sort((a, b) => a.x0 - b.x0)) {
    const piece = pieces.find((candidate) => joins(candidate, blob, letterHeight));
    if (!piece) {
      pieces.push({ ...blob });
      continue;
    }
    Object.assign(piece, boundsOf([piece, blob]), { pixels: piece.pixels + blob.pixels });
  }
  const pad = Math.round(letterHeight * PAD);
  const places: Box[] = [];
  for (const piece of pieces) {
    if (piece.x1 - piece.x0 < letterHeight * narrowest || piece.pixels / ((piece.x1 - piece.x0) * (piece.y1 - piece.y0)) >= DENSEST) continue;
    if (strokesAcross(image, piece, threshold) * WIDTH_PER_STROKE * letterHeight < piece.x1 - piece.x0) continue;
    if (read.some((box) => overlaps(piece, box))) continue;
    let place = {
      x0: Math.max(0, piece.x0 - pad),
      y0: Math.max(0, piece.y0 - pad),
      x1: Math.min(image.width, piece.x1 + pad),
      y1: Math.min(image.height, piece.y1 + pad),
    };
    // Padded places that meet become one, so no ink is read twice.
    for (let at = places.findIndex((other) => overlaps(other, place)); at >= 0; at = places.findIndex((other) => overlaps(other, place))) {
      place = boundsOf([place, ...places.splice(at, 1)]);
    }
    places.push(place);
  }
  return places;
}

/** A blob continues a piece when it shares most of its height and follows close behind. */
function joins(piece: Box, blob: Blob, letterHeight: number): boolean {
  const shared = Math.min(piece.y1, blob.y1) - Math.max(piece.y0, blob.y0);
  return shared >= 0.5 * Math.min(piece.y1 - piece.y0, blob.y1 - blob.y0) && blob.x0 - piece.x1 <= letterHeight * JOIN_GAP;
}

/**
 * The most runs of ink met along a row through the middle of the piece (three rows tried,
 * so an underline or a row between two letters' bowls does not decide).
 */
function strokesAcross({ width, data }: GreyImage, piece: Box, threshold: number): number {
  let most = 0;
  for (const share of [0.35, 0.5, 0.65]) {
    const row = Math.round(piece.y0 + (piece.y1 - piece.y0) * share) * width;
    let runs = 0;
    let inInk = false;
    for (let x = piece.x0; x < piece.x1; x++) {
      const ink = data[row + x]! < threshold;
      if (ink && !inInk) runs++;
      inInk = ink;
    }
    most = Math.max(most, runs);
  }
  return most;
}
