import { unlessFailed, type OcrEngine, type OcrLine, type OcrOptions } from './engine.ts';
import { boundsOf, cropImage, encodePgm, grownBox, type Box, type GreyImage } from './preprocess/grey-image.ts';
import { readStacked } from './read-stacked.ts';
import { isOneBar } from './stray-marks.ts';

/**
 * In faces where capital I and small l are one upright stroke (Arial, Calibri) or look like
 * the digit one (Courier), Tesseract reads them as bars and ones: "||" for "Il", "I1s" for
 * "Ils", "I!" for "Il", "I11/Elle/On". Such a word is read again alone with letters only
 * (engine.ts NOT_LETTERS), and the new reading is kept when it changes nothing but those
 * strokes.
 */

/** Words read this confidently are what they say: a real bar ("a|b") or code ("l1"). */
const SURE = 85;
/**
 * At most this many words of a page are read again, the least sure first, so a page of codes
 * or of rules read as bars costs a bounded sheet. The phone photos measured have 1 to 3.
 */
const MAX_REREADS = 24;
/** Paper round a word read again, in letter heights: less, and two bare strokes are no line to
 * Tesseract; more, and the neighbours' letters come in. Measured on the phone photos. */
const PAD = 0.5;

/**
 * A lone bar from this many letter heights tall up to the next is a capital I standing alone
 * (the pronoun, in a face where I is one stroke), whatever Tesseract's confidence: a bar glyph
 * reaches below the line and a table's rule spans its row. Measured on a deposition set in
 * Arial: its I read as "|" 1.2-1.3 letter heights, the rule between its two pages 2.2-2.5.
 * Read again with letters only, such a stroke came back "I" or "l" alike; a lone "l" is no
 * word in any language offered, so it is named I outright.
 */
const LONE_I = [1, 1.5] as const;

/**
 * A word read as a bar alone, with the height of a capital I and a word of small letters
 * beside it, as the I it is. A bar between fields ("7358 | F: 03-2093", a receipt's) or
 * figures stays.
 */
export function withLoneI(lines: OcrLine[], letterHeight: number): OcrLine[] {
  return lines.map((line) => ({
    ...line,
    words: line.words.map((word, index) => {
      const height = (word.box.y1 - word.box.y0) / letterHeight;
      const amongWords = [line.words[index - 1], line.words[index + 1]].some(
        (next) => next && /^\p{Ll}{2}/u.test(next.text.replace(/^\p{Lu}/u, '')) && !/\d/u.test(next.text),
      );
      return isOneBar(word) && amongWords && height >= LONE_I[0] && height <= LONE_I[1] ? { ...word, text: 'I' } : word;
    }),
  }));
}

/** Runs of marks that can stand for upright strokes of I and l. */
const STROKE_RUNS = /([|¦\\1!Il]+)/u;

/** Whether a word holds a letter read as a bar or a one. */
export function hasMisreadStroke(word: string): boolean {
  const letters = /\p{L}/u.test(word);
  return word.split(/[^\p{L}\p{N}|¦\\!]+/u).some((part) => {
    // A bar is never a letter of a word: among letters, or doubled on its own ("||").
    if (/[|¦]/u.test(part)) return letters || part.length >= 2;
    // Nor two slanted ones on their own: the browser's tesseract.js reads a photographed page's "Il" as
    // "\\"; among letters a backslash is a path's ("C:\dir").
    if (part.includes('\\')) return /^\\{2,}$/u.test(part);
    // A one or a "!" after I or l at the start of a word, with small letters only after
    // ("I1s", "I11", "I!"); "1st", "11", "1l" (a litre) and "B1" are what they say.
    const strokes = /^([Il][Il1!]*)\p{Ll}*$/u.exec(part)?.[1];
    return strokes !== undefined && /[1!]/u.test(strokes);
  });
}

/**
 * The reading as letters only is kept when it has no bar and differs only in its strokes: the
 * same letters around them, and each run of strokes there still, one stroke more or less at
 * most ("I11" → "Il"), never fewer than two where there were two. A bar that vanished
 * ("ls|grep" → "lsgrep") was one.
 */
export function strokesOnlyChanged(original: string, reread: string): boolean {
  if (reread === original || /[|¦\\]/u.test(reread)) return false;
  const before = original.split(STROKE_RUNS);
  const after = reread.split(STROKE_RUNS);
  if (before.length !== after.length) return false;
  return before.every((piece, i) => {
    if (i % 2 === 0) return piece === after[i];
    const strokes = after[i]!.length;
    // "||" read again as "I" lost a letter: a pair stays a pair.
    return Math.abs(piece.length - strokes) <= 1 && strokes >= Math.min(piece.length, 2);
  });
}

/**
 * Words where a letter was read as a bar or a one, cut out and read again as letters only:
 * all at once, stacked on one sheet; a word whose reading there changed more than its strokes
 * (or nothing: Tesseract finds no line in a block of two bare strokes, and the browser's
 * tesseract.js and the native program differ on such a sheet) is read once more alone, as one
 * line, and if that reads nothing, beside its neighbour. Pages without such words cost nothing
 * more. A reading that fails leaves the word as read, unless the job was cancelled.
 */
export async function withLettersReread(
  engine: OcrEngine,
  image: GreyImage,
  lines: OcrLine[],
  letterHeight: number,
  options: Omit<OcrOptions, 'segmentation'>,
): Promise<OcrLine[]> {
  const pad = Math.round(letterHeight * PAD);
  const suspects: Array<{ line: number; word: number; confidence: number; box: Box }> = [];
  lines.forEach((line, l) =>
    line.words.forEach((word, w) => {
      const box = grownBox(word.box, pad, image);
      if (box && word.confidence < SURE && hasMisreadStroke(word.text)) suspects.push({ line: l, word: w, confidence: word.confidence, box });
    }),
  );
  if (suspects.length === 0) return lines;
  const chosen = suspects.sort((a, b) => a.confidence - b.confidence).slice(0, MAX_REREADS);
  const letters = { ...options, lettersOnly: true };
  const stacked = await unlessFailed(options.signal, async () =>
    (
      await readStacked(
        engine,
        image,
        chosen.map(({ box }) => box),
        letterHeight,
        letters,
      )
    ).map((words) => words.map((word) => word.text).join(' ')),
  );
  const readAsLine = (span: Box) =>
    unlessFailed(options.signal, async () => {
      const { lines: read } = await engine.recognize(encodePgm(cropImage(image, span)), { ...letters, segmentation: 'line' });
      return read.flatMap((readLine) => readLine.words.map((readWord) => readWord.text));
    });
  const out = lines.map((line) => ({ ...line, words: [...line.words] }));
  for (const [i, { line, word, box }] of chosen.entries()) {
    const original = out[line]!.words[word]!;
    // A table row's later cells start with a tab (page-reading.ts), which is not read.
    const tab = original.text.startsWith('\t') ? '\t' : '';
    const kept = (reread: string | undefined) => reread !== undefined && strokesOnlyChanged(original.text.slice(tab.length), reread);
    let reread = stacked?.[i];
    if (!kept(reread)) reread = (await readAsLine(box))?.join(' ');
    // Alone, two bare strokes may be no line at all (a photographed page's "||" read as nothing); beside
    // the next word of its line (or the one before) the word is read in context, its own part
    // taken: the first of the two words read, or the second if the neighbour stands left of it.
    const words = lines[line]!.words;
    const beside = words[word + 1] ?? words[word - 1];
    const span = beside && grownBox(boundsOf([original.box, beside.box]), pad, image);
    if (!reread && span) {
      const tokens = await readAsLine(span);
      if (tokens?.length === 2) reread = tokens[beside.box.x0 >= original.box.x0 ? 0 : 1];
    }
    if (kept(reread)) out[line]!.words[word] = { ...original, text: tab + reread };
  }
  return out;
}
