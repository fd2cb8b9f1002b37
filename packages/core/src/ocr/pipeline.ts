import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { normalizeOcrText, PAGE_DPIS, unlessFailed } from './engine.ts';
import { withBullets } from './bullets.ts';
import { withPairedQuotes } from './quotes.ts';
import { withoutStrayMarks } from './stray-marks.ts';
import { withoutNoiseLines } from './noise-lines.ts';
import { inRowOrder } from './row-order.ts';
import { withLettersReread, withLoneI } from './misread-strokes.ts';
import { linesToText, meanConfidence } from './ocr-text.ts';
import { asItCame, evidence, insertBefore, letterHeightOf, readFrame, secondReading, withUnreadInk } from './page-reading.ts';
import type { Frame } from './preprocess/frames.ts';
import { blankBoxes, encodePgm, type GreyImage } from './preprocess/grey-image.ts';
import { rotateQuarterTurns, shrinkImage } from './preprocess/geometry.ts';
import type { QuarterTurns } from './preprocess/orientation.ts';
import { looksOver, looksSideways, measurePage, preparePage, type PreparedPage } from './preprocess/prepare-page.ts';
import { catalogueEntry } from './language-catalogue.ts';
import { unreadInk } from './preprocess/unread-ink.ts';
import { hasEvenPaper } from './preprocess/paper.ts';
import { sharpenOutOfFocus } from './preprocess/focus.ts';
import { descreen } from './preprocess/descreen.ts';
import type { Dictionary } from './dictionary/dictionary.ts';
import { dictionaryLetters, readableWords } from './dictionary/readable-words.ts';
import { chooseWords, sameWordPlace } from './choose-words.ts';
import { doubtfulLines, MOSTLY_DOUBTFUL, spliceLines } from './doubtful-lines.ts';
import { LINE_MODEL_LANGUAGES } from './lines/second-reading.ts';
import { type Detected, detectLanguages, quickBand, readAs, type ReadLanguages } from './detect/detect-languages.ts';

// The reading of one page as one ordered list of named steps: preparation, readers, the choice
// among their readings, and the repairs of the reading kept. Each step says when it runs (the
// code, and in words the classes of input it is for) and can be switched off by a benchmark
// (OcrEngine.steps, set from the server's config, never by a visitor): bench/ocr/ablation.ts
// turns each off in turn. A step is added by adding an entry where it belongs in the order.

/**
 * Below this mean word confidence a page is read again turned over. Measured: pages read
 * the right way up score 89-96, the same pages upside down 25-42.
 */
const SECOND_LOOK = 60;
/**
 * A page is turned over only when, read turned, it holds this many times the readable
 * characters (dictionary words, figures, codes: dictionary/readable-words.ts) of the reading
 * it would replace. Measured on scanned documents: the upright reading holds 2.2 to 14 times
 * a wrongly turned one's, and confidence alone can favour the wrong way on a worn scan.
 */
const CLEARLY_MORE = 1.5;
/**
 * The plain reading (the page as it came, the engine's own layout) replaces the kept one when
 * it holds this many times its readable characters, and at least NOISE_FLOOR more: a wrong
 * early decision (a quarter turn, a flattening that cut the page) then never reaches the
 * visitor as noise. Upright readings of the same page differ by far less (0.7 to 1 times).
 */
const NOISE_RATIO = 1.25;
const NOISE_FLOOR = 20;
/**
 * A reading as one block with this many more words lying over others on their line than the
 * reading as laid out may have read a page's columns into each other. Measured: a report with a
 * column of contacts beside its text 5 against 1; tables, a chart and receipts 0 or 1, but for a
 * receipt whose wide misread words take in the small ones under them (12 against 0, as many
 * readable words either way).
 */
const TWICE_OVER = 3;
/**
 * Tesseract's own layout lost lines of text (step lost-lines) where the text-like ink no word
 * covers is wider, in all, than this share of the words read: a clean page of Korean read at
 * its automatic layout kept one or three of its six lines.
 */
const LOST_SHARE = 0.5;
/** A photo's plain reading is read at most this large (its letters then 20-40 pixels tall). */
const PLAIN_MAX_PIXELS = 8_000_000;
/**
 * Below this mean word confidence the second recogniser reads the page too. Measured: clean
 * scans and screenshots 95-96, phone photos of pages 89-95, real receipts 67-90.
 */
const UNSURE = 92;
/**
 * A page read as it came this sure (mean word confidence) at print's resolution is not read at
 * a screen's as well. Measured on 31 clean scans, screenshots and text lines (documents, the OCR
 * corpus): the 15 read at 93.4 and above had the same words at both resolutions; below, tables and
 * multi-column pages differ by up to 15 points of word F1 either way, and evidence chooses.
 */
const SURE_AS_CAME = 93;

export interface PageText {
  text: string;
  /** Lines in reading order with word boxes (in the prepared page's pixels) and confidences. */
  lines: OcrLine[];
  /** Mean word confidence, 0 to 100. */
  confidence?: number;
  /** The prepared page the word boxes are in (turned, straightened, scaled as it was read). */
  image: GreyImage;
  /** The size of the page given to the reading, in its pixels: where page-words.ts takes the boxes back to. */
  given?: { width: number; height: number };
  /**
   * How `image` was made from the page given: turned by quarter turns clockwise, then by
   * `skew` degrees (levelled), then scaled to its size; a page flattened or its lines levelled
   * (a photo) is not a turn and a scale of the one given, and its boxes do not map back.
   */
  placement: Pick<PreparedPage, 'turns' | 'skew' | 'flattened' | 'levelled'>;
  /**
   * The skew preparation measured on the page (degrees, after its quarter turns), whichever
   * reading was kept: a page read as it came still has it (OCR PDF's deskew straightens by it).
   */
  measuredSkew: number;
  /**
   * The second recogniser was wanted but could not be had (its download failed): Tesseract's
   * reading stands, and a later try may do better, so it is not kept for reuse.
   */
  partial?: boolean;
  /** The languages the page was read in, given or found on it (detect/). */
  language?: ReadLanguages;
}

/** What a tool needs of a reading beyond its text. */
export interface ReadingNeeds {
  /**
   * How many times its own pixels' size the page's scan was drawn to be read (a PDF's 150 dpi
   * scan rendered at 300: 2), where known: its focus is judged at its own pixels (sharpen-soft).
   */
  enlarged?: number;
  /**
   * Every figure: the table tools. Tesseract's layout can leave a column of short numbers
   * unread (a table's row numbers 1 to 24: all of them, on a clean page); the ink no word
   * covers is read again, and figures found there are kept, not only words.
   */
  figures?: boolean;
  /**
   * A scan's page rendered at print resolution, to be read for a text layer over it as it is
   * (OCR PDF): read as it came, told 300 dpi, also where preparation would level it a little or
   * turn it by quarter turns; prepared and read again only where that reading is poor
   * (turned-look, never-noise) or the page has frames to read apart. A text layer laid over the
   * picture needs the words where the picture has them, and one reading of a clean scan is what
   * keeps a many-page PDF's time near the reading alone.
   */
  scan?: boolean;
}

/** Which steps run: for a benchmark's ablation only (the server's config sets it; no request can). */
export interface StepSwitches {
  /** Names of steps switched off (stepNames()); a name no step has is refused. */
  off?: ReadonlySet<string>;
  /** Told of each step as it ends, steps within steps included (the benchmark's trace). */
  onStep?: (run: StepRun) => void;
}

export interface StepRun {
  name: string;
  seconds: number;
  /** Whether the step changed what the steps after it see: switched off, the reading would be the same where it did not. */
  changed: boolean;
}

/** What a page's reading is asked with; `preferredLanguage` only where its languages are found on it (detect/). */
type ReadOptions = Omit<OcrOptions, 'segmentation'> & { preferredLanguage?: string };

/** What every step of one page's reading is given besides the state it works on. */
interface PageContext {
  engine: OcrEngine;
  /**
   * The page as it came (decoded, grey), its out-of-focus regions sharpened (step sharpen-soft)
   * and its screens smoothed (step descreen): what every reading reads.
   */
  grey: GreyImage;
  /** The reading's options: where no language was given, find-languages fills them in before anything is read. */
  options: ReadOptions;
  needs: ReadingNeeds;
  switches: StepSwitches;
  isOff(name: StepName): boolean;
  /** Whether the page's paper is one even tone (a scan or a screenshot, not a photo): measured once. */
  evenPaper(): boolean;
  /** The languages' dictionary, loaded beside the first reading (undefined where none can be had). */
  dictionary(): Promise<Dictionary | undefined>;
  /**
   * The page as it came turned by quarter turns (lossless), read with the engine's own layout,
   * told `dpi` or not: started once, so readings that do not depend on each other run at once
   * (the server's engine reads them on separate cores).
   */
  plain(turns: QuarterTurns, dpi?: number, progress?: boolean): Promise<OcrLine[]>;
  /**
   * A plain reading that may be wanted next, started now where the engine reads in parallel
   * and has a core to spare (OcrOptions.spare); `plain` with the same turns and dpi takes it
   * up, and one never taken up is stopped when the page is read (or by `notWanted`).
   */
  readAhead(turns: QuarterTurns, dpi: number): void;
  /** The reading ahead for these turns and dpi is not wanted after all: stopped, its core given back. */
  notWanted(turns: QuarterTurns, dpi: number): void;
  /** The image `plain` reads: the page as it came, turned, a photo made smaller. */
  plainImage(turns: QuarterTurns): GreyImage;
  /** The keys (`turns.dpi`) of the plain readings started so far. */
  plainReadings(): string[];
  /**
   * An upright scan's or screenshot's languages, being found on it as it came while it is
   * prepared (find-languages waits for them); detection's reading of the page whole is then
   * the page's first reading as it came, where nothing was sharpened or smoothed since.
   */
  detecting?: Promise<Detected>;
}

interface Step<S> {
  name: StepName;
  /** When it runs, in words: the classes of input it is for (the ablation table prints it). */
  runsWhen: string;
  /** Only what the reading cannot do without has no switch. */
  switchable?: false;
  when?: (state: S, context: PageContext) => boolean;
  run: (state: S, context: PageContext) => S | Promise<S>;
  /** What stands in when the step is switched off, where something must (the page still has to be read). */
  whenOff?: (state: S, context: PageContext) => S | Promise<S>;
}

/** One reading of a page image, made whole: its body, its frames, its rules. */
interface PageReading {
  page: PreparedPage;
  options: ReadOptions;
  /** The page without the frames read apart. */
  body: GreyImage;
  /** Frames read apart from the body. */
  frames: Frame[];
  framesRead?: Promise<OcrLine[][]>;
  framed: OcrLine[][];
  /** Tesseract's reading of the body as it came out (weighed for evidence); a page read as it came is read before. */
  read?: OcrLine[];
  lines: OcrLine[];
  /** Ink left unread is looked for on prepared pages only: on a page as it came the search read a diagram's arrows as words. */
  searchUnreadInk: boolean;
  secondTried: boolean;
  partial: boolean;
}

/** A reading weighed: its lines, confidence, Tesseract's evidence, and the page it is in the pixels of. */
interface Kept {
  page: PreparedPage;
  lines: OcrLine[];
  confidence?: number;
  evidence: number;
  partial?: boolean;
  /** The resolution the engine was told, for a page read as it came. */
  dpi?: number;
  /** The second recogniser's reading stands in it (a receipt's faded print). */
  modelRead?: boolean;
  /**
   * Read so poorly (under SECOND_LOOK) that it may be the page upside down: the reading stopped
   * after Tesseract's, for turned-look to settle the turn before the rest of READING_STEPS (the
   * second recogniser) reads it; `upright` finishes it where the page stays as it is.
   */
  unsettled?: PageReading;
}

interface PageState {
  /**
   * The σ (pixels) the page's soft regions were sharpened by (sharpen-soft). The pixels are
   * context.grey's; this mark is what tells the trace (and the ablation's replay) the step changed the page.
   */
  sharpened?: number;
  /** Screened or dithered print was smoothed (descreen): context.grey is the smoothed page; the mark tells the trace so. */
  descreened?: boolean;
  /** The page as prepared (or only measured, preparation off). */
  page?: PreparedPage;
  /** The languages found on the prepared page (find-languages): a photo's, none given. */
  language?: ReadLanguages;
  /** Detection found the page turned over (find-languages): way-up reads a band both ways before turning it. */
  turnedOver?: boolean;
  /** The reading kept so far; the repairs work on its lines. */
  kept?: Kept;
  /** A clean page, read as it came only (clean-once). */
  clean?: boolean;
  /** Readings of the page as it came, the best by evidence when it beats the kept one. */
  asCame?: { best: number; plain?: { lines: OcrLine[]; dpi: number; turns: QuarterTurns } };
}

/** A rule put back as a line of dashes: not a word Tesseract read, so not in the confidence. */
const isRule = (line: OcrLine) => line.paragraph.startsWith('rule.');
/** A line of a frame read apart (a table's cell, a boxed aside: page-reading.ts's readFrame). */
const isFrameLine = (line: OcrLine) => line.paragraph.startsWith('frame.');

/**
 * How one page image is read (the steps read-page, turned-look and as-came-kept run it on the
 * page they read): the body by Tesseract, the second recogniser where Tesseract is unsure, ink left
 * unread, frames and rules put back.
 */
const READING_STEPS = [
  {
    name: 'frames',
    runsWhen: 'the page has ruled tables or boxed asides (forms, filings, reports): each is cut out and read apart, beside the body',
    when: (s) => s.page.frames.length > 0,
    run(s) {
      const body = { ...s.page.image, data: s.page.image.data.slice() };
      blankBoxes(
        body,
        s.page.frames.map(({ box }) => box),
        Math.ceil(letterHeightOf(s.page) * 0.3),
      );
      return { ...s, body, frames: s.page.frames };
    },
  },
  {
    name: 'read',
    runsWhen: 'always: Tesseract reads the body in the segmentation preparation chose (a page read as it came was read already)',
    switchable: false,
    when: (s) => !s.read,
    async run(s, { engine }) {
      // The body and each frame: one reading each, progress shared out. The frames do not wait
      // for the body: an engine that reads beside it (engine.parallel) reads them on the other
      // core, so the bar is the parts' fractions summed, never one part's place in the order;
      // only the body's loading moves it.
      const parts = 1 + s.frames.length;
      const { options } = s;
      const done = Array.from({ length: parts }, () => 0);
      const part = (index: number): ReadOptions => ({
        ...options,
        onProgress:
          options.onProgress &&
          ((fraction, stage) => {
            if (stage !== 'recognizing') return index === 0 ? options.onProgress!(fraction, stage) : undefined;
            done[index] = fraction;
            options.onProgress!(done.reduce((sum, each) => sum + each, 0) / parts, stage);
          }),
      });
      const bodyRead = engine.recognize(encodePgm(s.body), { ...part(0), segmentation: s.page.segmentation });
      const framesRead = Promise.all(s.frames.map((frame, index) => readFrame(engine, s.page, frame, part(index + 1))));
      framesRead.catch(() => {});
      const { lines } = await bodyRead;
      return { ...s, read: lines, lines, framesRead };
    },
  },
  {
    name: 'second-recogniser',
    runsWhen:
      "Tesseract is unsure (a receipt's faded thermal print, dot-matrix digits, a blurred photo), " +
      'the page is not set in columns throughout, and its language is one the model spells',
    when: (s, { engine, options }) =>
      Boolean(engine.lineModel) &&
      (meanConfidence(s.lines) ?? 0) < UNSURE &&
      !nothingToRead(s.lines, s.page) &&
      s.page.columns !== 'throughout' &&
      options.languages.every((code) => LINE_MODEL_LANGUAGES.includes(code)),
    async run(s, { engine, isOff, dictionary }) {
      // Row by row, so Tesseract's words are taken from a reading as one block, which measured
      // better beside it; that reading is made on Tesseract's thread while the model's line
      // detector runs on this one. The later passes over the body say their own stage or
      // nothing, so the bar does not start over under the same words.
      const block =
        s.page.segmentation === 'block'
          ? s.lines
          : engine.recognize(encodePgm(s.body), { ...s.options, onProgress: undefined, segmentation: 'block' }).then(({ lines }) => lines);
      if (block instanceof Promise) block.catch(() => {});
      // Read as one block across two columns, a page's lines can be read into each other,
      // words lying over words ("citing iting", "diabet diabetes"): where that reading also holds
      // fewer readable words than the page as laid out, the page as laid out stands instead.
      const words = await dictionary();
      const readable = (lines: OcrLine[]) => readableWords(lines, words).readableCharacters;
      const tesseractWords =
        block instanceof Promise
          ? block.then((lines) => (wordsReadTwice(lines) - wordsReadTwice(s.lines) >= TWICE_OVER && readable(s.lines) > readable(lines) ? s.lines : lines))
          : block;
      const second = await secondReading(engine.lineModel!, s.body, tesseractWords, s.options, {
        narrowLetters: !isOff('narrow-letters'),
        decimalPoints: !isOff('decimal-points'),
        readable: (line) =>
          dictionaryLetters(
            line.map(({ text }) => text),
            words,
          ),
      });
      if (!second) return { ...s, lines: await tesseractWords, secondTried: true, partial: true };
      // Never noise: where its rows hold clearly fewer readable words than Tesseract's reading
      // (a table of small print read sideways, a page of blots), Tesseract's reading stands.
      const [before, after] = [readableWords(s.lines, words).readableCharacters, readableWords(second, words).readableCharacters];
      if (before >= after * NOISE_RATIO && before - after >= NOISE_FLOOR) return { ...s, secondTried: true };
      return { ...s, lines: second, secondTried: true, partial: false };
    },
  },
  {
    name: 'unread-ink',
    runsWhen:
      'the second recogniser did not read the page and Tesseract laid it out itself (columns, a heading or a figure apart): ink no word covers is read again',
    when: (s) => !s.secondTried && s.page.segmentation === 'auto' && s.searchUnreadInk,
    async run(s, { engine }) {
      return { ...s, lines: await withUnreadInk(engine, s.body, s.lines, letterHeightOf(s.page), { ...s.options, onProgress: undefined }) };
    },
  },
  {
    name: 'frames-back',
    runsWhen: 'frames were cut out (step frames): their readings go back where they stood',
    switchable: false,
    when: (s) => s.frames.length > 0,
    async run(s) {
      const framed = await s.framesRead!;
      return { ...s, framed, lines: s.frames.reduce((lines, frame, index) => insertBefore(lines, framed[index]!, frame.box, frame.box.y0), s.lines) };
    },
  },
  {
    name: 'rules',
    runsWhen: 'preparation found separator rows of dashes (receipts, forms): painted out before reading, put back as dashes',
    when: (s) => s.page.rules.length > 0,
    run: (s) => ({
      ...s,
      lines: s.page.rules.reduce((out, rule, i) => {
        const box = { x0: Math.round(rule.x0), y0: Math.round(rule.y0), x1: Math.round(rule.x1), y1: Math.round(rule.y1) };
        const line: OcrLine = { words: [{ text: '-'.repeat(rule.dashes), confidence: 100, box }], box, paragraph: `rule.${i}` };
        return insertBefore(out, [line], box, (rule.y0 + rule.y1) / 2);
      }, s.lines),
    }),
  },
] satisfies readonly Step<PageReading>[];

/**
 * Mends inside the second recogniser's reading of a line (lines/second-reading.ts), switched
 * with the rest: they work on both readers' words of one line, which no later step sees.
 */
const SECOND_READING_MENDS = [
  {
    name: 'narrow-letters',
    runsWhen:
      "within the second recogniser, where its reading of a line wins: a word it read without narrow letters (i, l, t, f, r) takes Tesseract's fuller spelling",
  },
  {
    name: 'decimal-points',
    runsWhen:
      'within the second recogniser, on a line Tesseract read confidently with a bare number of 3-6 digits: ' +
      "the point of a price the model sees is put back (a receipt's faint print)",
  },
] as const;

/** Repairs of the reading kept: each gives new lines for the old, in the kept page's pixels. */
function repair(
  name: StepName,
  runsWhen: string,
  mend: (lines: OcrLine[], letterHeight: number, page: PreparedPage, context: PageContext) => OcrLine[] | Promise<OcrLine[]>,
  when?: Step<PageState>['when'],
): Step<PageState> {
  return {
    name,
    runsWhen,
    ...(when ? { when } : {}),
    run: async (s, context) => ({ ...s, kept: { ...s.kept!, lines: await mend(s.kept!.lines, letterHeightOf(s.kept!.page), s.kept!.page, context) } }),
  };
}

const quietly = ({ options }: PageContext): ReadOptions => ({ ...options, onProgress: undefined });

/** The resolutions a page as it came is read at: print's and a screen's, or print's alone for a scan (ReadingNeeds.scan). */
function asCameDpis(context: PageContext): number[] {
  return PAGE_DPIS.filter((dpi) => !context.isOff(`as-came-${dpi}`) && (!context.needs.scan || dpi === PAGE_DPIS[0]));
}

/**
 * The first reading as it came (print's resolution, or the first not switched off), started:
 * the others wait for it, and are read only where it is unsure (as-came steps).
 */
function startAsCame(turns: QuarterTurns, context: PageContext, progress = false): void {
  const [first, ...later] = asCameDpis(context);
  if (first === undefined) return;
  void context.plain(turns, first, progress).catch(() => {});
  // A lone page's likely next reading, beside the first where a core is spare: about half of
  // clean pages are read unsure at print's resolution and need a screen's too.
  for (const dpi of later) context.readAhead(turns, dpi);
}

/**
 * Whether the page's first reading as it came is sure enough that another resolution would
 * read the same words: mean word confidence at or above SURE_AS_CAME.
 */
async function firstAsCameSure(turns: QuarterTurns, dpi: number, context: PageContext): Promise<boolean> {
  const first = asCameDpis(context)[0];
  if (first === undefined || first === dpi) return false;
  return (meanConfidence(await context.plain(turns, first)) ?? 0) >= SURE_AS_CAME;
}

/**
 * Options for a pass after the page's first reading: it says its own stage (the second
 * recogniser loading, lines read again) or nothing, so the bar does not start over under the
 * same words.
 */
function laterPass(options: ReadOptions): ReadOptions {
  const { onProgress } = options;
  return {
    ...options,
    onProgress: onProgress && ((fraction, stage) => (stage === 'loading-model' || stage === 'rereading' ? onProgress(fraction, stage) : undefined)),
  };
}

/**
 * The kept reading stands the way up it was read: where its turn was left to settle (a page
 * read as it came, very unsure), it is finished now as any reading is, the second recogniser
 * included.
 */
async function upright(s: PageState, context: PageContext): Promise<PageState> {
  const { unsettled, page } = s.kept!;
  if (!unsettled) return s;
  return { ...s, kept: { page, ...(await finishReading(unsettled, context)) } };
}

/** The page turned by `turns` from as it came, prepared (or only measured, preparation off). */
function turnedPage(grey: GreyImage, turns: QuarterTurns, context: PageContext): PreparedPage {
  return context.isOff('prepare') ? measurePage(rotateQuarterTurns(grey, turns), turns) : preparePage(grey, { turns });
}

/** Scripts whose letters sit on a baseline, most of those that leave the x-height rising above it (looksUpsideDown). */
const BASELINE_SCRIPTS = new Set(['Latn', 'Cyrl', 'Grek']);

/**
 * Whether a scan or screenshot in the languages given looks upside down as it came, told from
 * its letters' edges (preprocess/orientation.ts, a few milliseconds). With no language given,
 * finding the languages tells it (detect/). Read upside down first, a clean scan took a whole
 * reading of noise (5 s on a deposition page), then turned-look.
 */
function looksOverInLanguages(context: PageContext): boolean {
  const { languages } = context.options;
  if (languages.length === 0 || context.isOff('way-up') || !context.evenPaper()) return false;
  if (!languages.every((code) => BASELINE_SCRIPTS.has(catalogueEntry(code)?.script ?? ''))) return false;
  return !looksSideways(context.grey) && looksOver(context.grey);
}

/**
 * A page without a mark on it (a blank picture, one even tone) that Tesseract read no word on:
 * the second recogniser (18 MB for a browser to fetch) and a look turned over would find none
 * either. Letters too big to be taken for letters (a sign, a title on a small picture) are
 * still marks, and still looked for.
 */
function nothingToRead(lines: readonly OcrLine[], page: PreparedPage): boolean {
  if (page.letterHeight > 0 || lines.some((line) => line.words.length > 0)) return false;
  let [darkest, lightest] = [255, 0];
  for (const value of page.image.data) {
    if (value < darkest) darkest = value;
    if (value > lightest) lightest = value;
  }
  return lightest - darkest < NO_MARK_CONTRAST;
}

/** Grey levels between a page's darkest and lightest pixel under which it holds no mark (a JPEG's ripples on white stay under 20). */
const NO_MARK_CONTRAST = 32;

/** The steps of a page's reading, in the order they run. */
const PAGE_STEPS = [
  {
    name: 'sharpen-soft',
    runsWhen:
      'part or all of the page is out of focus (a receipt that moved in the scanner, a page photographed focused on one side): the soft regions, ' +
      "found cell by cell from the slope of the ink's edges, are deconvolved before any decision is made on the whole page (a phone photo at 2600 pixels " +
      'on its long side); sharp pages are left as they came',
    run(s, context) {
      // Measured on the sweep's blurred classes (σ 1-3, whole or left half), mean CER: photos
      // blurred σ 2 and 3 8.8% and 7.5% before (with word-choice's doubled frames), 0.5% and 0.9%
      // now; receipts 9.9% and 37.8%, now 8.6% and 21.3%; left half σ 2 and 3, photos 7.6% and
      // 4.9%, now 0.4% and 0.9%, receipts 11.9% and 21.8%, now 7.6% and 16.3%. As taken unchanged.
      const sharpened = sharpenOutOfFocus(context.grey, context.needs.enlarged);
      if (!sharpened) return s;
      context.grey = sharpened.image;
      return { ...s, sharpened: Math.round(sharpened.sigma * 100) / 100 };
    },
  },
  {
    name: 'descreen',
    runsWhen:
      "the page holds print on a screen or dither (a table's shaded header or columns, a slide's textured ground, " +
      'grey print a laser printer or fax dithered): those parts are smoothed to an even tone, the ground lifted to white, before anything reads the page',
    run(s, context) {
      const smoothed = descreen(context.grey);
      if (smoothed === context.grey) return s;
      context.grey = smoothed;
      return { ...s, descreened: true };
    },
  },
  {
    name: 'prepare',
    runsWhen:
      'always: the sheet cut from the desk and flattened, light evened, lines made level, letters sized, layout judged ' +
      '(a phone photo needs all of it, a clean scan little)',
    async run(s, context) {
      // The readings as it came (a clean page's, as-came; a photo's plain one, never-noise) do
      // not wait for preparation where the engine reads beside it; where it reads one thing at
      // a time, they come after the prepared reading, as before.
      // A photo's languages are found on it prepared (find-languages): nothing is read before.
      // A scan in the languages given that looks upside down is not read so first: way-up
      // reads a band of it both ways and turns it where that holds clearly more readable words.
      const over = looksOverInLanguages(context);
      if (context.engine.parallel && context.options.languages.length > 0) {
        // A sideways page is read as it came only once its way up is known (way-up).
        if (context.evenPaper()) {
          if (!looksSideways(context.grey) && !over) startAsCame(0, context);
        } else if (!context.isOff('never-noise')) void context.plain(0).catch(() => {});
        // tesseract.js hands a reading to its worker a few promise callbacks after it is
        // asked: those run now, not after preparation has held this thread for a second.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const page = preparePage(context.grey);
      const overHint = over && page.turns === 0;
      if (context.engine.parallel && context.options.languages.length > 0 && context.evenPaper() && page.turns === 0 && !overHint) startAsCame(0, context);
      return { ...s, page, ...(overHint ? { turnedOver: true } : {}) };
    },
    whenOff: (s, { grey }) => ({ ...s, page: measurePage(grey) }),
  },
  {
    name: 'find-languages',
    runsWhen:
      'no language given and the page is a photo (uneven paper) or sideways: its languages are found on it prepared, its sheet flattened, ' +
      'light evened and lines turned level (as it came, a band of its darkest rows is the desk or a shadow, and its lines run down it); ' +
      "an upright scan's or screenshot's are found on it as it came, beside its preparation, and detection's reading of it is its first",
    switchable: false,
    when: (_s, context) => context.options.languages.length === 0,
    async run(s, context) {
      const { options, engine } = context;
      // An upright scan's were being found as it was prepared (recognizePage). A photo's are
      // found on it prepared, and that reading is not the page as it came: not taken up.
      const { codes, tags, detected, turnedOver } = await (context.detecting ??
        detectLanguages(engine, s.page!.image, {
          signal: options.signal,
          preferredLanguage: options.preferredLanguage,
        }));
      const language = { codes, tags, detected };
      engine.load?.(language.codes);
      context.options = { ...options, languages: language.codes };
      // The readings preparation would have started beside it, now that they can be (a page
      // found turned over waits for way-up: read upright, it would be read upside down).
      const overHint = Boolean(turnedOver) && s.page!.turns === 0 && !context.isOff('way-up');
      if (engine.parallel) {
        if (context.evenPaper()) {
          if (s.page!.turns === 0 && !overHint) startAsCame(0, context);
        } else if (!context.isOff('never-noise')) void context.plain(0).catch(() => {});
      }
      return { ...s, language, ...(overHint ? { turnedOver: true } : {}) };
    },
  },
  {
    name: 'way-up',
    runsWhen:
      "preparation found the page's lines running up or down it (scanned or photographed sideways) and turned them level, " +
      'a quarter turn one way, or it was found upside down (by finding its languages, or, in the languages given, by its letters ' +
      'lining up sharper at their tops than at their bottoms): a band of it is read, and where that reads unsure, ' +
      'read turned over too; the page is turned over where the band turned over holds clearly more readable words',
    when: (s) => s.page!.turns === 1 || Boolean(s.turnedOver),
    async run(s, context) {
      // Which of the two quarter turns is upright only reading tells; guessed, half of sideways
      // pages were read upside down first, then the second recogniser on that, then turned-look
      // (form_01 turned 90°: 33 s, against 10 upright). A tenth of the page read settles it: read
      // sure, it is upright (0.4 s on a phone photo read in 1.4); else it is read turned over too.
      // A page upside down is the same question, asked where finding its languages found it so:
      // read upside down first, a clean scan of prose took 5 s more, and then turned-look.
      const band = quickBand(s.page!.image);
      const read = (image: GreyImage) => context.engine.recognize(encodePgm(image), { ...quietly(context), segmentation: 'auto' }).then(({ lines }) => lines);
      // Found upside down, the band is read both ways at once: upright, it read unsure there.
      const overAhead = s.turnedOver ? read(rotateQuarterTurns(band, 2)) : undefined;
      const asTurned = await read(band);
      let page = s.page!;
      if ((meanConfidence(asTurned) ?? 0) < SECOND_LOOK) {
        const [over, dictionary] = await Promise.all([overAhead ?? read(rotateQuarterTurns(band, 2)), context.dictionary()]);
        const readable = (lines: OcrLine[]) => readableWords(lines, dictionary).readableCharacters;
        if (readable(over) > readable(asTurned) * CLEARLY_MORE) page = turnedPage(context.grey, ((page.turns + 2) % 4) as QuarterTurns, context);
      }
      if (context.engine.parallel && context.evenPaper()) startAsCame(page.turns, context);
      return { ...s, page };
    },
  },
  {
    name: 'clean-once',
    runsWhen:
      'a clean scan or screenshot that preparation left as it was (even paper, upright or found upside down and turned over, level, ' +
      'not cut from a desk, no ruled table or box to read apart; for a text layer over a scan, also one a little askew or turned by quarter turns): ' +
      'read as it came only, not prepared as well',
    when: (s, { evenPaper, needs }) =>
      evenPaper() &&
      !s.page!.flattened &&
      !s.page!.levelled &&
      s.page!.frames.length === 0 &&
      (Boolean(needs.scan) || ((s.page!.turns === 0 || (s.page!.turns === 2 && Boolean(s.turnedOver))) && s.page!.skew === 0)),
    run: (s) => ({ ...s, clean: true }),
  },
  {
    name: 'read-page',
    runsWhen:
      'every page but a clean one read as it came (clean-once): the prepared page read (the reading steps: frames, read, second-recogniser, ' +
      'unread-ink, frames-back, rules)',
    switchable: false,
    when: (s) => !s.clean,
    run: async (s, context) => ({ ...s, kept: { page: s.page!, ...(await readPage(s.page!, context.options, context, undefined, turnFirst(context))) } }),
  },
  // A scan or screenshot is also read as it came (turned upright by the quarter turns the
  // reading kept, which loses nothing), the way the tesseract command reads it, at print's and
  // a screen's resolution (engine.ts PAGE_DPIS), and the reading Tesseract holds with more
  // evidence is kept, then finished the same way. Preparation is for photos: on clean documents
  // it helps as often as it costs (a table's rows, a column of line numbers laid out
  // otherwise). A screen's resolution is read only where print's left Tesseract unsure
  // (SURE_AS_CAME): a clean page read sure is read once.
  ...PAGE_DPIS.map(
    (dpi, index): Step<PageState> => ({
      name: `as-came-${dpi}`,
      runsWhen:
        `a clean scan or a screenshot (even paper), upright or turned by quarter turns: read as it came, told ${dpi} dpi` +
        (index > 0 ? `, where the reading told ${PAGE_DPIS[0]} dpi was unsure (tables, multi-column pages)` : ''),
      when: (_s, context) => context.evenPaper() && asCameDpis(context).includes(dpi),
      async run(s, context) {
        const turns = (s.kept ?? s).page!.turns;
        // A clean page's first reading is this one: it moves the bar.
        startAsCame(turns, context, Boolean(s.clean));
        if (await firstAsCameSure(turns, dpi, context)) {
          context.notWanted(turns, dpi);
          return s;
        }
        const lines = await context.plain(turns, dpi);
        const weight = evidence(lines);
        // Only a reading that wins changes the state: one that loses leaves nothing behind.
        return weight > (s.asCame?.best ?? s.kept?.evidence ?? -Infinity) ? { ...s, asCame: { best: weight, plain: { lines, dpi, turns } } } : s;
      },
    }),
  ),
  {
    name: 'as-came-kept',
    runsWhen: 'a reading as it came holds with more evidence than the prepared one: it is finished (second recogniser, no unread-ink search) and kept',
    switchable: false,
    when: (s) => Boolean(s.asCame?.plain) || !s.kept,
    async run(s, context) {
      // A clean page whose readings as it came were all switched off is read prepared after all.
      if (!s.asCame?.plain) return { ...s, kept: { page: s.page!, ...(await readPage(s.page!, context.options, context)) } };
      const { lines, dpi, turns } = s.asCame.plain;
      const page = asItCame(context.grey, s.page!, turns);
      return { ...s, kept: { page, ...(await readPage(page, { ...laterPass(context.options), dpi }, context, lines, turnFirst(context))) } };
    },
  },
  {
    name: 'turned-look',
    runsWhen:
      'the reading is poor (mean confidence under 60): a page upside down, or turned the other way than guessed; ' +
      'kept when read turned it holds clearly more readable words',
    when: (s) => (s.kept!.confidence ?? 0) < SECOND_LOOK && !nothingToRead(s.kept!.lines, s.kept!.page),
    async run(s, context) {
      // One plain reading tells whether turning helps; the whole reading runs only if it does
      // (a page in a language other than the one asked for reads poorly both ways). Judged by
      // readable words, not confidence: a worn scan's blots and rules can be read with more
      // confidence the wrong way up. A clean scan or screenshot is read turned as it came (at
      // both resolutions, the one with more evidence kept), as it is read upright.
      const first = s.kept!;
      const dictionary = await context.dictionary();
      const readable = (lines: OcrLine[]) => readableWords(lines, dictionary).readableCharacters;
      const before = readable(first.lines);
      const turns = ((first.page.turns + 2) % 4) as QuarterTurns;
      if (context.evenPaper() && !context.isOff('as-came-300')) {
        startAsCame(turns, context);
        const readings = await Promise.all(asCameDpis(context).map(async (dpi) => ({ dpi, lines: await context.plain(turns, dpi) })));
        const best = readings.reduce<{ dpi: number; lines: OcrLine[] } | undefined>(
          (top, reading) => (!top || evidence(reading.lines) > evidence(top.lines) ? reading : top),
          undefined,
        );
        if (!best || readable(best.lines) <= before * CLEARLY_MORE) return upright(s, context);
        const page = asItCame(context.grey, s.page!, turns);
        return { ...s, kept: { page, ...(await readPage(page, { ...laterPass(context.options), dpi: best.dpi }, context, best.lines)) } };
      }
      const turned = turnedPage(context.grey, turns, context);
      const probe = await context.engine.recognize(encodePgm(turned.image), { ...quietly(context), segmentation: turned.segmentation });
      if (readable(probe.lines) <= before * CLEARLY_MORE) return upright(s, context);
      const second = await readPage(turned, context.options, context);
      return readable(second.lines) > before * CLEARLY_MORE ? { ...s, kept: { page: turned, ...second } } : upright(s, context);
    },
  },
  {
    name: 'never-noise',
    runsWhen:
      "always: the page as it came read with the engine's own layout replaces the kept reading where that holds clearly fewer readable words " +
      '(a worn scan prepared the wrong way, a photo cut wrongly from its desk)',
    async run(s, context) {
      const dictionary = await context.dictionary();
      const readable = (lines: OcrLine[]) => readableWords(lines, dictionary).readableCharacters;
      // A clean page was read as it came already (as-came, upright or turned): the best of
      // those readings stands for the plain one, so it is not read again.
      const started = context.plainReadings();
      const readings = await Promise.all(
        (started.length > 0 ? started : ['0.']).map(async (key) => {
          const [turns, dpi] = key.split('.').map((part) => Number(part) || undefined);
          const lines = await context.plain((turns ?? 0) as QuarterTurns, dpi);
          return { lines, turns: (turns ?? 0) as QuarterTurns, dpi, readable: readable(lines) };
        }),
      );
      const plain = readings.reduce((best, reading) => (reading.readable > best.readable ? reading : best));
      const kept = readable(s.kept!.lines);
      if (plain.readable < kept * NOISE_RATIO || plain.readable - kept < NOISE_FLOOR) return s;
      // Finished as a reading as it came is (the second recogniser is held to the same measure).
      const page = { ...asItCame(context.plainImage(0), s.page!, 0), image: context.plainImage(plain.turns), turns: plain.turns };
      return {
        ...s,
        kept: { page, ...(await readPage(page, { ...laterPass(context.options), ...(plain.dpi ? { dpi: plain.dpi } : {}) }, context, plain.lines)) },
      };
    },
  },
  {
    name: 'lost-lines',
    runsWhen:
      "Tesseract's own layout left out much of the page's text (a clean page of Korean: lines taken for a picture), " +
      'found as lines of ink no word covers: the page is read again as one block, kept where Tesseract holds that reading clearly ' +
      'more strongly and it has no fewer readable words',
    when: (s) => s.kept!.page.segmentation === 'auto' && !s.kept!.modelRead && !s.kept!.partial,
    async run(s, context) {
      const kept = s.kept!;
      const boxes = kept.lines.flatMap((line) => line.words.map((word) => word.box));
      const read = boxes.reduce((sum, box) => sum + box.x1 - box.x0, 0);
      const lost = unreadInk(kept.page.image, boxes, letterHeightOf(kept.page)).reduce((sum, box) => sum + box.x1 - box.x0, 0);
      if (lost <= read * LOST_SHARE) return s;
      const options = { ...laterPass(context.options), ...(kept.dpi ? { dpi: kept.dpi } : {}) };
      const block = await unlessFailed(context.options.signal, () =>
        context.engine.recognize(encodePgm(kept.page.image), { ...options, segmentation: 'block' }).then(({ lines }) => lines),
      );
      if (!block) return s;
      // Held clearly more strongly, and with no fewer readable words: Korean's and Thai's words
      // come cut into syllables and letters (tsv.ts), which no word list has, so readable words
      // alone would not see the lines found.
      const dictionary = await context.dictionary();
      const readable = (lines: OcrLine[]) => readableWords(lines, dictionary).readableCharacters;
      if (evidence(block) <= evidence(kept.lines) * CLEARLY_MORE || readable(block) < readable(kept.lines)) return s;
      const page = { ...kept.page, segmentation: 'block' as const };
      return { ...s, kept: { page, ...(await readPage(page, options, context, block)) } };
    },
  },
  {
    name: 'word-choice',
    runsWhen:
      "a scan or screenshot (even paper) whose engine has a second model of all the page's languages (Debian's `fast` beside npm's `best_int`, " +
      "on the server and in the browser; Russian has one model) and Tesseract's reading stands (not the second recogniser's) " +
      'with a word in doubt (read unsure, or letters the dictionary lacks): the lines in doubt read again with it (the whole page where most are), ' +
      'each word chosen between the two readings by agreement, confidence and the dictionary (scanned documents: ' +
      "a table's decimal marks, a misread letter)",
    // Scans and screenshots only (even paper): on phone photos it changed no word on the server
    // and cost the browser 0.1 point of CER and 0.4 s a photo (bench/ocr/browser-photos.ts).
    when: (s, { engine, options, evenPaper }) => !s.kept!.modelRead && evenPaper() && Boolean(engine.secondModel?.(options.languages)),
    async run(s, context) {
      const kept = s.kept!;
      const dictionary = await context.dictionary();
      const isWord = dictionary ? (word: string) => dictionary.has(word) : undefined;
      // Rules put back and frames read apart are given to both sides: they are not the
      // models' to dispute (the rules were painted out of the page the second model reads).
      const apart = kept.lines.filter((line) => isRule(line) || isFrameLine(line));
      const own = kept.lines.map((line, index) => ({ line, index })).filter(({ line }) => !apart.includes(line));
      const doubtful = doubtfulLines(
        own.map(({ line }) => line),
        isWord,
      ).map((i) => own[i]!.index);
      // A page its first model read sure of every word is left as it is.
      if (doubtful.length === 0) return s;
      // Frames read apart (tables, boxed asides) are the first reading's on both sides, so the
      // second model reads the body alone, as the first did: read whole, each framed word came
      // twice ("Je Je suis" in a page of French conjugation tables, 0.7% CER to 15.8%).
      const framesApart = apart.some(isFrameLine) ? kept.page.frames.map(({ box }) => box) : [];
      // Where the doubt is in some lines only (a multi-column article, a photo of a page whose
      // tables are read apart), the lines read sure are blanked too: the second model reads the
      // page as it stands, each doubtful line where it was, in the time of those lines (two
      // scanned articles: 1.0 s for the step against 2.1-2.7 s whole, the same words chosen).
      // Stacked on a sheet of their own, lines read apart lost first letters and decimal points
      // (0.5-0.7 points of word F1 on the same two).
      const doubtfulSet = new Set(doubtful);
      const partly = doubtful.length <= own.length * MOSTLY_DOUBTFUL;
      const sure = partly ? own.filter(({ index }) => !doubtfulSet.has(index)).map(({ line }) => line.box) : [];
      const blanked = [...framesApart, ...sure];
      const body = blanked.length > 0 ? { ...kept.page.image, data: kept.page.image.data.slice() } : kept.page.image;
      if (framesApart.length > 0) blankBoxes(body, framesApart, Math.ceil(letterHeightOf(kept.page) * 0.3));
      if (sure.length > 0) blankBoxes(body, sure, 0);
      // The second model comes over the network in the browser: a page whose second model
      // could not be had stands as the first read it.
      const second = await unlessFailed(context.options.signal, () =>
        context.engine.recognize(encodePgm(body), {
          ...quietly(context),
          model: 'second',
          segmentation: kept.page.segmentation,
          ...(kept.dpi ? { dpi: kept.dpi } : {}),
        }),
      );
      if (!second) return s;
      if (partly) {
        const first = doubtful.map((index) => ({ ...kept.lines[index]!, from: index }));
        const chosen = chooseWords([{ lines: first }, { lines: second.lines }], isWord ? { isWord } : {}) as Array<OcrLine & { from?: number }>;
        return { ...s, kept: { ...kept, lines: spliceLines(kept.lines, doubtful, chosen) } };
      }
      const lines = chooseWords([{ lines: kept.lines }, { lines: [...second.lines, ...apart] }], isWord ? { isWord } : {});
      return { ...s, kept: { ...kept, lines } };
    },
  },
  // What Tesseract's languages cannot see, looked at again on the reading kept only.
  repair(
    'stray-marks',
    "always: a photo's page edge or the desk read as \"|\" at a line's end, a tall blot or a figure's shapes read as a word at a guess",
    (lines, letterHeight) => withoutStrayMarks(lines, letterHeight),
  ),
  repair('noise-lines', "always: lines of low confidence mostly in pieces no word has (a picture's texture, shapes, faint marks)", (lines) =>
    withoutNoiseLines(lines),
  ),
  repair('row-order', "always: Tesseract's layout read a row's right part first (a receipt's two fields on one row, a list item set in two blocks)", (lines) =>
    inRowOrder(lines),
  ),
  repair('lone-i', 'always: a capital I standing alone read as a bar, in faces where I is one stroke (Arial, Calibri)', (lines, letterHeight) =>
    withLoneI(lines, letterHeight),
  ),
  repair(
    'letters-reread',
    'always: words where I or l were read as bars or ones ("||" for "Il") are read again with letters only',
    (lines, letterHeight, page, context) => withLettersReread(context.engine, page.image, lines, letterHeight, quietly(context)),
  ),
  repair(
    'bullets',
    'always: a line\'s lone first mark is named by its shape (Word\'s Symbol and Wingdings bullets, which Tesseract reads as "*", "+", ">")',
    (lines, letterHeight, page) => withBullets(lines, page.image, letterHeight),
  ),
  repair('paired-quotes', "always: a serif double quote read as two single marks at a word's start or end", (lines) => withPairedQuotes(lines)),
  repair(
    'figures',
    "the table tools ask for every figure: ink no word covers is read again and lone figures kept (a table's column of row numbers)",
    (lines, letterHeight, page, context) => withUnreadInk(context.engine, page.image, lines, letterHeight, quietly(context), true),
    (_s, { needs }) => Boolean(needs.figures),
  ),
] satisfies readonly Step<PageState>[];

/** Every step's name, so a switch or a test that names one that is not there does not compile. */
export type StepName =
  | 'sharpen-soft'
  | 'descreen'
  | 'prepare'
  | 'find-languages'
  | 'way-up'
  | 'clean-once'
  | 'read-page'
  | 'read'
  | 'frames'
  | 'second-recogniser'
  | 'narrow-letters'
  | 'decimal-points'
  | 'unread-ink'
  | 'frames-back'
  | 'rules'
  | 'turned-look'
  | 'lost-lines'
  | `as-came-${(typeof PAGE_DPIS)[number]}`
  | 'as-came-kept'
  | 'never-noise'
  | 'word-choice'
  | 'stray-marks'
  | 'noise-lines'
  | 'row-order'
  | 'lone-i'
  | 'letters-reread'
  | 'bullets'
  | 'paired-quotes'
  | 'figures';

export interface StepInfo {
  name: string;
  runsWhen: string;
  switchable: boolean;
  /** The step it runs within, for the reading steps and the second recogniser's mends. */
  within?: string;
}

/**
 * Every step in the order it first runs: the page's steps, the reading steps where read-page
 * runs them (again within turned-look and as-came-kept), the mends where the second
 * recogniser runs them.
 */
export function pipelineSteps(): StepInfo[] {
  const info = (step: { name: string; runsWhen: string; switchable?: false }, within?: string): StepInfo => ({
    name: step.name,
    runsWhen: step.runsWhen,
    switchable: step.switchable !== false,
    ...(within ? { within } : {}),
  });
  return PAGE_STEPS.flatMap((step: Step<PageState>) =>
    step.name !== 'read-page'
      ? [info(step)]
      : [
          info(step),
          ...READING_STEPS.flatMap((inner: Step<PageReading>) => [
            info(inner, 'read-page'),
            ...(inner.name === 'second-recogniser' ? SECOND_READING_MENDS.map((mend) => info(mend, inner.name)) : []),
          ]),
        ],
  );
}

/** The names a switch may turn off. */
export const switchableSteps = () =>
  pipelineSteps()
    .filter((step) => step.switchable)
    .map((step) => step.name);

/** The steps in order, each when it applies and unless switched off; `onStep` told of each that ran. */
async function runSteps<S>(steps: readonly Step<S>[], state: S, context: PageContext): Promise<S> {
  for (const step of steps) {
    const off = step.switchable !== false && context.isOff(step.name);
    if (off) {
      if (step.whenOff) state = await step.whenOff(state, context);
      continue;
    }
    if (step.when && !step.when(state, context)) continue;
    const { onStep } = context.switches;
    if (!onStep) {
      state = await step.run(state, context);
      continue;
    }
    const before = fingerprint(state);
    const started = performance.now();
    const after = await step.run(state, context);
    onStep({ name: step.name, seconds: (performance.now() - started) / 1000, changed: fingerprint(after) !== before });
    state = after;
  }
  return state;
}

/** One page image read through the reading steps, and weighed. */
async function readPage(
  page: PreparedPage,
  options: ReadOptions,
  context: PageContext,
  readAsItCame?: OcrLine[],
  settleTurnFirst = false,
): Promise<Omit<Kept, 'page'>> {
  const start: PageReading = {
    page,
    options,
    body: page.image,
    frames: [],
    framed: [],
    lines: readAsItCame ?? [],
    searchUnreadInk: !readAsItCame,
    secondTried: false,
    partial: false,
    ...(readAsItCame ? { read: readAsItCame } : {}),
  };
  const read = await runSteps(READING_STEPS.slice(0, AFTER_READ), start, context);
  // Read upside down (confidence 18-42), a page's lines are not the second recogniser's to
  // read: turned-look reads it turned first (a multi-column page turned over: 12 s of it saved).
  if (settleTurnFirst && (meanConfidence(read.lines) ?? 0) < SECOND_LOOK) {
    // Its frames' lines are weighed with it, in no order: turned-look compares readable words.
    const framed = (await read.framesRead) ?? [];
    return { ...weighed({ ...read, framed, lines: [...read.lines, ...framed.flat()] }, options), unsettled: read };
  }
  return finishReading(read, context);
}

/** The reading steps after Tesseract's reading: where a reading stopped to settle its turn resumes. */
const AFTER_READ = READING_STEPS.findIndex((step) => step.name === 'read') + 1;

async function finishReading(read: PageReading, context: PageContext): Promise<Omit<Kept, 'page'>> {
  return weighed(await runSteps(READING_STEPS.slice(AFTER_READ), read, context), read.options);
}

/** A reading's lines weighed: confidence (rules left out), Tesseract's evidence, how it was read. */
function weighed(s: PageReading, options: ReadOptions): Omit<Kept, 'page'> {
  return {
    lines: s.lines,
    confidence: meanConfidence(s.lines.filter((line) => !isRule(line))),
    evidence: evidence(s.read ?? []) + s.framed.reduce((sum, frameLines) => sum + evidence(frameLines), 0),
    ...(options.dpi ? { dpi: options.dpi } : {}),
    ...(s.secondTried && !s.partial ? { modelRead: true } : {}),
    ...(s.partial ? { partial: true } : {}),
  };
}

/** Whether a poor reading waits for turned-look to settle its turn (turned-look runs after it). */
const turnFirst = (context: PageContext) => !context.isOff('turned-look');

/**
 * OCR of one page, the way every OCR tool does it: the steps of PAGE_STEPS in turn, each
 * where it applies. The engine's `steps` switch steps off for a benchmark. No languages given
 * (the option's `auto`): they are found on the page first (detect/).
 */
export async function recognizePage(engine: OcrEngine, grey: GreyImage, options: ReadOptions, needs: ReadingNeeds = {}): Promise<PageText> {
  if (options.languages.length > 0) return { ...(await readInLanguages(engine, grey, options, needs)), language: readAs(options.languages, false) };
  const even = hasEvenPaper(grey);
  if (findsLanguagesPrepared(grey, even)) return readInLanguages(engine, grey, options, needs, undefined, even);
  // Found on the page as it came while it is sharpened, smoothed and prepared (about 0.2 s of
  // this thread on a page): detection's readings run on the engine's threads meanwhile.
  return readInLanguages(engine, grey, options, needs, detectLanguages(engine, grey, options), even);
}

/**
 * Whether a page's languages are found on it prepared (find-languages), not as it came: a photo
 * (uneven paper), whose darkest rows are the desk or a shadow, and a page whose lines run down it.
 */
export function findsLanguagesPrepared(grey: GreyImage, evenPaper = hasEvenPaper(grey)): boolean {
  return !evenPaper || looksSideways(grey);
}

/** A reading of the page made already (detection's quick pass): taken up by `plain` where it is the one asked for. */
interface MadeReading {
  image: GreyImage;
  dpi: number;
  lines: OcrLine[];
}

async function readInLanguages(
  engine: OcrEngine,
  grey: GreyImage,
  options: ReadOptions,
  needs: ReadingNeeds,
  detecting?: Promise<Detected>,
  evenPaper?: boolean,
): Promise<PageText> {
  let made: MadeReading | undefined;
  // Taken up as the page's first reading where it is of the page as it came, as asked.
  const found = detecting?.then((detected) => {
    if (detected.pageReading) made = { ...detected.pageReading, image: grey };
    return detected;
  });
  // Where a step before find-languages fails, the detection left behind fails unheard.
  found?.catch(() => {});
  const switches = engine.steps ?? {};
  const known = new Set(switchableSteps());
  for (const name of switches.off ?? [])
    if (!known.has(name)) throw new Error(`no OCR step can be switched off by the name ${name}: one of ${[...known].join(', ')}`);
  let even = evenPaper;
  let dictionary: Promise<Dictionary | undefined> | undefined;
  const plainReadings = new Map<string, Promise<OcrLine[]>>();
  const ahead = new Map<string, { reading: Promise<OcrLine[] | undefined>; stop: AbortController }>();
  const plainImages = new Map<QuarterTurns, GreyImage>();
  const readPlain = (turns: QuarterTurns, dpi: number | undefined, more: Partial<OcrOptions>) =>
    engine
      .recognize(encodePgm(context.plainImage(turns)), { ...context.options, ...more, segmentation: 'auto', ...(dpi ? { dpi } : {}) })
      .then(({ lines }) => lines);
  const context: PageContext = {
    engine,
    grey,
    options,
    needs,
    switches,
    isOff: (name) => switches.off?.has(name) ?? false,
    evenPaper: () => (even ??= hasEvenPaper(context.grey)),
    dictionary: () => (dictionary ??= (engine.dictionary?.(context.options.languages) ?? Promise.resolve(undefined)).catch(() => undefined)),
    plainImage(turns) {
      let image = plainImages.get(turns);
      if (!image) {
        image = turns === 0 ? context.grey : rotateQuarterTurns(context.grey, turns);
        // A photo's plain reading is read smaller: its letters stay well over the size the
        // engine reads best, and it runs beside the prepared reading, not after it.
        if (!context.evenPaper() && image.width * image.height > PLAIN_MAX_PIXELS)
          image = shrinkImage(image, Math.sqrt(PLAIN_MAX_PIXELS / (image.width * image.height)));
        plainImages.set(turns, image);
      }
      return image;
    },
    plain(turns, dpi, progress = false) {
      const key = `${turns}.${dpi ?? ''}`;
      let reading = plainReadings.get(key);
      if (!reading) {
        const more = progress ? {} : laterPass(context.options);
        const early = ahead.get(key);
        ahead.delete(key);
        // Refused or failed ahead, it is read now, as if never asked for. Made already, of the
        // same pixels (nothing sharpened or smoothed since), it is not read again.
        if (made && turns === 0 && dpi === made.dpi && context.grey === made.image) reading = Promise.resolve(structuredClone(made.lines));
        else reading = early ? early.reading.then((lines) => lines ?? readPlain(turns, dpi, more)) : readPlain(turns, dpi, more);
        plainReadings.set(key, reading);
      }
      return reading;
    },
    readAhead(turns, dpi) {
      const key = `${turns}.${dpi}`;
      if (!engine.parallel || plainReadings.has(key) || ahead.has(key)) return;
      const stop = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
      const reading = readPlain(turns, dpi, { ...laterPass(context.options), signal, spare: true }).catch(() => undefined);
      ahead.set(key, { reading, stop });
    },
    notWanted(turns, dpi) {
      const key = `${turns}.${dpi}`;
      ahead.get(key)?.stop.abort();
      ahead.delete(key);
    },
    plainReadings: () => [...plainReadings.keys()],
    ...(found ? { detecting: found } : {}),
  };
  let state: PageState;
  try {
    state = await runSteps<PageState>(PAGE_STEPS, {}, context);
  } finally {
    for (const { stop } of ahead.values()) stop.abort();
  }
  const { lines, page, confidence, partial } = state.kept!;
  const placement = { turns: page.turns, skew: page.skew, flattened: page.flattened, levelled: page.levelled };
  return {
    text: normalizeOcrText(linesToText(lines)),
    lines,
    confidence,
    image: page.image,
    given: { width: grey.width, height: grey.height },
    placement,
    measuredSkew: state.page?.skew ?? 0,
    ...(partial ? { partial: true } : {}),
    ...(state.language ? { language: state.language } : {}),
  };
}

const identities = new WeakMap<object, number>();
let nextIdentity = 0;

/**
 * A state as the steps after see it, for `changed`: words, boxes and figures by value; pixels
 * and readings under way by identity (a step that makes new ones changed the state).
 */
function fingerprint(state: unknown): string {
  return JSON.stringify(state, (_key, value: unknown) => {
    if (!(value instanceof Uint8Array || value instanceof Promise)) return value;
    if (!identities.has(value)) identities.set(value, nextIdentity++);
    return `#${identities.get(value)}`;
  });
}

/** Words of a reading that lie over a word before them on their line: read twice over. */
function wordsReadTwice(lines: readonly OcrLine[]): number {
  let twice = 0;
  for (const { words } of lines)
    for (let i = 1; i < words.length; i++) if (words.slice(0, i).some((before) => sameWordPlace(before.box, words[i]!.box))) twice++;
  return twice;
}
