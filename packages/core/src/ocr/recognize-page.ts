import type { OcrBox, OcrEngine, OcrLine, OcrOptions, OcrWord } from './engine.ts';
import { normalizeOcrText, PAGE_DPIS, unlessFailed } from './engine.ts';
import { withBullets } from './bullets.ts';
import { withPairedQuotes } from './quotes.ts';
import { withoutStrayMarks } from './stray-marks.ts';
import { withoutNoiseLines } from './noise-lines.ts';
import { inRowOrder } from './row-order.ts';
import { withLettersReread, withLoneI } from './misread-strokes.ts';
import { linesToText, meanConfidence } from './ocr-text.ts';
import { columnsOf } from './preprocess/columns.ts';
import type { Frame } from './preprocess/frames.ts';
import { readStacked } from './read-stacked.ts';
import { blankBoxes, boundsOf, cropImage, encodePgm, shiftBox, type GreyImage } from './preprocess/grey-image.ts';
import type { QuarterTurns } from './preprocess/orientation.ts';
import { preparePage, type PreparedPage } from './preprocess/prepare-page.ts';
import { hasEvenPaper } from './preprocess/paper.ts';
import { unreadInk } from './preprocess/unread-ink.ts';
import type { LoadLineModel } from './lines/line-model.ts';
import { LINE_MODEL_LANGUAGES, readWithLineModel } from './lines/second-reading.ts';

/**
 * Below this mean word confidence a page is read again turned over. Measured: pages read
 * the right way up score 89-96, the same pages upside down 25-42.
 */
const SECOND_LOOK = 60;
/** The turned reading must beat the first by this much to replace it. */
const CLEARLY_BETTER = 10;
/**
 * Below this mean word confidence the second recogniser reads the page too. Measured: clean
 * scans and screenshots 95-96, phone photos of pages 89-95, real receipts 67-90.
 */
const UNSURE = 92;
/** Words read again where the layout left ink unread are kept from this confidence. */
const RECOVERED_CONFIDENT = 70;

export interface PageText {
  text: string;
  /** Lines in reading order with word boxes (in the prepared page's pixels) and confidences. */
  lines: OcrLine[];
  /** Mean word confidence, 0 to 100. */
  confidence?: number;
  /** The prepared page the word boxes are in (turned, straightened, scaled as it was read). */
  image: GreyImage;
  /**
   * The second recogniser was wanted but could not be had (its download failed): Tesseract's
   * reading stands, and a later try may do better, so it is not kept for reuse.
   */
  partial?: boolean;
}

/**
 * OCR of one page, the way every OCR tool does it: the page prepared (preprocess/), read by
 * the engine with the segmentation chosen for it, separator rules put back; then marks that
 * are no text and lines of noise dropped (stray-marks.ts, noise-lines.ts), a row's halves
 * put left to right (row-order.ts),
 * letters read as strokes read again (misread-strokes.ts) and Word's bullets named (bullets.ts).
 */
export async function recognizePage(engine: OcrEngine, grey: GreyImage, options: Omit<OcrOptions, 'segmentation'>, { figures = false }: ReadingNeeds = {}): Promise<PageText> {
  const page = preparePage(grey);
  const first = await readPrepared(engine, page, options);
  let kept = { page, ...first };
  if ((first.confidence ?? 0) < SECOND_LOOK) {
    // Upside down, or turned the other way than guessed: the letters cannot tell, reading can.
    // One plain reading tells whether turning helps; the whole pipeline runs only if it does
    // (a page in a language other than the one asked for scores low both ways).
    const turned = preparePage(grey, { turns: ((page.turns + 2) % 4) as QuarterTurns });
    const probe = await engine.recognize(encodePgm(turned.image), { ...options, onProgress: undefined, segmentation: turned.segmentation });
    if ((meanConfidence(probe.lines) ?? 0) > (first.confidence ?? 0) + CLEARLY_BETTER) {
      const second = await readPrepared(engine, turned, options);
      if ((second.confidence ?? 0) > (first.confidence ?? 0) + CLEARLY_BETTER) kept = { page: turned, ...second };
    }
  }
  if ((kept.page.turns === 0 || kept.evidence < 0) && hasEvenPaper(grey)) {
    // A scan or screenshot is also read as it came, the way the tesseract command reads it, and
    // the reading Tesseract holds with more evidence is kept, then finished the same way.
    // Preparation is for photos: on clean documents it helps as often as it costs (a table's
    // rows, a column of line numbers laid out otherwise). A page preparation turned on its side
    // is read as it came only if the turned reading is more doubt than belief: its lines read
    // across can outweigh an unsure upright reading (two receipts turned 90° read at 98.7% and
    // 83.3% CER that way), while a dithered table taken for sideways reads as noise (-31883).
    const asCame = asItCame(grey, page);
    let plain: { lines: OcrLine[]; dpi: number } | undefined;
    let best = kept.evidence;
    for (const dpi of PAGE_DPIS) {
      const { lines } = await engine.recognize(encodePgm(grey), { ...options, onProgress: undefined, segmentation: 'auto', dpi });
      const weight = evidence(lines);
      if (weight > best) [plain, best] = [{ lines, dpi }, weight];
    }
    if (plain) kept = { page: asCame, ...(await finishReading(engine, asCame, grey, plain.lines, [], { ...options, onProgress: undefined, dpi: plain.dpi }, false)) };
  }
  // What Tesseract's languages cannot see, looked at again on the reading kept only: letters
  // read as strokes, Word's bullets, a double quote read as two singles.
  const letterHeight = letterHeightOf(kept.page);
  const cleaned = withLoneI(inRowOrder(withoutNoiseLines(withoutStrayMarks(kept.lines, letterHeight))), letterHeight);
  const reread = await withLettersReread(engine, kept.page.image, cleaned, letterHeight, { ...options, onProgress: undefined });
  let lines = withPairedQuotes(withBullets(reread, kept.page.image, letterHeight));
  if (figures) lines = await withUnreadInk(engine, kept.page.image, lines, letterHeight, { ...options, onProgress: undefined }, true);
  return { text: normalizeOcrText(linesToText(lines)), lines, confidence: kept.confidence, image: kept.page.image, ...(kept.partial ? { partial: true } : {}) };
}

/** What a tool needs of a reading beyond its text. */
export interface ReadingNeeds {
  /**
   * Every figure: the table tools. Tesseract's layout can leave a column of short numbers
   * unread (a table's row numbers 1 to 24: all of them, on a clean page); the ink no word
   * covers is read again, and figures found there are kept, not only words.
   */
  figures?: boolean;
}

/** The page as it came, in the terms of a prepared one: its letters measured, nothing else done. */
function asItCame(grey: GreyImage, page: PreparedPage): PreparedPage {
  return { ...page, image: grey, segmentation: 'auto', scale: 1, turns: 0, skew: 0, rules: [], frames: [], flattened: false, levelled: false };
}

/**
 * How strongly a reading holds: each word's confidence above even odds counts for it, below
 * against it. Measured on the ocr-docs scans, receipts and pages of the corpus, it kept the
 * better of two readings on 27 of 28 (mean confidence: 25, confident words counted: 24).
 * Readings are weighed as Tesseract read them, before the second recogniser: its
 * confidences run higher for the same text (a multi-column page it read with words in
 * pieces, "su c h", weighed 16% more than Tesseract's better reading as it came).
 */
function evidence(lines: OcrLine[]): number {
  return lines.reduce((sum, line) => sum + line.words.reduce((total, word) => total + word.confidence - 50, 0), 0);
}

/** A reading of a page: the text, and the evidence for Tesseract's own reading of it. */
interface Reading extends Omit<PageText, 'text' | 'image'> {
  evidence: number;
}

async function readPrepared(engine: OcrEngine, page: PreparedPage, options: Omit<OcrOptions, 'segmentation'>): Promise<Reading> {
  // The body without its frames, and each frame: one reading each, progress shared out.
  const parts = 1 + page.frames.length;
  const part = (index: number): Omit<OcrOptions, 'segmentation'> => ({
    ...options,
    onProgress: options.onProgress && ((fraction, stage) => options.onProgress!(stage === 'recognizing' ? (index + fraction) / parts : fraction, stage)),
  });
  const body = { ...page.image, data: page.image.data.slice() };
  const margin = Math.ceil(letterHeightOf(page) * 0.3);
  blankBoxes(body, page.frames.map(({ box }) => box), margin);
  const bodyRead = engine.recognize(encodePgm(body), { ...part(0), segmentation: page.segmentation });
  // The frames do not wait for the body: the server's engine reads them beside it on the other
  // core; the browser's reads one thing at a time, the body first, as asked.
  const framesRead = Promise.all(page.frames.map((frame, index) => readFrame(engine, page, frame, part(index + 1))));
  framesRead.catch(() => {});
  const { lines } = await bodyRead;
  return finishReading(engine, page, body, lines, framesRead, options);
}

/**
 * Tesseract's reading of a page's body made whole: read again where Tesseract is unsure or
 * left ink unread, its frames and separator rules put back. Unread ink is looked for on
 * prepared pages only: on a page as it came the search read a diagram's arrows as words.
 */
async function finishReading(engine: OcrEngine, page: PreparedPage, body: GreyImage, read: OcrLine[], framesRead: Promise<OcrLine[][]> | OcrLine[][], options: Omit<OcrOptions, 'segmentation'>, searchUnreadInk = true): Promise<Reading> {
  let lines = read;
  // Where Tesseract is unsure (faded print, dot-matrix digits), the second recogniser reads the
  // page again, row by row; pages set in columns keep Tesseract's layout. Tesseract's words
  // are then taken from a reading as one block, which measured better beside it.
  // The later passes over the body say their own stage or nothing, so the bar does not start
  // over under the same words.
  const quiet = { ...options, onProgress: undefined };
  const unsure = (meanConfidence(lines) ?? 0) < UNSURE;
  let partial = false;
  if (engine.lineModel && unsure && page.columns !== 'throughout' && options.languages.every((code) => LINE_MODEL_LANGUAGES.includes(code))) {
    if (page.segmentation !== 'block') ({ lines } = await engine.recognize(encodePgm(body), { ...quiet, segmentation: 'block' }));
    const second = await secondReading(engine.lineModel, body, lines, options);
    partial = !second;
    lines = second ?? lines;
  } else if (page.segmentation === 'auto' && searchUnreadInk) lines = await withUnreadInk(engine, body, lines, letterHeightOf(page), quiet);
  const framed = await framesRead;
  const tesseractEvidence = evidence(read) + framed.reduce((sum, frameLines) => sum + evidence(frameLines), 0);
  for (const [index, frame] of page.frames.entries()) lines = insertBefore(lines, framed[index]!, frame.box, frame.box.y0);
  const withRules = page.rules.reduce((out, rule, i) => {
    const box = { x0: Math.round(rule.x0), y0: Math.round(rule.y0), x1: Math.round(rule.x1), y1: Math.round(rule.y1) };
    const line: OcrLine = { words: [{ text: '-'.repeat(rule.dashes), confidence: 100, box }], box, paragraph: `rule.${i}` };
    return insertBefore(out, [line], box, (rule.y0 + rule.y1) / 2);
  }, lines);
  return { lines: withRules, confidence: meanConfidence(lines), evidence: tesseractEvidence, ...(partial ? { partial } : {}) };
}

/**
 * The page read again with the second recogniser; undefined if the model cannot be had (its
 * download failed, the device is out of memory), and Tesseract's reading stands: the page was
 * read, only less well.
 */
async function secondReading(load: LoadLineModel, body: GreyImage, lines: OcrLine[], { onProgress, signal }: Omit<OcrOptions, 'segmentation'>): Promise<OcrLine[] | undefined> {
  const model = await unlessFailed(signal, () => load((fraction) => onProgress?.(fraction, 'loading-model')));
  return model && readWithLineModel(model, body, lines, (fraction) => onProgress?.(fraction, 'rereading'));
}

/**
 * A table is read row by row, its cells stacked on one sheet so one reading takes them all;
 * a row's cells come out on one line, apart by tabs (a spreadsheet pasted into splits them
 * there). A box of one cell, an aside, is read as a small page of its own.
 */
async function readFrame(engine: OcrEngine, page: PreparedPage, frame: Frame, options: Omit<OcrOptions, 'segmentation'>): Promise<OcrLine[]> {
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

/**
 * Text that Tesseract's automatic layout left out (preprocess/unread-ink.ts), read again as
 * plain lines and put back where it stands. Only confident words return: the places searched
 * may hold a picture.
 */
/** A place read again holds text: a word of two letters or more (one letter alone is as often a mark). */
const holdsWords = (words: OcrWord[]) => words.some((word) => /\p{L}{2}/u.test(word.text));
/** The narrowest figure sought where ink is unread, in letter heights: a "1". */
const FIGURE_WIDTH = 0.2;
/** A place read again holds text or a figure ("7", "1,505", "-4.3", "12%"). */
const holdsFigures = (words: OcrWord[]) => holdsWords(words) || words.some((word) => /^[-−(+$€£¥]?\d[\d.,:/]*[%)]?$/u.test(word.text));

/** Where the layout left ink unread, read again; with `figures`, lone figures are sought and kept too. */
async function withUnreadInk(engine: OcrEngine, image: GreyImage, lines: OcrLine[], letterHeight: number, options: Omit<OcrOptions, 'segmentation'>, figures = false): Promise<OcrLine[]> {
  const holdsText = figures ? holdsFigures : holdsWords;
  const places = unreadInk(image, lines.flatMap((line) => line.words.map((word) => word.box)), letterHeight, figures ? { narrowest: FIGURE_WIDTH } : {});
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

const letterHeightOf = (page: PreparedPage) => page.letterHeight * page.scale;

function shiftLine(line: OcrLine, dx: number, dy: number): OcrLine {
  return { ...line, box: shiftBox(line.box, dx, dy), words: line.words.map((word) => ({ ...word, box: shiftBox(word.box, dx, dy) })) };
}

/**
 * Lines read apart (a frame, a rule) go before the first line below `top` that shares their
 * width, else at the end.
 */
function insertBefore(lines: OcrLine[], added: OcrLine[], box: OcrBox, top: number): OcrLine[] {
  const at = lines.findIndex((line) => line.box.y0 > top && line.box.x0 < box.x1 && line.box.x1 > box.x0);
  const index = at < 0 ? lines.length : at;
  return [...lines.slice(0, index), ...added, ...lines.slice(index)];
}
