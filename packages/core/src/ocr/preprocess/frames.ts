import type { Blob } from './components.ts';
import { createGreyImage, cropImage, type Box, type GreyImage } from './grey-image.ts';

/**
 * A ruled frame on the page: a table (rows of cells) or a box around an aside (one cell).
 * Tesseract's layout analysis takes a ruled grid for a picture and drops the text in it, so
 * frames are read on their own, cell by cell in rows, and the body without them.
 */
export interface Frame {
  box: Box;
  /** Cells row by row, each row left to right; only cells with ink in them. */
  rows: Box[][];
}

/**
 * Ink darker than this, on a page whose light has been evened out, is a line or a letter.
 * A ruled line is a pixel or two thick: in a photo saved small (a messaging app's 1600 px)
 * it blurs to mid grey, and at 128 a box's bottom side had gaps over 40% of its length.
 */
const INK = 160;
/** A line spans at least this share of its frame's side. */
const LINE_COVER = 0.6;
const SPREAD = 2;

interface Band {
  from: number;
  to: number;
}

/**
 * Bands of rows (or columns) of `box` crossed by long straight runs of ink covering most of
 * its width: its ruled lines. A run is long when no letter is that wide; a line a little off
 * level spreads over a few neighbouring rows, so coverage is counted over a band of them.
 */
function ruledBands(image: GreyImage, box: Box, vertical: boolean, minRun: number): Band[] {
  const along = vertical ? box.y1 - box.y0 : box.x1 - box.x0;
  const [from, to] = vertical ? [box.x0, box.x1] : [box.y0, box.y1];
  const covered: Uint8Array[] = [];
  const hasRun: boolean[] = [];
  for (let across = from; across < to; across++) {
    const cover = new Uint8Array(along);
    let any = false;
    let start = -1;
    for (let k = 0; k <= along; k++) {
      let dark = false;
      // Ink within SPREAD pixels across counts: a thin line a degree or two off true
      // (a photo in perspective) still makes one long run.
      for (let d = -SPREAD; d <= SPREAD && k < along && !dark; d++) {
        const a = across + d;
        if (a < from || a >= to) continue;
        const x = vertical ? a : box.x0 + k;
        const y = vertical ? box.y0 + k : a;
        dark = image.data[y * image.width + x]! < INK;
      }
      if (dark && start < 0) start = k;
      if (!dark && start >= 0) {
        if (k - start >= minRun) {
          cover.fill(1, start, k);
          any = true;
        }
        start = -1;
      }
    }
    covered.push(cover);
    hasRun.push(any);
  }
  const bands: Band[] = [];
  for (let i = 0; i < hasRun.length; ) {
    if (!hasRun[i]) {
      i++;
      continue;
    }
    let j = i;
    const union = new Uint8Array(along);
    while (j < hasRun.length && hasRun[j]) {
      const cover = covered[j]!;
      for (let k = 0; k < along; k++) union[k] = union[k]! | cover[k]!;
      j++;
    }
    let sum = 0;
    for (let k = 0; k < along; k++) sum += union[k]!;
    if (sum >= along * LINE_COVER) bands.push({ from: from + i, to: from + j });
    i = j;
  }
  return bands;
}

/** Share of the segment [from, to) of a line band that has ink, in the given direction. */
function lineCoverage(image: GreyImage, band: Band, vertical: boolean, from: number, to: number): number {
  let inked = 0;
  for (let k = from; k < to; k++) {
    let dark = false;
    for (let across = band.from; across < band.to && !dark; across++) {
      const x = vertical ? across : k;
      const y = vertical ? k : across;
      dark = image.data[y * image.width + x]! < INK;
    }
    if (dark) inked++;
  }
  return inked / Math.max(1, to - from);
}

function hasInk(image: GreyImage, box: Box): boolean {
  let dark = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) if (image.data[y * image.width + x]! < INK) dark++;
  }
  return dark >= 12;
}

/**
 * Ruled frames among the page's blobs: a blob as wide and tall as several lines of text,
 * mostly empty inside, whose four sides are straight lines. Its inner lines cut it into
 * cells; a line missing between two cells (a merged cell) joins them.
 */
export function findFrames(image: GreyImage, blobs: Blob[], letterHeight: number): Frame[] {
  if (letterHeight <= 0) return [];
  const minSide = letterHeight * 3;
  const minRun = Math.max(20, letterHeight * 3);
  const frames: Frame[] = [];
  for (const blob of blobs) {
    const w = blob.x1 - blob.x0;
    const h = blob.y1 - blob.y0;
    if (w < minSide * 2 || h < minSide || blob.pixels > w * h * 0.25) continue;
    // The page's own edge or a shadow across the photo is not a frame.
    if (w * h > image.width * image.height * 0.6) continue;
    const box = { x0: blob.x0, y0: blob.y0, x1: blob.x1, y1: blob.y1 };
    const rows = ruledBands(image, box, false, minRun);
    const columns = ruledBands(image, box, true, Math.max(20, Math.min(minRun, h * 0.5)));
    if (rows.length < 2 || columns.length < 2) continue;
    const edge = letterHeight;
    if (rows[0]!.from - box.y0 > edge || box.y1 - rows[rows.length - 1]!.to > edge) continue;
    if (columns[0]!.from - box.x0 > edge || box.x1 - columns[columns.length - 1]!.to > edge) continue;
    const cells: Box[][] = [];
    for (let r = 0; r + 1 < rows.length; r++) {
      const top = rows[r]!.to;
      const bottom = rows[r + 1]!.from;
      if (bottom - top < letterHeight * 0.6) continue;
      const row: Box[] = [];
      let left = columns[0]!.to;
      for (let c = 1; c < columns.length; c++) {
        const line = columns[c]!;
        const last = c === columns.length - 1;
        if (!last && lineCoverage(image, line, true, top, bottom) < LINE_COVER) continue;
        const inset = Math.max(2, Math.round(letterHeight * 0.1));
        const cell = { x0: left + inset, y0: top + inset, x1: line.from - inset, y1: bottom - inset };
        if (cell.x1 - cell.x0 >= letterHeight * 0.6 && cell.y1 > cell.y0 && hasInk(image, cell)) row.push(cell);
        left = line.to;
      }
      if (row.length > 0) cells.push(row);
    }
    if (cells.length > 0) frames.push({ box, rows: cells });
  }
  return frames.sort((a, b) => a.box.y0 - b.box.y0);
}

/**
 * Boxes of a page (a table's cells, row by row) stacked one under another on a white sheet,
 * with a gap of paper between them: one call of the recogniser reads them all, and the line
 * each word lands on tells which box it came from. `cells` are their spans on the sheet, in
 * the same order.
 */
export function stackCells(image: GreyImage, boxes: Box[], gap: number): { sheet: GreyImage; cells: Array<{ y0: number; y1: number }> } {
  const width = Math.max(...boxes.map((box) => box.x1 - box.x0)) + gap * 2;
  const height = boxes.reduce((sum, box) => sum + box.y1 - box.y0 + gap, gap);
  const sheet = createGreyImage(width, height);
  const cells: Array<{ y0: number; y1: number }> = [];
  let top = gap;
  for (const box of boxes) {
    const cell = cropImage(image, box);
    for (let y = 0; y < cell.height; y++) sheet.data.set(cell.data.subarray(y * cell.width, (y + 1) * cell.width), (top + y) * width + gap);
    cells.push({ y0: top, y1: top + cell.height });
    top += cell.height + gap;
  }
  return { sheet, cells };
}
