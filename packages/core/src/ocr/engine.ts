import type { Box } from './preprocess/grey-image.ts';
import type { PageSegmentation } from './preprocess/prepare-page.ts';
import type { LoadLineModel } from './lines/line-model.ts';
import type { Dictionary } from './dictionary/dictionary.ts';
import type { StepSwitches } from './pipeline.ts';
import { catalogueEntry } from './language-catalogue.ts';
import type { OsdReading } from './detect/osd.ts';

/** A page's segmentation (prepare-page.ts), or one line: a word cut out to be read again. */
export type OcrSegmentation = PageSegmentation | 'line';

export interface OcrOptions {
  /** Tesseract language codes, e.g. ["eng"] or ["eng", "deu"]. */
  languages: string[];
  /**
   * How Tesseract splits the page: its automatic layout (columns), one block of lines, or a
   * single line (a word cut out: a block of two upright strokes holds no line for Tesseract).
   */
  segmentation?: OcrSegmentation;
  /** The page's resolution for Tesseract's layout analysis (PAGE_DPIS), where it helps. */
  dpi?: number;
  /**
   * Read with the engine's second model of the languages (secondModel), trained apart from the
   * first: the two err in different places, and each word is chosen between them (choose-words.ts).
   */
  model?: 'second';
  /** Offer letters only (no digits, no bar-like marks: NOT_LETTERS), for words a letter was misread in. */
  lettersOnly?: boolean;
  /**
   * A reading started before it is known to be needed, to run beside the one that decides: an
   * engine that reads in parallel refuses it at once (a rejection) where its host has no core to
   * spare, rather than slow the readings that are needed.
   */
  spare?: boolean;
  signal?: AbortSignal;
  /**
   * Fraction of the page recognised, 0 to 1; of the engine or the second recogniser loaded; or
   * of the unsure lines read again by the second recogniser.
   */
  onProgress?: (fraction: number, stage: 'loading' | 'loading-model' | 'recognizing' | 'rereading') => void;
}

/** A rectangle in the pixels of the image the engine was given. */
export type OcrBox = Box;

export interface OcrWord {
  text: string;
  /** The engine's confidence, 0 to 100. */
  confidence: number;
  box: OcrBox;
  /**
   * Whether the engine's own text puts a space before this word on its line (tsv.ts), where
   * known: Tesseract's TSV cuts Thai, Korean and Chinese lines into pieces that its text joins.
   */
  spaced?: boolean;
}

export interface OcrLine {
  words: OcrWord[];
  box: OcrBox;
  /** Lines with the same key belong to one paragraph. */
  paragraph: string;
}

export interface OcrResult {
  /** Lines in reading order, with every word's box and confidence. */
  lines: OcrLine[];
}

export interface OcrEngine {
  /** A short name for logs, /healthz and benchmarks ("tesseract 5.3.0", "tesseract.js 7"). */
  readonly name: string;
  /**
   * Starts loading what reading these languages takes, where that is slow (tesseract.js: its
   * WASM core and language data), so it loads while the image is decoded and prepared. A
   * reading waits for it, and reports a failed load.
   */
  load?(languages: string[]): void;
  /** Reads a prepared page (binary PGM, see preprocess/grey-image.ts). */
  recognize(image: Uint8Array, options: OcrOptions): Promise<OcrResult>;
  /**
   * Readings asked for at once run at once (native tesseract: one process each, on separate
   * cores; tesseract.js: a second worker); where absent, one at a time in the order asked.
   */
  parallel?: boolean;
  /**
   * A reading ahead of need (OcrOptions.spare) is refused where no core is spare, and one
   * stopped under way costs the readings after nothing (native tesseract). tesseract.js reads
   * every reading asked, and stops one by ending its worker, whose successor loads again.
   */
  readsAhead?: boolean;
  /** Whether a second model of all these languages can be read with (OcrOptions.model); absent where none. */
  secondModel?(languages: string[]): boolean;
  /** The second recogniser (lines/line-model.ts), loaded on first use; absent where there is none. */
  lineModel?: LoadLineModel;
  /**
   * The languages' word lists (dictionary/), read from the models this engine reads with and
   * kept; a word counts if any of the languages has it. Undefined where none could be read:
   * a page never fails for want of a dictionary.
   */
  dictionary?(languages: string[]): Promise<Dictionary | undefined>;
  /**
   * The page's script by Tesseract's orientation and script detection (its osd model), the
   * first step of finding a page's languages (detect/); absent where the engine has no OSD
   * model, undefined where the page has too few letters to tell.
   */
  osd?(image: Uint8Array, options: { signal?: AbortSignal }): Promise<OsdReading | undefined>;
  /** Steps of the page's reading switched off, and a trace of those run: a benchmark's (pipeline.ts), never a visitor's. */
  steps?: StepSwitches;
  terminate(): Promise<void>;
}

/**
 * What Tesseract reads I and l as in faces where they are one upright stroke ("||" for "Il",
 * "I11" for Courier's "Il"): digits and bar-like marks, brackets among them (without them,
 * "||" comes back as "[]"). Kept out when a word is read again as letters only (Tesseract's
 * tessedit_char_blacklist).
 */
export const NOT_LETTERS = '0123456789|¦!()[]{}\\';

/**
 * What `read` gives, or undefined where it failed: a later pass that only betters a reading
 * (the second recogniser, words read again) must not fail a page that was read. A cancelled
 * job still stops.
 */
export async function unlessFailed<T>(signal: AbortSignal | undefined, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The resolutions a scan or screenshot read as it came is said to have, print's and a
 * screen's: it is read at both and the reading with more evidence kept. A PGM carries none,
 * and then Tesseract lays the page out as if at 70 dpi whatever it estimates; and its layout
 * turns on the figure it is told, not smoothly. The tesseract command on scanned documents, told
 * each: a deposition 85.5% word F1 at 70 and 91.5% at 300, a wide table 83.0% at 96, 38.9% at
 * 150 and 73.5% at 300, a small-print page 96.4% at 96 and 92.7% at 300; kept by evidence, the
 * better of 96 and 300 on all 14 measured (mean 88.4%, against 87.2% at 300 alone and 85.7% at 96, the
 * dpi these files declare). Prepared pages are not told: their layout was measured without
 * it, and told 300 two real photos read their table in another order.
 */
export const PAGE_DPIS = [300, 96] as const;

/** Tesseract's page segmentation mode numbers. */
export const tesseractPsm: Record<OcrSegmentation, string> = { auto: '3', block: '6', line: '7' };

/**
 * Tesseract's page segmentation mode for a reading. A vertical model (jpn_vert, chi_tra_vert:
 * columns read top to bottom, right to left) reads one block as mode 5, a block of vertical
 * text: mode 6 and 7 cut it into horizontal lines, which on a page of columns gave nothing
 * right (measured on a rendered page of four columns: 3 and 5 read every column in order).
 */
export function segmentationMode({ segmentation = 'auto', languages }: Pick<OcrOptions, 'segmentation' | 'languages'>): string {
  if (segmentation !== 'auto' && languages.some((code) => catalogueEntry(code)?.vertical)) return VERTICAL_BLOCK_PSM;
  return tesseractPsm[segmentation];
}

/** Tesseract's "single uniform block of vertically aligned text". */
const VERTICAL_BLOCK_PSM = '5';

/**
 * Tesseract output keeps the page's line breaks, and ends lines and the page with spaces and
 * blank lines of its own; those are not the user's text.
 */
export function normalizeOcrText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
