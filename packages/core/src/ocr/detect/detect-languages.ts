import { catalogueEntry } from '../language-catalogue.ts';
import { FIRST_DETECTION_MODEL, MAX_OCR_LANGUAGES } from '../languages.ts';
import { PAGE_DPIS, unlessFailed, type OcrEngine, type OcrLine, type OcrOptions, type OcrWord } from '../engine.ts';
import { encodePgm, shiftBox, type GreyImage } from '../preprocess/grey-image.ts';
import { rotateQuarterTurns } from '../preprocess/geometry.ts';
import type { QuarterTurns } from '../preprocess/orientation.ts';
import { identifyLanguage } from './identify.ts';
import type { OsdReading } from './osd.ts';
import { firstDetectionModel, isoScriptOf, languagesOfScript, letterCounts, quickModelOf, scriptOfLetter } from './scripts.ts';
import { clearLeader, weighableWords, weighWords, type WordLists } from './weigh-words.ts';

// A page's languages found by itself, as every OCR tool finds them (pipeline.ts, when no
// language is given): its script by Tesseract's OSD where the engine has it, then a quick
// reading of a band of the page with that script's broadest model, whose text a language
// identifier (franc) names, paragraph by paragraph, so a page that mixes languages is read
// with each (Japanese with English: jpn+eng).

/** What a page was read as: Tesseract codes, their BCP-47 tags, and whether they were found rather than given. */
export interface ReadLanguages {
  codes: string[];
  tags: string[];
  detected: boolean;
}

/**
 * Languages found on a page, and where the quick pass read the whole page with exactly them
 * (a short page in the language read first, or in Russian or Japanese), that reading: the page as it came, its own
 * layout, told print's resolution, as the page's first reading as it came is made (pipeline.ts
 * takes it up instead of reading the page again).
 */
export interface Detected extends ReadLanguages {
  pageReading?: { languages: string[]; dpi: number; lines: OcrLine[] };
  /**
   * The page was found turned over (OSD sure of it, or its band read sure only that way) and its
   * languages found on it upright: a hint for the reading, which reads a band both ways before it
   * turns the page (pipeline.ts way-up).
   */
  turnedOver?: true;
}

/** The languages as a result names them. */
export function readAs(codes: readonly string[], detected: boolean): ReadLanguages {
  return { codes: [...codes], tags: codes.map((code) => catalogueEntry(code)?.tag ?? code), detected };
}

/** Several pages' languages as one: each language once, in the order first read. */
export function mergeReadAs(readings: ReadonlyArray<ReadLanguages | undefined>): ReadLanguages | undefined {
  const found = readings.filter((reading): reading is ReadLanguages => reading !== undefined);
  if (found.length === 0) return undefined;
  const codes = [...new Set(found.flatMap((reading) => reading.codes))];
  return readAs(
    codes,
    found.some((reading) => reading.detected),
  );
}

/** A result's `data.language`, spread in where there is one. */
export function withLanguage(language: ReadLanguages | undefined): { language?: ReadLanguages } {
  return language ? { language } : {};
}

/**
 * The band of the page the quick pass reads: its inkiest tenth, at least QUICK_ROWS tall. Its
 * cost grows with the text in it (tesseract's CPU seconds with eng, an A4 page of prose at 150
 * dpi: 0.49 whole, 0.31 for its inkiest 400 rows, 0.20 for 200), and a page's OCR reads the page
 * whole two to four times (pipeline.ts); 150 rows of prose give franc about 150 letters, enough
 * within a script.
 */
const QUICK_SHARE = 0.1;
const QUICK_ROWS = 180;
/**
 * OSD's band, smaller still: its cost grows with the letters it classifies too (0.65 s on the
 * page, 0.47 on 400 rows, 0.23 on 200), and a few lines name the script.
 */
const OSD_SHARE = 0.08;
const OSD_ROWS = 120;
/** A pixel this dark or darker is ink, for finding the band with the most text. */
const INK_LEVEL = 128;
/**
 * Languages with less than this share of the letters the quick pass read in their script are
 * left out: a word quoted in another language is read well enough by the page's model, and each
 * model added slows every line.
 */
const MIXED_SHARE = 0.2;
/** Kana among a CJK page's characters from this share make it Japanese (Japanese prose has 40-70% kana). */
const KANA_SHARE = 0.1;
/**
 * Below this confidence OSD's script is a guess (measured: 0.05 on 200 rows of Chinese, named
 * Japanese upside down; 1.3 and more on prose it named right): the quick pass then reads with
 * the models of the scripts we bundle, and the letters it reads tell the script.
 */
const OSD_SURE = 0.5;
/** Models read when the script is not known: the bundled scripts' broadest (Latin, Cyrillic, CJK). */
const UNKNOWN_SCRIPT_MODELS = ['eng', 'rus', 'jpn'];

/**
 * The languages to read a page with, found on it. Most pages are Latin: the quick pass reads
 * with a Latin model first (the reader's language's, else English: firstDetectionModel), the
 * band's middle piece, then the rest, and where it reads the band confidently its text is
 * named at once; where it reads the middle piece unsure, another script's model may name it.
 * Else the script is found by OSD and the band read again with that script's broadest model
 * (its only one: Greek, Thai, Korean). A page OSD or the band turned over shows to be turned is
 * found again upright.
 * Where nothing could be told (too few letters), the script's broadest model; where not even
 * the script could be, English.
 */
export async function detectLanguages(engine: OcrEngine, grey: GreyImage, options: DetectOptions = {}): Promise<Detected> {
  // A reading started ahead and not taken up (a Chinese page found Traditional) is stopped.
  const stopAhead = new AbortController();
  try {
    return await detectOn(engine, grey, options, stopAhead.signal);
  } finally {
    stopAhead.abort();
  }
}

type DetectOptions = Pick<OcrOptions, 'signal'> & { preferredLanguage?: string; turned?: { osd?: OsdReading } };

async function detectOn(engine: OcrEngine, grey: GreyImage, { signal, preferredLanguage, turned }: DetectOptions, aheadSignal: AbortSignal): Promise<Detected> {
  const weighing: Weighing = { ...(engine.dictionary ? { wordLists: (code: string) => engine.dictionary!([code]) } : {}), preferred: preferredLanguage };
  const pieces = quickPieces(grey);
  const sample = pieces ? stackRows(grey, pieces) : grey;
  // A short page's sample is most of it: the page whole is read instead, told print's
  // resolution, so that where its language is the quick model's the reading is the page's own.
  const whole = sample.height >= grey.height * WHOLE_PAGE_SHARE;
  const sampleImage = whole ? grey : sample;
  let last: Detected['pageReading'];
  // The page whole, told print's resolution, as its first reading as it came is made.
  const pageRead = (models: string[]) =>
    engine.recognize(encodePgm(grey), { languages: models, segmentation: 'auto', signal, dpi: PAGE_DPIS[0] }).then(({ lines }) => {
      last = { languages: models, dpi: PAGE_DPIS[0], lines };
      return lines;
    });
  const quickReadings = new Map<string, Promise<OcrLine[]>>();
  const quickRead = (models: string[]) => {
    const key = models.join('+');
    let reading = quickReadings.get(key);
    if (!reading) {
      reading = whole ? pageRead(models) : engine.recognize(encodePgm(sample), { languages: models, segmentation: 'auto', signal }).then(({ lines }) => lines);
      quickReadings.set(key, reading);
    }
    return reading;
  };
  // A Chinese or Japanese page read whole ahead, on a spare core (below).
  let ahead: { models: string[]; reading: Promise<OcrLine[] | undefined> } | undefined;
  const found = async (codes: string[]): Promise<Detected> => {
    if (ahead && ahead.models.join('+') === codes.join('+')) {
      const lines = await ahead.reading;
      if (lines) last = { languages: ahead.models, dpi: PAGE_DPIS[0], lines };
    }
    return { ...readAs(codes, true), ...(last && last.languages.join('+') === codes.join('+') ? { pageReading: last } : {}) };
  };
  const latinModel = firstDetectionModel(preferredLanguage);
  let osdReading: Promise<OsdReading | undefined> | undefined;
  // Upside down or sideways (a page scanned turned over, a photo's way up guessed wrong), every
  // model reads a page as noise, and noise is named some language: found again on it turned
  // upright, its script as OSD named it, where OSD is sure of the turn.
  const foundTurned = async (turns: QuarterTurns, osdUpright?: OsdReading) => {
    const { pageReading: _turnedReading, ...found } = await detectLanguages(engine, rotateQuarterTurns(grey, turns), {
      signal,
      preferredLanguage,
      turned: { ...(osdUpright ? { osd: osdUpright } : {}) },
    });
    return { ...found, ...(turns === 2 ? { turnedOver: true as const } : {}) };
  };
  const turnOf = (osd: OsdReading | undefined) =>
    osd && !turned && osd.orientation % 360 !== 0 && osd.orientationConfidence >= ORIENTATION_SURE
      ? (((4 - Math.round(osd.orientation / 90)) % 4) as QuarterTurns)
      : undefined;
  const osdOnce = () => (osdReading ??= turned ? Promise.resolve(turned.osd) : engine.osd ? scriptOf(engine, grey, signal) : Promise.resolve(undefined));
  // The Latin model reads the band's middle piece first: another script's prose reads there
  // unsure (0.00-0.25 of its letters sure, Latin prose 0.82-1.00), and the rest of the band is
  // then not read with it (each piece costs a third to half of the band's reading). OSD looks
  // at that piece too (a third to half of its cost on the OSD band), and a page whose script's
  // model then reads the band sure is named on that reading: noise and a page turned over read
  // unsure in every model. Else the page is looked at as any other, OSD on its own band.
  const probe = !whole && pieces?.length === STRIPES ? await readPieces(engine, grey, pieces, [1], latinModel, signal) : undefined;
  if (probe && letterCount(probe) >= MIN_SCRIPT_LETTERS && surelyRead(probe) < PROBE_NOT_LATIN) {
    const osdOfPiece = turned ? turned.osd : engine.osd ? await osdOf(engine, stackRows(grey, [pieces![1]!]), signal) : undefined;
    const script = osdOfPiece && osdOfPiece.confidence >= OSD_SURE && osdOfPiece.orientation % 360 === 0 ? isoScriptOf(osdOfPiece.script) : undefined;
    if (script && script !== 'Latn') {
      const only = languagesOfScript(script);
      const model = only.length === 1 ? only[0]! : quickModelOf(script)!;
      // Where the band is much of the page, the page is read whole instead, as its first reading
      // as it came is made: where the script's pages are mostly in its model's language
      // (Cyrillic in Russian, Arabic script in Arabic), that reading is the page's own. Not
      // Chinese and Japanese: the Japanese model that reads both is not Chinese's, and a
      // Chinese page read whole by it would be read twice over.
      if (!CJK.has(script) && sample.height >= grey.height * SCRIPT_WHOLE_SHARE) quickReadings.set(model, pageRead([model]));
      // A short page of Chinese or Japanese is read fast (0.7-0.9 s native, ten lines), and the
      // band's reading that tells them apart (0.2 s) would add a quarter to it: the page is read
      // whole ahead, on a spare core, with the model OSD's script points to (Japanese: jpn; Han:
      // Simplified, the more written), taken up where the band names that model alone and
      // stopped where it names another (Traditional, Japanese with English). Not in the browser:
      // there a reading stopped ends its worker, and the page's reading waits for a new one.
      if (CJK.has(script) && engine.readsAhead && sample.height >= grey.height * SCRIPT_WHOLE_SHARE) {
        const models = [script === 'Jpan' ? 'jpn' : 'chi_sim'];
        const reading = engine
          .recognize(encodePgm(grey), {
            languages: models,
            segmentation: 'auto',
            dpi: PAGE_DPIS[0],
            spare: true,
            signal: signal ? AbortSignal.any([signal, aheadSignal]) : aheadSignal,
          })
          .then(({ lines }) => lines)
          .catch(() => undefined);
        ahead = { models, reading };
      }
      const lines = await quickRead([model]);
      if (surelyRead(lines) >= SCRIPT_SURE) {
        if (only.length === 1) return found(only);
        const codes = await languagesOfReading(lines, weighing);
        if (codes.length > 0) return found(codes);
      }
    }
    // A page turned is found so before the rest of the band is read the wrong way up.
    const osdOfBand = await osdOnce();
    if (turnOf(osdOfBand) !== undefined) return foundTurned(turnOf(osdOfBand)!, osdOfBand);
  }
  const latin =
    probe && pieces
      ? [...probe, ...(await readPieces(engine, grey, pieces, [0, 2], latinModel, signal))].sort((a, b) => a.box.y0 - b.box.y0)
      : await quickRead([latinModel]);
  // Tesseract's layout is the same whatever the model: where the Latin model read no word at all,
  // no model would (a blank picture), and OSD and the other scripts' models are not asked.
  if (latin.every((line) => line.words.length === 0)) return found([latinModel]);
  const latinSure = surelyRead(latin);
  // Read mostly sure in Latin, the page is taken for another script's only where that script's
  // model reads it surer still: OSD names a receipt's blots and logo Arabic or Cyrillic.
  // A few letters read sure are not a Latin page: the Italian model read a page of Korean as
  // "FI SE SM Z= dAZE", 9 of its 11 letters sure.
  const latinLikely = latinSure >= LATIN_LIKELY && letterCount(latin) >= MIN_PARAGRAPH_LETTERS;
  if (latinSure >= LATIN_SURE) {
    const codes = await languagesOfReading(latin, weighing);
    if (codes.length > 0) return found(codes);
  }
  // Every line read mostly sure, the page is Latin without asking OSD: Turkish, Polish or
  // Vietnamese prose, whose letters with marks the English model reads unsure, and only
  // those. A receipt's logo or an upside-down line is a line read unsure.
  if (latinLikely && !latin.some(isUnsureLine)) {
    const codes = await languagesOfReading(latin, weighing);
    if (codes.length > 0) return found(codes);
  }
  const osd = await osdOnce();
  if (turnOf(osd) !== undefined) return foundTurned(turnOf(osd)!, osd);
  const script = osd && osd.confidence >= OSD_SURE ? isoScriptOf(osd.script) : undefined;
  // Where OSD cannot tell the turn (a receipt's few short lines), the band read turned over
  // tells: read sure that way, the page is upside down. Asked where OSD names Latin or nothing
  // surely, and where the script it names reads the band unsure too (upside down, a receipt
  // was named Greek, a table Arabic). A band the Latin model read next to no letters of holds
  // no text either way up.
  const mayBeOver = !turned && !latinLikely && letterCount(latin) >= MIN_SCRIPT_LETTERS;
  const readsSureTurnedOver = async () => {
    const over = await engine.recognize(encodePgm(rotateQuarterTurns(sampleImage, 2)), {
      languages: [latinModel],
      segmentation: 'auto',
      signal,
    });
    const overSure = surelyRead(over.lines);
    return overSure >= LATIN_LIKELY && overSure > latinSure;
  };
  if (mayBeOver && (!script || script === 'Latn') && (await readsSureTurnedOver())) return foundTurned(2);
  const only = script ? languagesOfScript(script) : [];
  const quick = script ? (only.length === 1 ? only[0] : quickModelOf(script)) : undefined;
  // Latin by OSD (or no script told), the Latin model sure of most of the sample but not all:
  // another script's paragraphs may be there, or only blots and a logo (a receipt). The lines it
  // was unsure of are read again, alone, by the models of the bundled scripts, and named with
  // the lines it was sure of.
  if (latinLikely && (!quick || quick === LATIN_QUICK)) {
    const codes = await languagesOfReading(await unsureLinesReadAgain(engine, sampleImage, latin, signal), weighing);
    if (codes.length > 0) return found(codes);
  }
  // Else another script's model reads the sample, or, where OSD could not tell the script and
  // the Latin model read little sure, the models of the bundled scripts.
  const lines = await quickRead(quick && quick !== LATIN_QUICK ? [quick] : UNKNOWN_SCRIPT_MODELS);
  if (mayBeOver && script && script !== 'Latn' && surelyRead(lines) < LATIN_LIKELY && (await readsSureTurnedOver())) return foundTurned(2);
  if (latinLikely && script !== 'Latn' && surelyRead(lines) < latinSure) {
    const codes = await languagesOfReading(latin, weighing);
    if (codes.length > 0) return found(codes);
  }
  if (only.length === 1 && quick === only[0]) return found(only);
  if (osd && EAST_ASIAN.has(isoScriptOf(osd.script) ?? '') && surelyRead(lines) < CJK_SURE) {
    const korean = await quickRead([KOREAN]).catch(() => undefined);
    if (korean && hangulShare(korean) >= HANGUL_SHARE && surelyRead(korean) >= CJK_SURE) return found([KOREAN]);
  }
  const codes = await languagesOfReading(lines, weighing);
  if (codes.length > 0) return found(codes);
  const preferredOfScript = script && preferredLanguage && languagesOfScript(script).includes(preferredLanguage) ? preferredLanguage : undefined;
  return readAs([preferredOfScript ?? quick ?? 'eng'], true);
}

/**
 * Some of the band's pieces read with one model, stacked as the band stacks them but without
 * the others: their lines placed where they stand in the band, so the band's readings in parts
 * join as one.
 */
export async function readPieces(
  engine: OcrEngine,
  grey: GreyImage,
  pieces: ReadonlyArray<readonly [number, number]>,
  which: readonly number[],
  model: string,
  signal: AbortSignal | undefined,
): Promise<OcrLine[]> {
  const chosen = which.map((index) => pieces[index]!);
  const { lines } = await engine.recognize(encodePgm(stackRows(grey, chosen)), { languages: [model], segmentation: 'auto', signal });
  // Where each piece starts, in the stack read and in the band.
  const startsOf = (rows: ReadonlyArray<readonly [number, number]>) => {
    let at = GAP_ROWS;
    return rows.map(([top, bottom]) => {
      const start = at;
      at += bottom - top + GAP_ROWS;
      return start;
    });
  };
  const inStack = startsOf(chosen);
  const inBand = startsOf(pieces);
  const shiftOf = (y: number) => {
    let piece = 0;
    while (piece + 1 < chosen.length && y >= inStack[piece + 1]! - GAP_ROWS / 2) piece++;
    return inBand[which[piece]!]! - inStack[piece]!;
  };
  return lines.map((line) => {
    const by = shiftOf((line.box.y0 + line.box.y1) / 2);
    return {
      ...line,
      box: shiftBox(line.box, 0, by),
      words: line.words.map((word) => ({ ...word, box: shiftBox(word.box, 0, by) })),
      paragraph: `${which.join('.')}:${line.paragraph}`,
    };
  });
}

/**
 * OSD on the page's inkiest band, or on the whole page where the band holds too few letters
 * for it to name a script (a page of four short lines: Tesseract skips it, "too few characters").
 */
async function scriptOf(engine: OcrEngine, grey: GreyImage, signal: AbortSignal | undefined) {
  const band = inkiestBand(grey, OSD_SHARE, OSD_ROWS);
  return (await osdOf(engine, band, signal)) ?? (band === grey ? undefined : await osdOf(engine, grey, signal));
}

/** OSD's reading of an image; none where it fails or finds too few characters (stopped, it throws). */
const osdOf = (engine: OcrEngine, image: GreyImage, signal: AbortSignal | undefined) => unlessFailed(signal, () => engine.osd!(encodePgm(image), { signal }));

/**
 * The share of the sample's letters the Latin model reads in words it is sure of (WORD_SURE),
 * from which the page is taken to be Latin. Measured on samples of prose, the mean word
 * confidence: Latin languages 75-92 (a blurred scan 75), Cyrillic, Greek, Hebrew, Arabic, Korean
 * 18-38, Chinese, Japanese, Hindi, Thai 0-16; by letters, a page whose other paragraphs are
 * Japanese falls below too, and OSD is asked.
 */
const LATIN_SURE = 0.85;
/**
 * OSD's turn is taken from this confidence (measured: a photo and a receipt upside down 4.9 and
 * 2.2; a receipt's blots named upside down 0.02).
 */
const ORIENTATION_SURE = 1.5;
/**
 * From this share the Latin model's reading is text, not noise, whatever OSD says: the other
 * scripts' prose read with it 0.06-0.22, a shop receipt photographed 0.68-0.81.
 */
const LATIN_LIKELY = 0.5;
const WORD_SURE = 50;
/**
 * The band's middle piece read with the Latin model under this share sure is another script's
 * (measured: other scripts' prose 0.00-0.25, Latin prose 0.82-1.00).
 */
const PROBE_NOT_LATIN = 0.4;
/** Another script's model reading the band this sure names it without the Latin model's reading. */
const SCRIPT_SURE = 0.7;

const surelyRead = (lines: readonly OcrLine[]) => letterShare(lines, (word) => word.confidence >= WORD_SURE);

/** How many letters a reading holds. */
const letterCount = (lines: readonly OcrLine[]) =>
  lines.reduce((sum, line) => sum + line.words.reduce((inLine, word) => inLine + letterTotal(word.text), 0), 0);

/** The share of a reading's letters that `counts` counts, each letter with the word it is in. */
function letterShare(lines: readonly OcrLine[], counts: (word: OcrWord, letter: string) => boolean): number {
  let counted = 0;
  let all = 0;
  for (const word of lines.flatMap((line) => line.words)) {
    for (const letter of word.text) {
      if (!/\p{L}/u.test(letter)) continue;
      all++;
      if (counts(word, letter)) counted++;
    }
  }
  return all > 0 ? counted / all : 0;
}

/**
 * OSD tells Korean from Japanese and Chinese poorly on a few lines (four lines of Korean
 * messages: "Japanese", confidence 0.13 on the band, 0.44 on the page). Where it names one of
 * the three and the Japanese model (or the bundled scripts') read the band unsure, the band is
 * read with Korean's too: mostly Hangul, read sure, it is Korean. Japanese and Chinese pages
 * read sure with jpn are not read again.
 */
const EAST_ASIAN = new Set(['Hani', 'Jpan', 'Kore']);
const KOREAN = 'kor';
const CJK_SURE = 0.6;
const HANGUL_SHARE = 0.5;

const hangulShare = (lines: readonly OcrLine[]) => letterShare(lines, (_word, letter) => scriptOfLetter(letter) === 'Kore');

/** The Latin script's quick model (scripts.ts). */
const LATIN_QUICK = FIRST_DETECTION_MODEL;

/** The quick pass's sample: the inkiest tenth of the page in STRIPES pieces (a short page whole). */
export const quickBand = (grey: GreyImage) => inkiestBand(grey, QUICK_SHARE, QUICK_ROWS);
export const quickPieces = (grey: GreyImage) => inkiestPieces(grey, QUICK_SHARE, QUICK_ROWS);

/**
 * The page sampled where it has the most ink, in STRIPES pieces, one from each part of its
 * height, stacked with white between: a page that mixes languages by paragraph shows each. A
 * piece's edges move to the nearest blank row, so no line is cut in half (half a line reads as
 * noise, and the Latin model's confidence with it).
 */
function inkiestBand(grey: GreyImage, share: number, least: number): GreyImage {
  const pieces = inkiestPieces(grey, share, least);
  return pieces ? stackRows(grey, pieces) : grey;
}

/** The rows of inkiestBand's pieces, [top, bottom) each, one per stripe; none where the band is the page. */
function inkiestPieces(grey: GreyImage, share: number, least: number): Array<[number, number]> | undefined {
  const rows = Math.max(least, Math.round(grey.height * share));
  if (rows >= grey.height) return undefined;
  // A row's text is its strokes, counted as changes between ink and paper along it: a black
  // border, a dark desk or a photo's shadow is dark but crossed by none.
  const inkPerRow = new Float64Array(grey.height);
  for (let y = 0; y < grey.height; y++) {
    let count = 0;
    const start = y * grey.width;
    let wasInk = grey.data[start]! <= INK_LEVEL;
    for (let x = 1; x < grey.width; x++) {
      const ink = grey.data[start + x]! <= INK_LEVEL;
      if (ink !== wasInk) count++;
      wasInk = ink;
    }
    inkPerRow[y] = count;
  }
  const sum = new Float64Array(grey.height + 1);
  for (let y = 0; y < grey.height; y++) sum[y + 1] = sum[y]! + inkPerRow[y]!;
  const blank = (y: number) => inkPerRow[y]! <= grey.width * BLANK_ROW;
  const pieceRows = Math.ceil(rows / STRIPES);
  const part = Math.floor(grey.height / STRIPES);
  const pieces: Array<[number, number]> = [];
  for (let stripe = 0; stripe < STRIPES; stripe++) {
    const from = stripe * part;
    const to = Math.min(grey.height, from + part);
    if (to - from <= pieceRows) {
      pieces.push([from, to]);
      continue;
    }
    let best = from;
    for (let top = from; top + pieceRows <= to; top++) if (sum[top + pieceRows]! - sum[top]! > sum[best + pieceRows]! - sum[best]!) best = top;
    let top = best;
    let bottom = best + pieceRows;
    while (top > Math.max(0, best - pieceRows / 2) && !blank(top)) top--;
    while (bottom < Math.min(grey.height, best + 1.5 * pieceRows) && !blank(bottom - 1)) bottom++;
    pieces.push([top, bottom]);
  }
  return pieces;
}

/** Rows of an image, [top, bottom) each, stacked in order with white between and around them. */
function stackRows(grey: GreyImage, pieces: ReadonlyArray<readonly [number, number]>): GreyImage {
  const height = pieces.reduce((total, [top, bottom]) => total + bottom - top + GAP_ROWS, GAP_ROWS);
  const data = new Uint8Array(grey.width * height).fill(255);
  let at = GAP_ROWS;
  for (const [top, bottom] of pieces) {
    data.set(grey.data.subarray(top * grey.width, bottom * grey.width), at * grey.width);
    at += bottom - top + GAP_ROWS;
  }
  return { width: grey.width, height, data };
}

/** A line with letters, under half of them read sure. */
const isUnsureLine = (line: OcrLine) => line.words.some((word) => /\p{L}/u.test(word.text)) && surelyRead([line]) < LINE_SURE;
const LINE_SURE = 0.5;

/** A Latin reading's sure lines, and its unsure ones as the bundled scripts' models read them, alone. */
async function unsureLinesReadAgain(engine: OcrEngine, sample: GreyImage, latin: readonly OcrLine[], signal: AbortSignal | undefined): Promise<OcrLine[]> {
  const sure = latin.filter((line) => !isUnsureLine(line));
  const rows = unsureRows(latin, sample.height);
  if (rows.length === 0) return sure;
  const { lines } = await engine.recognize(encodePgm(stackRows(sample, rows)), { languages: UNKNOWN_SCRIPT_MODELS, segmentation: 'auto', signal });
  return [...sure, ...lines.map((line) => ({ ...line, paragraph: `again.${line.paragraph}` }))];
}

/** The rows of a reading's unsure lines, each widened by a third of its height, overlapping ones joined, in order. */
function unsureRows(lines: readonly OcrLine[], height: number): Array<[number, number]> {
  const rows = lines
    .filter(isUnsureLine)
    .map(({ box }): [number, number] => {
      const margin = Math.ceil((box.y1 - box.y0) / 3);
      return [Math.max(0, box.y0 - margin), Math.min(height, box.y1 + margin)];
    })
    .sort((a, b) => a[0] - b[0]);
  const joined: Array<[number, number]> = [];
  for (const row of rows) {
    const last = joined.at(-1);
    if (last && row[0] <= last[1]) last[1] = Math.max(last[1], row[1]);
    else joined.push(row);
  }
  return joined;
}

/**
 * A sample this share of the page's height or more is read as the whole page: the rest costs
 * little more, and the reading can stand for the page's own (6 lines of a 1600-pixel picture:
 * the sample is 77% of the page).
 */
const WHOLE_PAGE_SHARE = 0.6;
/**
 * Another script's page is read whole with its model, not its band, where the band is this
 * share of its height or more: a wasted reading (a Ukrainian page read with Russian's model)
 * costs at most about four bands', and a page in the model's language is read once.
 */
const SCRIPT_WHOLE_SHARE = 0.25;

/** Pieces the page is sampled in: its top, middle and foot each show their language. */
const STRIPES = 3;
/** A row crossed by ink at most this often, a share of its pixels, is between lines. */
const BLANK_ROW = 0.002;
/** White rows between the stacked pieces (and around them), so Tesseract sees separate paragraphs. */
const GAP_ROWS = 24;

/** Scripts whose text is told apart by its characters, not by franc: the CJK family. */
const CJK = new Set(['Hani', 'Jpan']);

/**
 * What detection weighs besides franc's trigrams: the word lists of the models on hand, and the
 * language the reader most likely writes (the interface language's model, as the web sends it;
 * the API has none).
 */
export interface Weighing {
  wordLists?: WordLists;
  preferred?: string;
}

/**
 * The languages a quick reading is in, most letters first: its words grouped by script, each
 * script's paragraphs named by franc and the word lists; a language with too small a share of
 * its script is left out, and so is a script with too few letters (stray marks read as letters).
 */
export async function languagesOfReading(lines: readonly OcrLine[], weighing: Weighing = {}): Promise<string[]> {
  // Letters per script, and per script the text of each paragraph in it.
  const letters = new Map<string, number>();
  const paragraphs = new Map<string, Map<string, string>>();
  for (const line of lines) {
    for (const word of line.words) {
      const counts = letterCounts(word.text);
      if (counts.size === 0) continue;
      const [script, count] = [...counts].reduce((most, each) => (each[1] > most[1] ? each : most));
      // A lone letter of a script that spells words (an "l" among kanji) is more often a misread mark.
      if (count < 2 && !CJK.has(script) && script !== 'Kore') continue;
      const group = CJK.has(script) ? 'Hani' : script;
      letters.set(group, (letters.get(group) ?? 0) + [...counts.values()].reduce((a, b) => a + b, 0));
      const texts = paragraphs.get(group) ?? new Map<string, string>();
      texts.set(line.paragraph, `${texts.get(line.paragraph) ?? ''} ${word.text}`);
      paragraphs.set(group, texts);
    }
  }
  const weights = new Map([...letters].map(([script, count]) => [script, CJK.has(script) || script === 'Kore' ? count * CJK_WEIGHT : count]));
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const weighed = new Map<string, number>();
  for (const [script, weight] of weights) {
    if (letters.get(script)! < MIN_SCRIPT_LETTERS || weight < total * MIXED_SHARE) continue;
    for (const [code, share] of await languagesOfScriptText(script, [...paragraphs.get(script)!.values()], weighing))
      weighed.set(code, (weighed.get(code) ?? 0) + weight * share);
  }
  return [...weighed]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_OCR_LANGUAGES)
    .map(([code]) => code);
}

/** What one CJK character weighs against one letter: it is about as wide as two, so weights follow the page's share. */
const CJK_WEIGHT = 2;
/** A script with fewer letters than this on the quick pass is stray marks, not text. */
const MIN_SCRIPT_LETTERS = 8;

/** The languages of one script's paragraphs, each with its share of their letters. */
async function languagesOfScriptText(script: string, texts: string[], weighing: Weighing): Promise<Array<[string, number]>> {
  const all = texts.join(' ');
  if (CJK.has(script)) {
    let kana = 0;
    let cjk = 0;
    for (const character of all) {
      const of = scriptOfLetter(character);
      if (of === 'Jpan') kana++;
      if (of === 'Jpan' || of === 'Hani') cjk++;
    }
    return [[kana >= cjk * KANA_SHARE ? 'jpn' : await chineseFormOf(all), 1]];
  }
  // The script's text named as a whole; then the paragraphs long enough to tell named apart,
  // and those named otherwise taken together: a second language joins where they are clearly it.
  const main = await nameText(all, script, weighing);
  if (!main) return [];
  const total = letterTotal(all);
  const others = new Map<string, string[]>();
  for (const text of texts) {
    if (letterTotal(text) < MIN_PARAGRAPH_LETTERS) continue;
    const named = identifyLanguage(text, script)?.[0]?.[0];
    if (named && named !== main) others.set(named, [...(others.get(named) ?? []), text]);
  }
  const found: Array<[string, number]> = [];
  for (const [code, paragraphsOf] of others) {
    const pooled = paragraphsOf.join(' ');
    const share = letterTotal(pooled) / total;
    if (share < MIXED_SHARE || letterTotal(pooled) < MIN_MIXED_LETTERS) continue;
    const ranked = identifyLanguage(pooled, script) ?? [];
    const mainScore = ranked.find(([each]) => each === main)?.[1] ?? 0;
    if (ranked[0]?.[0] !== code || mainScore >= CLEARLY_OTHER) continue;
    // Where both word lists are on hand, the paragraphs' words must be clearly the other language's.
    if (weighing.wordLists) {
      const weights = await weighWords(weighableWords(pooled), [main, code], weighing.wordLists);
      if (weights.own.has(main) && weights.own.has(code) && clearLeader(weights) !== code) continue;
    }
    found.push([code, share]);
  }
  const mixed = found.reduce((sum, [, share]) => sum + share, 0);
  return [[main, 1 - mixed], ...found];
}

/**
 * One script's text named: franc's likeliest, unless the words read point clearly to a
 * language franc put near it, or to the reader's language (weigh-words.ts); where neither
 * franc nor the words can tell (too few letters, or a page of several languages), the
 * reader's language if of this script, else the script's broadest model (English for Latin).
 */
async function nameText(text: string, script: string, { wordLists, preferred }: Weighing): Promise<string | undefined> {
  const ranked = identifyLanguage(text, script) ?? [];
  const fallback = preferred && languagesOfScript(script).includes(preferred) ? preferred : quickModelOf(script);
  const top = ranked[0]?.[0];
  if (!wordLists) return top ?? fallback;
  const near = ranked.filter(([, score]) => score >= ranked[0]![1] - DICTIONARY_NEAR).map(([code]) => code);
  const candidates = [...new Set([...near.slice(0, MAX_WEIGHED), ...(fallback ? [fallback] : []), ...(top ? [] : [quickModelOf(script)])])].filter(
    (code): code is string => code !== undefined,
  );
  if (candidates.length <= 1) return top ?? fallback;
  const weights = await weighWords(weighableWords(text), candidates, wordLists);
  // Franc ties four languages or more whose word lists are on hand on a page of several
  // (eurotext's six: Italian, Danish, Spanish and French within 0.01), and a few words of one
  // must not pick it; one language's close relatives tie three at most (Brazilian Portuguese with
  // Galician and Spanish). Vietnamese read without its accents ties with Javanese, Sundanese
  // and Filipino too, but its own list is not on hand, and franc's choice stands (below).
  if (fallback && top && weights.own.has(top) && ranked.filter(([, score]) => score >= ranked[0]![1] - TIED).length >= SEVERAL_TIED) return fallback;
  const leader = clearLeader(weights);
  if (leader && (!top || weights.own.has(top))) return leader;
  // Franc's choice has no word list on hand to compare (Bulgarian beside Russian, Galician
  // beside Portuguese): it stands, unless the words are clearly and mostly another's. Words are
  // a list's own only beside another list: alone, Filipino's list holds 78% of a Vietnamese page
  // read by the Filipino model without its marks (one-syllable words), as close languages' lists
  // hold 81-83% of each other's text, and its own text 84-100%.
  if (top && !weights.own.has(top))
    return leader && weights.own.size >= 2 && weights.own.get(leader)! >= SURE_OWN_WORDS && weights.share.get(leader)! >= SURE_SHARE ? leader : top;
  // The words cannot tell: franc where it is sure, or where it rules the reader's language out
  // (an English page for a Dutch reader: English 1, French 0.92, Dutch 0.83, and Dutch's word
  // list holds every English word read), else the reader's language.
  const francSure = top && (ranked[1]?.[1] ?? 0) < ranked[0]![1] - DICTIONARY_NEAR;
  const fallbackScore = ranked.find(([code]) => code === fallback)?.[1];
  const fallbackRuledOut = fallbackScore !== undefined && fallbackScore < ranked[0]![1] - DICTIONARY_NEAR;
  return francSure || fallbackRuledOut || !fallback ? (top ?? fallback) : fallback;
}

/**
 * Franc's candidates this close to its likeliest (1) are weighed by their word lists: its
 * margin between neighbours on a page's few lines is a few hundredths or less (English 0.995
 * on a statement of figures named French; Danish and Norwegian 0.95 on Danish prose), while a
 * language it ranks below 0.9 is one its trigrams clearly rule out.
 */
const DICTIONARY_NEAR = 0.1;
/** Franc's scores this close to its likeliest are a tie... */
const TIED = 0.03;
/** ...and this many languages tied are a page of several, not one. */
const SEVERAL_TIED = 4;
/** Near candidates weighed at most: each word list costs its first load (0.1-0.3 s, then kept). */
const MAX_WEIGHED = 4;
/** Where franc's choice has no list on hand (Galician beside Portuguese), another needs this many words of its own... */
const SURE_OWN_WORDS = 3;
/** ...and this share of all the words in its list. */
const SURE_SHARE = 0.75;

/**
 * Chinese as a page writes it, by the characters written in one form only (OpenCC's character
 * tables, opencc-js). The quick pass reads Han with jpn, which lacks most simplified-only
 * characters and puts a traditional or Japanese one in their place: measured on the 10
 * sentences of Debian's messages, Simplified read 2 simplified-only and 5 traditional-only of 88
 * characters, Traditional 6 and 27 of 94. Traditional, then, where the traditional-only are a
 * tenth of the characters and three times the simplified-only.
 */
async function chineseFormOf(text: string): Promise<'chi_sim' | 'chi_tra'> {
  const { simplifiedOnly, traditionalOnly } = await import('./chinese-forms.ts');
  let simplified = 0;
  let traditional = 0;
  let han = 0;
  for (const character of text) {
    if (scriptOfLetter(character) === 'Hani') han++;
    if (simplifiedOnly.has(character)) simplified++;
    else if (traditionalOnly.has(character)) traditional++;
  }
  return traditional >= han * TRADITIONAL_SHARE && traditional >= simplified * TRADITIONAL_OVER ? 'chi_tra' : 'chi_sim';
}

const TRADITIONAL_SHARE = 0.1;
const TRADITIONAL_OVER = 3;

/**
 * A second language of the script needs a few lines of its own: one short paragraph that the
 * quick model read without its letters (Polish's ł and ó read by eng) passes for a neighbour.
 */
const MIN_MIXED_LETTERS = 80;

const letterTotal = (text: string) => [...letterCounts(text).values()].reduce((a, b) => a + b, 0);

/**
 * Paragraphs named another language than the page's join it only where, taken together, the
 * page's language scores below this against theirs (franc: 1 for the best): close languages'
 * short paragraphs (Bulgarian read as Russian, Portuguese as Spanish) score 0.9 and more.
 */
const CLEARLY_OTHER = 0.85;

/**
 * Paragraphs with this many letters are named on their own, so a page that mixes languages by
 * paragraph is read with each; shorter ones are named together (franc needs about 20 letters).
 */
const MIN_PARAGRAPH_LETTERS = 30;
