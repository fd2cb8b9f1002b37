import { hasRightToLeft } from '../text-direction.ts';
import type { OcrLine } from './engine.ts';

/**
 * Tesseract's TSV output (the same from the native program and tesseract.js): one row per
 * page, block, paragraph, line and word, with boxes and word confidences. Words are grouped
 * into their lines here; empty words (spaces Tesseract found) are dropped.
 */
export function parseTesseractTsv(output: string): OcrLine[] {
  const { tsv, text: pageText } = splitTsvAndText(output);
  const lines: OcrLine[] = [];
  const byKey = new Map<string, OcrLine>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || !/^\d+$/.test(cells[0]!)) continue;
    const [level, , block, paragraph, line, , left, top, width, height, confidence] = cells.map(Number) as number[];
    const text = cells.slice(11).join('\t').trim();
    const key = `${block}.${paragraph}.${line}`;
    const box = { x0: left!, y0: top!, x1: left! + width!, y1: top! + height! };
    if (level === 4) {
      const entry: OcrLine = { words: [], box, paragraph: `${block}.${paragraph}` };
      byKey.set(key, entry);
      lines.push(entry);
    } else if (level === 5 && text) {
      byKey.get(key)?.words.push({ text, confidence: Math.max(0, confidence!), box });
    }
  }
  const found = lines.filter((line) => line.words.length > 0);
  if (pageText !== undefined) markSpaces(found, pageText);
  return found;
}

/**
 * Tesseract's output with its text asked for too (`tessedit_create_txt`, as the CLI writes both to
 * stdout): the TSV's rows, then the page's text. A row starts with its level and a tab; no line
 * of text holds a tab.
 */
function splitTsvAndText(output: string): { tsv: string; text?: string } {
  const rows = output.split('\n');
  let end = 0;
  while (end < rows.length && (/^\d+\t/.test(rows[end]!) || rows[end]!.startsWith('level\t'))) end++;
  const text = rows.slice(end).join('\n');
  return text.trim() ? { tsv: rows.slice(0, end).join('\n'), text } : { tsv: output };
}

/**
 * Asked of every reading: the text Tesseract writes after its TSV keeps the blanks it found
 * between words. By default only the Korean and Thai models ask for that; the others put one
 * space between every two of the TSV's words, which in Japanese and Chinese is between most
 * characters ("その よう な デバ イス"). Only the text changes, not the reading.
 */
export const KEEP_BLANKS = { preserve_interword_spaces: '1' } as const;

/** Marks that Tesseract's text may set around a word of the other direction, and nothing else. */
const IGNORABLE = /^[\s\u200e\u200f]*$/u;

/**
 * Each word's `spaced`, from the page's text as Tesseract wrote it (KEEP_BLANKS): its words are
 * the TSV's, in the same order, a space between two where the page has a blank. Where the text
 * and the words part ways, the rest is left unmarked; so are lines right to left, whose blanks
 * Tesseract counts on the other side of each word (Hebrew's last two words came out as one).
 */
function markSpaces(lines: OcrLine[], text: string) {
  let at = 0;
  for (const line of lines) {
    const mark = !line.words.some((word) => hasRightToLeft(word.text));
    for (const [index, word] of line.words.entries()) {
      const found = text.indexOf(word.text, at);
      if (found < 0 || !IGNORABLE.test(text.slice(at, found))) return;
      // A line's first word has no word before it to be joined to: where the page's lines are
      // put together again (a row across two columns), it stays apart.
      if (mark && index > 0) word.spaced = /\s/u.test(text.slice(at, found));
      at = found + word.text.length;
    }
  }
}
