import type { OcrLine } from './engine.ts';

/** The page's text: words joined by spaces, lines by breaks, paragraphs by a blank line. */
export function linesToText(lines: OcrLine[]): string {
  let text = '';
  lines.forEach((line, i) => {
    if (i > 0) text += line.paragraph === lines[i - 1]!.paragraph ? '\n' : '\n\n';
    text += line.words.map((word) => word.text).join(' ');
  });
  return text;
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
