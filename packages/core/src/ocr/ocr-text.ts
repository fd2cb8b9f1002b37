import type { OcrLine, OcrWord } from './engine.ts';
import { median } from './preprocess/components.ts';

/** Lines further apart than this many times the usual line pitch are separate paragraphs. */
const PARAGRAPH_GAP = 1.3;

const middle = (line: OcrLine) => (line.box.y0 + line.box.y1) / 2;

/**
 * The page's text: words joined by spaces (where the script has them), lines by breaks, paragraphs by a blank line.
 * Tesseract starts a new paragraph at every change of indent, which on a receipt or a form
 * is every other line; there a blank line is only kept where the page has space between
 * the lines (or where reading moves up to a new column).
 */
export function linesToText(lines: OcrLine[]): string {
  const pitches: number[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (previous && previous.paragraph === line.paragraph) pitches.push(middle(line) - middle(previous));
  });
  const pitch = pitches.length > 0 ? median(pitches) : undefined;
  const sizes = new Map<string, number>();
  for (const line of lines) sizes.set(line.paragraph, (sizes.get(line.paragraph) ?? 0) + 1);
  const isProse = (line: OcrLine) => sizes.get(line.paragraph)! >= 2;
  let text = '';
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (previous) {
      const step = middle(line) - middle(previous);
      // Two paragraphs of running text set solid (no space between) stay apart; one-line
      // "paragraphs" — a receipt's lines, a form's fields — only where there is space.
      const apart =
        line.paragraph !== previous.paragraph && (pitch === undefined || step <= 0 || step > pitch * PARAGRAPH_GAP || (isProse(line) && isProse(previous)));
      text += apart ? '\n\n' : '\n';
    }
    text += joinWords(line.words);
  });
  return text;
}

/**
 * Letters of scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
 * Myanmar) and the full-width punctuation set among them. Tesseract's TSV splits such a line into
 * "words" with no space between them on the page; its own text output joins them so.
 */
const UNSPACED_SCRIPTS = ['Han', 'Hiragana', 'Katakana', 'Bopomofo', 'Thai', 'Lao', 'Khmer', 'Myanmar'];
const UNSPACED = `[${UNSPACED_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}\\u3000-\\u303f\\u30fc\\uff01-\\uff60]`;
const ENDS_UNSPACED = new RegExp(`${UNSPACED}$`, 'u');
const STARTS_UNSPACED = new RegExp(`^${UNSPACED}`, 'u');

/**
 * A line's words, a space between two where the engine's own text has one (OcrWord.spaced);
 * where that is not known (a word chosen or mended after the reading), unless both sides of it
 * are of a script written without spaces.
 */
export function joinWords(words: ReadonlyArray<string | Pick<OcrWord, 'text' | 'spaced'>>): string {
  let text = '';
  for (const each of words) {
    const word = typeof each === 'string' ? { text: each } : each;
    if (text && (word.spaced ?? !(ENDS_UNSPACED.test(text) && STARTS_UNSPACED.test(word.text)))) text += ' ';
    text += word.text;
  }
  return printedForm(text);
}

/**
 * Tesseract's models spell Thai's sara am (ำ) and Lao's (ຳ) as their two parts, nikhahit and
 * sara aa (ทํา for ทำ; its TSV even gives them as words of their own), the syllable's tone mark
 * on either side of the nikhahit. Text so spelled is not found by a search for the word as
 * keyboards type it, and each costs two characters of error: the line's text has it as one
 * letter, after the tone mark (the word lists keep tesseract's spelling: dictionaryForm).
 */
export function printedForm(text: string): string {
  if (!/[\u0e4d\u0ecd]/u.test(text)) return text;
  return text.replace(/\u0e4d([\u0e48-\u0e4b]?)\u0e32/gu, '$1\u0e33').replace(/\u0ecd([\u0ec8-\u0ecb]?)\u0eb2/gu, '$1\u0eb3');
}

/** Mean word confidence, each word weighted by its length; undefined for a page without words. */
export function meanConfidence(lines: OcrLine[]): number | undefined {
  let sum = 0;
  let chars = 0;
  for (const line of lines) {
    for (const word of line.words) {
      sum += word.confidence * word.text.length;
      chars += word.text.length;
    }
  }
  return chars ? sum / chars : undefined;
}
