import type { OcrLine, OcrWord } from '../engine.ts';
import { boundsOf, type Box, type GreyImage } from '../preprocess/grey-image.ts';
import { detectLines } from './detect-lines.ts';
import type { LineModel } from './line-model.ts';
import { readLine, type ReadCharacter } from './read-line.ts';
import { median } from '../preprocess/components.ts';

/**
 * The languages whose letters the model's dictionary holds (it lacks ê, ç, ß, ł, ş and most
 * other accented letters, so it would misspell the rest): those written in the 26 letters alone
 * (Filipino's and Cebuano's ñ is rare). Without it, a receipt's column of figures that Tesseract
 * leaves out stays out (a Malaysian receipt read as Malay: CER 20%, as English 2.6%).
 */
export const LINE_MODEL_LANGUAGES: readonly string[] = ['eng', 'ind', 'msa', 'fil', 'ceb', 'swa'];

/**
 * A line Tesseract reads at this mean confidence or above is kept without a second reading:
 * measured on the receipts, re-reading confident lines (≥ 90) gained nothing and cost time.
 */
const CONFIDENT = 90;
/** Below this mean probability the model's reading is noise (a stamp, handwriting). */
const MODEL_FLOOR = 0.5;
/**
 * Where Tesseract found no word at all, the model's reading must be this sure: such lines are
 * often handwriting or a stamp across the print ("cam", "e"). Measured: 0.7 to 0.9 alike.
 */
const MODEL_ALONE = 0.8;
/**
 * Tesseract's words outside every detected line are kept only at this confidence, and not
 * when they are one character other than a digit: a speck read as ".", "|" or "d" beside a
 * logo or a fold.
 */
const STRAY_CONFIDENT = 80;
/** Pieces whose middles are this many times their height apart or less share a row. */
const ROW_SPREAD = 0.35;
/** Tesseract's word gaps stand for the spaces when its words there are this confident on average. */
const GAPS_TRUSTED = 60;
/** A Tesseract word this confident has no space inside it, however wide its gaps (BIG.COM.MY). */
const SPAN_TRUSTED = 80;
/** A gap in the ink this many times the detected line's height wide is a word space (measured). */
const SPACE_GAP = 0.4;

interface Piece {
  box: Box;
  words: OcrWord[];
}

const centre = (box: Box) => ({ x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 });
const inside = (point: { x: number; y: number }, box: Box) => point.x >= box.x0 && point.x <= box.x1 && point.y >= box.y0 && point.y <= box.y1;
const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** The two mends of a line's reading below, each on unless a benchmark turns it off (pipeline.ts). */
export interface LineModelRepairs {
  narrowLetters?: boolean;
  decimalPoints?: boolean;
  /**
   * The letters of a line's words found in the language's dictionary (dictionary/readable-words.ts):
   * where given, the model's reading of a line replaces Tesseract's only when it holds no fewer.
   */
  readable?: (words: readonly OcrWord[]) => number;
}

/**
 * The body of a page read line by line with the model as well as Tesseract. The detector
 * finds the lines (on a receipt far better than Tesseract's layout, which splits the prices
 * off the items); in each line Tesseract's words stand when it is confident or reads better,
 * else the model's reading replaces them. Lines come out row by row, as a receipt or a
 * letter is read; pages set in columns are not given to this function.
 */
export async function readWithLineModel(
  model: LineModel,
  image: GreyImage,
  readingOfLines: OcrLine[] | Promise<OcrLine[]>,
  onProgress?: (fraction: number) => void,
  { narrowLetters = true, decimalPoints = true, readable }: LineModelRepairs = {},
): Promise<OcrLine[]> {
  const boxes = (await detectLines(model, image)).sort((a, b) => centre(a).y - centre(b).y || a.x0 - b.x0);
  // Tesseract's reading may still be under way (pipeline.ts): the detector ran beside it.
  const tesseractLines = await readingOfLines;
  // Each of Tesseract's words goes to the first detected line its middle falls in.
  const owned = boxes.map(() => [] as OcrWord[]);
  const placed = new Set<OcrWord>();
  for (const word of tesseractLines.flatMap((line) => line.words)) {
    const at = boxes.findIndex((box) => inside(centre(word.box), box));
    if (at < 0) continue;
    owned[at]!.push(word);
    placed.add(word);
  }
  const writable = new Set(model.characters);
  const pieces: Piece[] = [];
  for (const [index, box] of boxes.entries()) {
    onProgress?.(index / boxes.length);
    const own = owned[index]!.sort((a, b) => a.box.x0 - b.box.x0);
    const confidence = meanOf(own.map((word) => word.confidence));
    if (own.length > 0 && confidence >= CONFIDENT) {
      pieces.push({
        box,
        words: decimalPoints && own.some((word) => BARE_NUMBER.test(word.text)) ? withDecimalPoints(own, await readLine(model, image, box)) : own,
      });
      continue;
    }
    const characters = await readLine(model, image, box);
    const probability = meanOf(characters.map((character) => character.probability));
    const modelWins =
      characters.length > 0 &&
      probability >= (own.length === 0 ? MODEL_ALONE : MODEL_FLOOR) &&
      (own.length === 0 || probability > confidence / 100) &&
      own.every((word) => [...word.text].every((letter) => writable.has(letter)));
    const modelWords = modelWins ? toWords(characters, spacesIn(image, box, own), box) : [];
    const mended = narrowLetters ? withNarrowLetters(modelWords, own) : modelWords;
    if (modelWins && !(readable && losesSureWords(mended, own, readable))) pieces.push({ box, words: mended });
    else if (own.length > 0) pieces.push({ box, words: own });
  }
  // Confident words the detector did not find stay, on their own lines.
  for (const line of tesseractLines) {
    const stray = line.words.filter((word) => !placed.has(word) && word.confidence >= STRAY_CONFIDENT && !/^\D$/u.test(word.text));
    if (stray.length > 0) pieces.push({ box: boundsOf(stray.map((word) => word.box)), words: stray });
  }
  return rowsOf(pieces);
}

/**
 * Never noise, line by line: whether the model's reading of a line holds fewer letters of
 * dictionary words than the words Tesseract read there sure (SPAN_TRUSTED: no space inside).
 * Justified or letter-spaced print that the model reads split into pieces ("co ntrove rsy" for
 * "controversy") then keeps Tesseract's words. Its unsure words do not count: a smudged figure
 * read as a short word ("wea:", "FEES") is no word.
 */
export function losesSureWords(modelWords: readonly OcrWord[], own: readonly OcrWord[], readable: (words: readonly OcrWord[]) => number): boolean {
  const sure = own.filter((word) => word.confidence >= SPAN_TRUSTED);
  return sure.length > 0 && readable(modelWords) < readable(sure);
}

/**
 * Letters a line's model reading loses on small or dithered print: a narrow stroke between
 * two others falls between the recogniser's steps ("prohbt", "Hamiton", "Racboski",
 * "Phama" where Tesseract read "prohibit", "Hamilton", "Raciboski", "Pharma").
 */
const NARROW = /[iIljtfr]/gu;
/**
 * Tesseract's fuller word is taken from this confidence: measured, the model's lost letters
 * stood in words Tesseract read at 79-95, while its guess "Batali" for a receipt's faded
 * "BATAI" (the model: "Batai") was read at 11.
 */
const NARROW_TRUSTED = 50;

/**
 * The model's words, each replaced by Tesseract's word at the same place when the two are the
 * same but for narrow letters the model's lacks: the model is trusted for the rest of the
 * line (faded or dot-matrix print it reads better), not for a letter it skipped. Words with
 * figures keep the model's reading: prices and dates are what it reads better on faded print.
 */
export function withNarrowLetters(modelWords: OcrWord[], own: OcrWord[]): OcrWord[] {
  return modelWords.map((word) => {
    if (/\d/u.test(word.text)) return word;
    const bare = word.text.replace(NARROW, '');
    const fuller = own.find(
      (tesseract) =>
        tesseract.confidence >= NARROW_TRUSTED &&
        tesseract.box.x0 < word.box.x1 &&
        tesseract.box.x1 > word.box.x0 &&
        tesseract.text.length > word.text.length &&
        tesseract.text.replace(NARROW, '') === bare &&
        isSubsequence(word.text, tesseract.text),
    );
    return fuller ? { ...word, text: fuller.text } : word;
  });
}

/** Whether `short`'s characters all occur in `long`, in order. */
function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const character of long) if (at < short.length && character === short[at]) at++;
  return at === short.length;
}

/** A price whose decimal point Tesseract may have lost, confidently ("258" for "2.58"). */
const BARE_NUMBER = /^\d{3,6}$/;

/**
 * Faint thermal print loses the dot of a price, and Tesseract then reads "258" with full
 * confidence; the model sees "2.58". Only that dot is taken from the model's reading.
 */
export function withDecimalPoints(own: OcrWord[], characters: ReadCharacter[]): OcrWord[] {
  return own.map((word) => {
    if (!BARE_NUMBER.test(word.text)) return word;
    // The model places a character by its step in the line, so half a letter's slack either side.
    const slack = (word.box.x1 - word.box.x0) / word.text.length / 2;
    const over = characters
      .filter((character) => character.x >= word.box.x0 - slack && character.x <= word.box.x1 + slack)
      .map((character) => character.text)
      .join('');
    const priced = `${word.text.slice(0, -2)}.${word.text.slice(-2)}`;
    return over.trim() === priced ? { ...word, text: priced } : word;
  });
}

/**
 * Where the spaces are: between Tesseract's words when it found several, else wide gaps in
 * the ink. Words that overlap across are not neighbours in a row (on small print a detected
 * line takes in words of the next): no space between them, or it cuts words ("su c h").
 */
function spacesIn(image: GreyImage, box: Box, own: OcrWord[]): number[] {
  if (own.length >= 2 && meanOf(own.map((word) => word.confidence)) >= GAPS_TRUSTED)
    return own.slice(1).flatMap((word, i) => (own[i]!.box.x1 <= word.box.x0 ? [(own[i]!.box.x1 + word.box.x0) / 2] : []));
  const read = own.filter((word) => word.confidence >= SPAN_TRUSTED);
  return inkGaps(image, box).filter((x) => !read.some((word) => x > word.box.x0 && x < word.box.x1));
}

function inkGaps(image: GreyImage, box: Box): number[] {
  const height = box.y1 - box.y0;
  const top = Math.floor(box.y0 + height * 0.2);
  const bottom = Math.ceil(box.y1 - height * 0.2);
  const minGap = SPACE_GAP * height;
  const gaps: number[] = [];
  let run = 0;
  for (let x = Math.floor(box.x0); x <= Math.ceil(box.x1); x++) {
    let ink = false;
    for (let y = top; y < bottom && x < image.width && !ink; y++) ink = image.data[y * image.width + x]! < 128;
    if (!ink && x < Math.ceil(box.x1)) run++;
    else {
      if (run >= minGap) gaps.push(x - run / 2);
      run = 0;
    }
  }
  return gaps;
}

/**
 * Gaps in the ink that are no word space: before a stop or a comma; around the colon of a
 * time ("11 :37"); after a price's decimal point or a time's colon, which dot-matrix print
 * sets wide ("8. 90"): a digit, the mark, then two digits that end the number. "1, 2" and
 * "5. 125" keep their space.
 */
function clingsTo(word: ReadCharacter[], rest: ReadCharacter[]): boolean {
  const next = rest[0]?.text ?? '';
  const [before, last] = [word.at(-2)?.text ?? '', word.at(-1)?.text ?? ''];
  if (/^[.,;]$/.test(next)) return true;
  if (next === ':' && /^\d$/.test(last) && /^\d$/.test(rest[1]?.text ?? '')) return true;
  const twoDigits = rest
    .slice(0, 3)
    .map((character) => character.text)
    .join('');
  return /^[.,:]$/.test(last) && /^\d$/.test(before) && /^\d\d(\D|$)/.test(twoDigits);
}

/** The model's characters as words, split where a space falls between two of them. */
export function toWords(characters: ReadCharacter[], spaces: number[], box: Box): OcrWord[] {
  const pitch = (box.x1 - box.x0) / Math.max(1, characters.length);
  const groups: ReadCharacter[][] = [];
  let previous: ReadCharacter | undefined;
  let spaced = false;
  for (const [index, character] of characters.entries()) {
    if (character.text === ' ') {
      spaced = true;
      continue;
    }
    if (previous && spaces.some((x) => x > previous!.x && x < character.x) && !clingsTo(groups.at(-1)!, characters.slice(index))) spaced = true;
    if (groups.length === 0 || spaced) groups.push([character]);
    else groups.at(-1)!.push(character);
    previous = character;
    spaced = false;
  }
  return groups.map((group) => ({
    text: group.map((character) => character.text).join(''),
    confidence: 100 * meanOf(group.map((character) => character.probability)),
    box: { x0: Math.max(box.x0, group[0]!.x - pitch / 2), y0: box.y0, x1: Math.min(box.x1, group.at(-1)!.x + pitch / 2), y1: box.y1 },
  }));
}

/**
 * Pieces that share most of their height are one row, read left to right; a paragraph
 * breaks where the space between rows is well over the usual.
 */
function rowsOf(pieces: Piece[]): OcrLine[] {
  const sorted = pieces.filter((piece) => piece.words.length > 0).sort((a, b) => centre(a.box).y - centre(b.box).y);
  const rows: Piece[][] = [];
  for (const piece of sorted) {
    // Detected boxes of neighbouring lines overlap, so a row is judged by middles: a piece
    // joins when its middle is near the middle of the row's first piece.
    const first = rows.at(-1)?.[0];
    const height = first && Math.min(first.box.y1 - first.box.y0, piece.box.y1 - piece.box.y0);
    if (first && Math.abs(centre(piece.box).y - centre(first.box).y) < ROW_SPREAD * height!) rows.at(-1)!.push(piece);
    else rows.push([piece]);
  }
  const bounds = rows.map((row) => boundsOf(row.map((piece) => piece.box)));
  const usual = median(bounds.map((box) => box.y1 - box.y0));
  let paragraph = 0;
  return rows.map((row, i) => {
    if (i > 0 && bounds[i]!.y0 - bounds[i - 1]!.y1 > usual) paragraph++;
    return { words: row.sort((a, b) => a.box.x0 - b.box.x0).flatMap((piece) => piece.words), box: bounds[i]!, paragraph: `line-model.${paragraph}` };
  });
}
