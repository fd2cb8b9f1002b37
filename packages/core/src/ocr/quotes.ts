import type { OcrLine } from './engine.ts';

/**
 * Double quotation marks as printed: Tesseract's languages read a serif “ or ” as two single
 * marks ("‘‘defector’’", "System,’’"), so a pair of single marks at a word's start or end
 * becomes the double mark. Marks between letters ("don’t", "rock ’n’ roll") are left alone.
 *
 * Whether a single mark was printed curly (’) or straight (') is left as Tesseract read it:
 * at scan resolution the two lean alike (measured on a deposition in Arial, where every ’
 * came out ' and its lean across its height was -0.06 to 0.04), so no shape test tells them.
 */
export function withPairedQuotes(lines: OcrLine[]): OcrLine[] {
  return lines.map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, text: pairedQuotes(word.text) })) }));
}

/** A word's two single marks before its first letter or after its last, as one double mark. */
export function pairedQuotes(text: string): string {
  return text
    .replace(/^[‘’'`]{2}(?=[\p{L}\p{N}])/u, (marks) => (marks[0] === "'" ? '"' : '“'))
    .replace(/(?<=[\p{L}\p{N}.,;:!?])[‘’']{2}$/u, (marks) => (marks[0] === "'" ? '"' : '”'));
}
