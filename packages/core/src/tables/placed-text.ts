import { median } from '../ocr/preprocess/components.ts';

/**
 * Text with its place on a page, the one input of the table builder: a PDF's text runs or the
 * words OCR read from a picture. Coordinates are points or pixels with y down from the top.
 */
export interface PlacedText {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** OCR's confidence, 0 to 100; absent for a PDF's own text. */
  confidence?: number;
  /** Right-to-left script (Arabic, Hebrew): words of one line are read from the right. */
  rtl?: boolean;
}

/** Words on one line: they overlap vertically by at least half the height of the smaller. */
export interface TextLine {
  words: PlacedText[];
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Median word height: the line's font size, near enough. */
  height: number;
}

/**
 * A gap wider than this many line heights splits a line into phrases: wider than any space
 * between words, narrower than the space between a table's columns.
 */
export const PHRASE_GAP = 0.9;

/** Share of the smaller height two words must share to be on one line. */
const SAME_LINE = 0.5;

/** The words grouped into lines, top to bottom, each line's words left to right. */
export function linesOf(words: PlacedText[]): TextLine[] {
  const sorted = words.filter((word) => word.text.trim() !== '' && word.bottom > word.top).sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  const open: Array<{ words: PlacedText[]; top: number; bottom: number }> = [];
  for (const word of sorted) {
    let best: (typeof open)[number] | undefined;
    let bestShare = SAME_LINE;
    // Only the last few lines can still take a word: they are sorted by their middles.
    for (let i = open.length - 1; i >= Math.max(0, open.length - 4); i--) {
      const line = open[i]!;
      const shared = Math.min(line.bottom, word.bottom) - Math.max(line.top, word.top);
      const share = shared / Math.min(line.bottom - line.top, word.bottom - word.top);
      if (share >= bestShare) [best, bestShare] = [line, share];
    }
    if (best) {
      best.words.push(word);
      // The line's band is its words' typical top and bottom, so one tall word does not widen it.
      best.top = median(best.words.map((w) => w.top));
      best.bottom = median(best.words.map((w) => w.bottom));
    } else open.push({ words: [word], top: word.top, bottom: word.bottom });
  }
  return open
    .map(({ words: lineWords }) => {
      lineWords.sort((a, b) => a.left - b.left);
      return {
        words: lineWords,
        left: Math.min(...lineWords.map((w) => w.left)),
        right: Math.max(...lineWords.map((w) => w.right)),
        top: Math.min(...lineWords.map((w) => w.top)),
        bottom: Math.max(...lineWords.map((w) => w.bottom)),
        height: median(lineWords.map((w) => w.bottom - w.top)),
      };
    })
    .sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
}

/** Words of a line set close enough to be one piece of text: a cell's, or a sentence's. */
export interface Phrase {
  words: PlacedText[];
  left: number;
  right: number;
}

/** A line's words in phrases: a gap wider than PHRASE_GAP line heights starts a new one. */
export function phrasesOf(line: TextLine): Phrase[] {
  const phrases: Phrase[] = [];
  for (const word of line.words) {
    const last = phrases.at(-1);
    if (last && word.left - last.right <= PHRASE_GAP * line.height) {
      last.words.push(word);
      last.right = Math.max(last.right, word.right);
    } else phrases.push({ words: [word], left: word.left, right: word.right });
  }
  return phrases;
}

/** A gap wider than this share of the line's height between two words stands for a space. */
const SPACE = 0.12;

/** Words of one line as text: a space where the gap is one, right to left for RTL scripts. */
export function joinWords(words: PlacedText[]): string {
  const ordered = [...words].sort((a, b) => a.left - b.left);
  const rtl = ordered.filter((word) => word.rtl).length * 2 > ordered.length;
  let text = '';
  ordered.forEach((word, i) => {
    const previous = ordered[i - 1];
    const height = Math.max(word.bottom - word.top, previous ? previous.bottom - previous.top : 0);
    const space = previous && word.left - previous.right > SPACE * height ? ' ' : '';
    text = rtl ? word.text + space + text : text + space + word.text;
  });
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Lines of one cell as its text: wrapped lines joined by a space, a word broken with a hyphen
 * at the end of a line joined again without one.
 */
export function joinLines(lines: string[]): string {
  return lines.reduce((text, line) => {
    if (!text) return line;
    if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) return text + line;
    return `${text} ${line}`;
  }, '');
}

/** The text of a cell's words: lines top to bottom, words along each line. */
export function cellText(words: PlacedText[]): string {
  return joinLines(
    linesOf(words)
      .map((line) => joinWords(line.words))
      .filter(Boolean),
  );
}
