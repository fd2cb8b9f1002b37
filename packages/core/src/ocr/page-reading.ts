import type { OcrBox, OcrEngine, OcrLine, OcrOptions, OcrWord } from './engine.ts';
import { unlessFailed } from './engine.ts';
import { columnsOf } from './preprocess/columns.ts';
import type { Frame } from './preprocess/frames.ts';
import { readStacked } from './read-stacked.ts';
import { boundsOf, cropImage, encodePgm, shiftBox, type GreyImage } from './preprocess/grey-image.ts';
import type { PreparedPage } from './preprocess/prepare-page.ts';
import { rotateQuarterTurns } from './preprocess/geometry.ts';
import type { QuarterTurns } from './preprocess/orientation.ts';
import { unreadInk } from './preprocess/unread-ink.ts';
import type { LoadLineModel } from './lines/line-model.ts';
import { readWithLineModel, type LineModelRepairs } from './lines/second-reading.ts';

// The parts of a reading that the pipeline's steps (pipeline.ts) call: a page's frames read
// apart, ink the layout left unread read again, the second recogniser, and how strongly
// Tesseract holds a reading.

/** Words read again where the layout left ink unread are kept from this confidence. */
const RECOVERED_CONFIDENT = 70;

/** The page as it came, in the terms of a prepared one: its letters measured, nothing else done. */
export function asItCame(grey: GreyImage, page: PreparedPage, turns: QuarterTurns = 0): PreparedPage {
  return {
    ...page,
    image: turns === 0 ? grey : rotateQuarterTurns(grey, turns),
    segmentation: 'auto',
    scale: 1,
    turns,
    skew: 0,
    rules: [],
    frames: [],
    flattened: false,
    levelled: false,
  };
}

/**
 * How strongly a reading holds: each word's confidence above even odds counts for it, below
 * against it. Measured on scanned documents, receipts and phone photos of pages, it kept the
 * better of two readings on 27 of 28 (mean confidence: 25, confident words counted: 24).
 * Readings are weighed as Tesseract read them, before the second recogniser: its
 * confidences run higher for the same text (a multi-column page it read with words in
 * pieces, "su c h", weighed 16% more than Tesseract's better reading as it came).
 */
export function evidence(lines: OcrLine[]): number {
  return lines.reduce((sum, line) => sum + line.words.reduce((total, word) => total + word.confidence - 50, 0), 0);
}

/**
 * The page read again with the second recogniser; undefined if the model cannot be had (its
 * download failed, the device is out of memory), and Tesseract's reading stands: the page was
 * read, only less well.
 */
export async function secondReading(
  load: LoadLineModel,
  body: GreyImage,
  lines: OcrLine[] | Promise<OcrLine[]>,
  { onProgress, signal }: Omit<OcrOptions, 'segmentation'>,
  repairs?: LineModelRepairs,
): Promise<OcrLine[] | undefined> {
  const model = await unlessFailed(signal, () => load((fraction) => onProgress?.(fraction, 'loading-model')));
  return model && readWithLineModel(model, body, lines, (fraction) => onProgress?.(fraction, 'rereading'), repairs);
}

/**
 * A table is read row by row, its cells stacked on one sheet so one reading takes them all;
 * a row's cells come out on one line, apart by tabs (a spreadsheet pasted into splits them
 * there). A box of one cell, an aside, is read as a small page of its own, ink its layout
 * left unread read again.
 */
export async function readFrame(engine: OcrEngine, page: PreparedPage, frame: Frame, options: Omit<OcrOptions, 'segmentation'>): Promise<OcrLine[]> {
  const key = `frame.${frame.box.x0}.${frame.box.y0}`;
  const cellCount = frame.rows.reduce((sum, row) => sum + row.length, 0);
  if (cellCount === 1) {
    const inner = frame.rows[0]![0]!;
    const lines: OcrLine[] = [];
    for (const column of columnsOf(cropImage(page.image, inner), letterHeightOf(page))) {
      const at = shiftBox(column, inner.x0, inner.y0);
      const crop = cropImage(page.image, at);
      const { lines: read } = await engine.recognize(encodePgm(crop), { ...options, segmentation: 'auto' });
      const found = await withUnreadInk(engine, crop, read, letterHeightOf(page), options);
      lines.push(...found.map((line) => ({ ...shiftLine(line, at.x0, at.y0), paragraph: `${key}.${at.x0}.${line.paragraph}` })));
    }
    return lines;
  }
  const words = await readStacked(engine, page.image, frame.rows.flat(), letterHeightOf(page), options);
  // Cells were stacked row by row, so they come back in that order.
  let next = 0;
  return frame.rows.flatMap((row) => {
    const rowWords: OcrWord[] = [];
    row.forEach(() => {
      const cellWords = words[next++]!;
      cellWords.forEach((word, w) => rowWords.push({ ...word, text: rowWords.length > 0 && w === 0 ? `\t${word.text}` : word.text }));
    });
    if (rowWords.length === 0) return [];
    return [{ words: rowWords, box: boundsOf(row), paragraph: key }];
  });
}

/** A place read again holds text: a word of two letters or more (one letter alone is as often a mark). */
const holdsWords = (words: OcrWord[]) => words.some((word) => /\p{L}{2}/u.test(word.text));
/** The narrowest figure sought where ink is unread, in letter heights: a "1". */
const FIGURE_WIDTH = 0.2;
/** A place read again holds text or a figure ("7", "1,505", "-4.3", "12%"). */
const holdsFigures = (words: OcrWord[]) => holdsWords(words) || words.some((word) => /^[-−(+$€£¥]?\d[\d.,:/]*[%)]?$/u.test(word.text));

/**
 * Text that Tesseract's automatic layout left out (preprocess/unread-ink.ts), read again as
 * plain lines and put back where it stands. Only confident words return: the places searched
 * may hold a picture. With `figures`, lone figures are sought and kept too.
 */
export async function withUnreadInk(
  engine: OcrEngine,
  image: GreyImage,
  lines: OcrLine[],
  letterHeight: number,
  options: Omit<OcrOptions, 'segmentation'>,
  figures = false,
): Promise<OcrLine[]> {
  const holdsText = figures ? holdsFigures : holdsWords;
  const places = unreadInk(
    image,
    lines.flatMap((line) => line.words.map((word) => word.box)),
    letterHeight,
    figures ? { narrowest: FIGURE_WIDTH } : {},
  );
  if (places.length === 0) return lines;
  const found = await readStacked(engine, image, places, letterHeight, options);
  return places.reduce((out, box, i) => {
    const words = found[i]!.filter((word) => word.confidence >= RECOVERED_CONFIDENT);
    if (!holdsText(words)) return out;
    // A heading stands over its text, often centred: the lines it goes before are sought a
    // width either side of it.
    const reach = { ...box, x0: box.x0 - (box.x1 - box.x0), x1: box.x1 + (box.x1 - box.x0) };
    return insertBefore(out, [{ words, box, paragraph: `unread.${i}` }], reach, box.y0);
  }, lines);
}

/** The median letter height of a prepared page, in its (scaled) pixels. */
export const letterHeightOf = (page: PreparedPage) => page.letterHeight * page.scale;

function shiftLine(line: OcrLine, dx: number, dy: number): OcrLine {
  return { ...line, box: shiftBox(line.box, dx, dy), words: line.words.map((word) => ({ ...word, box: shiftBox(word.box, dx, dy) })) };
}

/**
 * Lines read apart (a frame, a rule) go before the first line below `top` that shares their
 * width, else at the end.
 */
export function insertBefore(lines: OcrLine[], added: OcrLine[], box: OcrBox, top: number): OcrLine[] {
  const at = lines.findIndex((line) => line.box.y0 > top && line.box.x0 < box.x1 && line.box.x1 > box.x0);
  const index = at < 0 ? lines.length : at;
  return [...lines.slice(0, index), ...added, ...lines.slice(index)];
}
