import type { OcrLine } from './engine.ts';

/**
 * Tesseract's TSV output (the same from the native program and tesseract.js): one row per
 * page, block, paragraph, line and word, with boxes and word confidences. Words are grouped
 * into their lines here; empty words (spaces Tesseract found) are dropped.
 */
export function parseTesseractTsv(tsv: string): OcrLine[] {
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
  return lines.filter((line) => line.words.length > 0);
}
