import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { normalizeOcrText, PAGE_DPIS } from './engine.ts';
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
import { rotateQuarterTurns } from './preprocess/geometry.ts';
import type { QuarterTurns } from './preprocess/orientation.ts';
import { measurePage, preparePage, type PreparedPage } from './preprocess/prepare-page.ts';
import { hasEvenPaper } from './preprocess/paper.ts';
import { LINE_MODEL_LANGUAGES } from './lines/second-reading.ts';

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
/** The turned reading must beat the first by this much to replace it. */
const CLEARLY_BETTER = 10;
/**
 * Below this mean word confidence the second recogniser reads the page too. Measured: clean
 * scans and screenshots 95-96, phone photos of pages 89-95, real receipts 67-90.
 */
const UNSURE = 92;

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

/** What a tool needs of a reading beyond its text. */
export interface ReadingNeeds {
  /**
   * Every figure: the table tools. Tesseract's layout can leave a column of short numbers
   * unread (a table's row numbers 1 to 24: all of them, on a clean page); the ink no word
   * covers is read again, and figures found there are kept, not only words.
   */
  figures?: boolean;
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

type ReadOptions = Omit<OcrOptions, 'segmentation'>;

/** What every step of one page's reading is given besides the state it works on. */
interface PageContext {
  engine: OcrEngine;
  /** The page as it came (decoded, grey). */
  grey: GreyImage;
  options: ReadOptions;
  needs: ReadingNeeds;
  switches: StepSwitches;
  isOff(name: StepName): boolean;
  /** Whether the page's paper is one even tone (a scan or a screenshot, not a photo): measured once. */
  evenPaper(): boolean;
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
}

interface PageState {
  /** The page as prepared (or only measured, preparation off). */
  page?: PreparedPage;
  /** The reading kept so far; the repairs work on its lines. */
  kept?: Kept;
  /** Readings of the page as it came, the best by evidence when it beats the kept one. */
  asCame?: { best: number; plain?: { lines: OcrLine[]; dpi: number } };
}

/** A rule put back as a line of dashes: not a word Tesseract read, so not in the confidence. */
const isRule = (line: OcrLine) => line.paragraph.startsWith('rule.');

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
      blankBoxes(body, s.page.frames.map(({ box }) => box), Math.ceil(letterHeightOf(s.page) * 0.3));
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
      // for the body: the server's engine reads them beside it on the other core; the
      // browser's reads one thing at a time, the body first, as asked.
      const parts = 1 + s.frames.length;
      const { options } = s;
      const part = (index: number): ReadOptions => ({
        ...options,
        onProgress: options.onProgress && ((fraction, stage) => options.onProgress!(stage === 'recognizing' ? (index + fraction) / parts : fraction, stage)),
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
    runsWhen: 'Tesseract is unsure (a receipt\'s faded thermal print, dot-matrix digits, a blurred photo), the page is not set in columns throughout, and its language is one the model spells',
    when: (s, { engine, options }) => Boolean(engine.lineModel) && (meanConfidence(s.lines) ?? 0) < UNSURE && s.page.columns !== 'throughout' && options.languages.every((code) => LINE_MODEL_LANGUAGES.includes(code)),
    async run(s, { engine, isOff }) {
      // Row by row, so Tesseract's words are taken from a reading as one block, which measured
      // better beside it. The later passes over the body say their own stage or nothing, so the
      // bar does not start over under the same words.
      let { lines } = s;
      if (s.page.segmentation !== 'block') ({ lines } = await engine.recognize(encodePgm(s.body), { ...s.options, onProgress: undefined, segmentation: 'block' }));
      const second = await secondReading(engine.lineModel!, s.body, lines, s.options, { narrowLetters: !isOff('narrow-letters'), decimalPoints: !isOff('decimal-points') });
      return { ...s, lines: second ?? lines, secondTried: true, partial: !second };
    },
  },
  {
    name: 'unread-ink',
    runsWhen: 'the second recogniser did not read the page and Tesseract laid it out itself (columns, a heading or a figure apart): ink no word covers is read again',
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
  { name: 'narrow-letters', runsWhen: 'within the second recogniser, where its reading of a line wins: a word it read without narrow letters (i, l, t, f, r) takes Tesseract\'s fuller spelling' },
  { name: 'decimal-points', runsWhen: 'within the second recogniser, on a line Tesseract read confidently with a bare number of 3-6 digits: the point of a price the model sees is put back (a receipt\'s faint print)' },
] as const;

/** Repairs of the reading kept: each gives new lines for the old, in the kept page's pixels. */
function repair(name: StepName, runsWhen: string, mend: (lines: OcrLine[], letterHeight: number, page: PreparedPage, context: PageContext) => OcrLine[] | Promise<OcrLine[]>, when?: Step<PageState>['when']): Step<PageState> {
  return {
    name,
    runsWhen,
    ...(when ? { when } : {}),
    run: async (s, context) => ({ ...s, kept: { ...s.kept!, lines: await mend(s.kept!.lines, letterHeightOf(s.kept!.page), s.kept!.page, context) } }),
  };
}

const quietly = ({ options }: PageContext): ReadOptions => ({ ...options, onProgress: undefined });

/** The page turned by `turns` from as it came, prepared (or only measured, preparation off). */
function turnedPage(grey: GreyImage, turns: QuarterTurns, context: PageContext): PreparedPage {
  return context.isOff('prepare') ? measurePage(rotateQuarterTurns(grey, turns), turns) : preparePage(grey, { turns });
}

/** The steps of a page's reading, in the order they run. */
const PAGE_STEPS = [
  {
    name: 'prepare',
    runsWhen: 'always: the sheet cut from the desk and flattened, light evened, lines made level, letters sized, layout judged (a phone photo needs all of it, a clean scan little)',
    run: (s, { grey }) => ({ ...s, page: preparePage(grey) }),
    whenOff: (s, { grey }) => ({ ...s, page: measurePage(grey) }),
  },
  {
    name: 'read-page',
    runsWhen: 'always: the prepared page read (the reading steps: frames, read, second-recogniser, unread-ink, frames-back, rules)',
    switchable: false,
    run: async (s, context) => ({ ...s, kept: { page: s.page!, ...(await readPage(s.page!, context.options, context)) } }),
  },
  {
    name: 'turned-look',
    runsWhen: 'the reading is poor (mean confidence under 60): a page upside down, or turned the other way than guessed; kept when read turned it is clearly better',
    when: (s) => (s.kept!.confidence ?? 0) < SECOND_LOOK,
    async run(s, context) {
      // One plain reading tells whether turning helps; the whole reading runs only if it does
      // (a page in a language other than the one asked for scores low both ways).
      const first = s.kept!;
      const turned = turnedPage(context.grey, ((s.page!.turns + 2) % 4) as QuarterTurns, context);
      const probe = await context.engine.recognize(encodePgm(turned.image), { ...quietly(context), segmentation: turned.segmentation });
      if ((meanConfidence(probe.lines) ?? 0) <= (first.confidence ?? 0) + CLEARLY_BETTER) return s;
      const second = await readPage(turned, context.options, context);
      return (second.confidence ?? 0) > (first.confidence ?? 0) + CLEARLY_BETTER ? { ...s, kept: { page: turned, ...second } } : s;
    },
  },
  // A scan or screenshot is also read as it came, the way the tesseract command reads it, at
  // print's and a screen's resolution (engine.ts PAGE_DPIS), and the reading Tesseract holds
  // with more evidence is kept, then finished the same way. Preparation is for photos: on clean
  // documents it helps as often as it costs (a table's rows, a column of line numbers laid out
  // otherwise). A page preparation turned on its side is read as it came only if the turned
  // reading is more doubt than belief: a receipt's lines read across can outweigh an unsure
  // upright reading, while a dithered table taken for sideways reads as noise.
  ...PAGE_DPIS.map((dpi): Step<PageState> => ({
    name: `as-came-${dpi}`,
    runsWhen: `a clean scan or a screenshot (even paper), kept upright or read with more doubt than belief: read as it came, told ${dpi} dpi`,
    when: (s, { evenPaper }) => (s.kept!.page.turns === 0 || s.kept!.evidence < 0) && evenPaper(),
    async run(s, context) {
      const { lines } = await context.engine.recognize(encodePgm(context.grey), { ...quietly(context), segmentation: 'auto', dpi });
      const weight = evidence(lines);
      // Only a reading that wins changes the state: one that loses leaves nothing behind.
      return weight > (s.asCame?.best ?? s.kept!.evidence) ? { ...s, asCame: { best: weight, plain: { lines, dpi } } } : s;
    },
  })),
  {
    name: 'as-came-kept',
    runsWhen: 'a reading as it came holds with more evidence than the prepared one: it is finished (second recogniser, no unread-ink search) and kept',
    switchable: false,
    when: (s) => Boolean(s.asCame?.plain),
    async run(s, context) {
      const { lines, dpi } = s.asCame!.plain!;
      const page = asItCame(context.grey, s.page!);
      return { ...s, kept: { page, ...(await readPage(page, { ...quietly(context), dpi }, context, lines)) } };
    },
  },
  // What Tesseract's languages cannot see, looked at again on the reading kept only.
  repair('stray-marks', 'always: a photo\'s page edge or the desk read as "|" at a line\'s end, a tall blot or a figure\'s shapes read as a word at a guess', (lines, letterHeight) => withoutStrayMarks(lines, letterHeight)),
  repair('noise-lines', 'always: lines of low confidence mostly in pieces no word has (a picture\'s texture, shapes, faint marks)', (lines) => withoutNoiseLines(lines)),
  repair('row-order', 'always: Tesseract\'s layout read a row\'s right part first (a receipt\'s two fields on one row, a list item set in two blocks)', (lines) => inRowOrder(lines)),
  repair('lone-i', 'always: a capital I standing alone read as a bar, in faces where I is one stroke (Arial, Calibri)', (lines, letterHeight) => withLoneI(lines, letterHeight)),
  repair('letters-reread', 'always: words where I or l were read as bars or ones ("||" for "Il") are read again with letters only', (lines, letterHeight, page, context) => withLettersReread(context.engine, page.image, lines, letterHeight, quietly(context))),
  repair('bullets', 'always: a line\'s lone first mark is named by its shape (Word\'s Symbol and Wingdings bullets, which Tesseract reads as "*", "+", ">")', (lines, letterHeight, page) => withBullets(lines, page.image, letterHeight)),
  repair('paired-quotes', 'always: a serif double quote read as two single marks at a word\'s start or end', (lines) => withPairedQuotes(lines)),
  repair('figures', 'the table tools ask for every figure: ink no word covers is read again and lone figures kept (a table\'s column of row numbers)', (lines, letterHeight, page, context) => withUnreadInk(context.engine, page.image, lines, letterHeight, quietly(context), true), (_s, { needs }) => Boolean(needs.figures)),
] satisfies readonly Step<PageState>[];

/** Every step's name, so a switch or a test that names one that is not there does not compile. */
export type StepName =
  | 'prepare' | 'read-page' | 'read' | 'frames' | 'second-recogniser' | 'narrow-letters' | 'decimal-points' | 'unread-ink' | 'frames-back' | 'rules'
  | 'turned-look' | `as-came-${(typeof PAGE_DPIS)[number]}` | 'as-came-kept'
  | 'stray-marks' | 'noise-lines' | 'row-order' | 'lone-i' | 'letters-reread' | 'bullets' | 'paired-quotes' | 'figures';

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
  const info = (step: { name: string; runsWhen: string; switchable?: false }, within?: string): StepInfo => ({ name: step.name, runsWhen: step.runsWhen, switchable: step.switchable !== false, ...(within ? { within } : {}) });
  return PAGE_STEPS.flatMap((step: Step<PageState>) => step.name !== 'read-page'
    ? [info(step)]
    : [info(step), ...READING_STEPS.flatMap((inner: Step<PageReading>) => [info(inner, 'read-page'), ...(inner.name === 'second-recogniser' ? SECOND_READING_MENDS.map((mend) => info(mend, inner.name)) : [])])]);
}

/** The names a switch may turn off. */
export const switchableSteps = () => pipelineSteps().filter((step) => step.switchable).map((step) => step.name);

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
async function readPage(page: PreparedPage, options: ReadOptions, context: PageContext, readAsItCame?: OcrLine[]): Promise<Omit<Kept, 'page'>> {
  const start: PageReading = { page, options, body: page.image, frames: [], framed: [], lines: readAsItCame ?? [], searchUnreadInk: !readAsItCame, secondTried: false, partial: false, ...(readAsItCame ? { read: readAsItCame } : {}) };
  const s = await runSteps(READING_STEPS, start, context);
  return {
    lines: s.lines,
    confidence: meanConfidence(s.lines.filter((line) => !isRule(line))),
    evidence: evidence(s.read ?? []) + s.framed.reduce((sum, frameLines) => sum + evidence(frameLines), 0),
    ...(s.partial ? { partial: true } : {}),
  };
}

/**
 * OCR of one page, the way every OCR tool does it: the steps of PAGE_STEPS in turn, each
 * where it applies. The engine's `steps` switch steps off for a benchmark.
 */
export async function recognizePage(engine: OcrEngine, grey: GreyImage, options: ReadOptions, needs: ReadingNeeds = {}): Promise<PageText> {
  const switches = engine.steps ?? {};
  const known = new Set(switchableSteps());
  for (const name of switches.off ?? []) if (!known.has(name)) throw new Error(`no OCR step can be switched off by the name ${name}: one of ${[...known].join(', ')}`);
  let even: boolean | undefined;
  const context: PageContext = {
    engine,
    grey,
    options,
    needs,
    switches,
    isOff: (name) => switches.off?.has(name) ?? false,
    evenPaper: () => (even ??= hasEvenPaper(grey)),
  };
  const { kept } = await runSteps<PageState>(PAGE_STEPS, {}, context);
  const { lines, page, confidence, partial } = kept!;
  return { text: normalizeOcrText(linesToText(lines)), lines, confidence, image: page.image, ...(partial ? { partial: true } : {}) };
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
