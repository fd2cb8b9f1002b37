// Where two PDFs' text layers put the same words: OCR PDF's benches (ocr-pdf, ocr-layer) compare
// ours with OCRmyPDF's by the centres poppler gives each word.
import { execFileSync } from 'node:child_process';

/** Every word with its page and centre, from pdftotext -bbox. */
export function wordCentres(file: string): Array<{ page: number; text: string; x: number; y: number }> {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1e8 });
  const out: Array<{ page: number; text: string; x: number; y: number }> = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
    if (match) out.push({ page, text: match[5]!, x: (Number(match[1]) + Number(match[3])) / 2, y: (Number(match[2]) + Number(match[4])) / 2 });
  }
  return out;
}

/** For each of our words that the other layer has too (same text, same page), the distance to the nearest such word's centre. */
export function boxDistances(ours: string, theirs: string): number[] {
  const byText = new Map<string, Array<{ x: number; y: number }>>();
  for (const word of wordCentres(theirs)) byText.set(`${word.page}\u0000${word.text}`, [...(byText.get(`${word.page}\u0000${word.text}`) ?? []), word]);
  return wordCentres(ours).flatMap((word) => {
    const same = byText.get(`${word.page}\u0000${word.text}`);
    if (!same) return [];
    // Beyond 30 pt it is another occurrence of the word, not this one placed apart.
    const nearest = Math.min(...same.map((other) => Math.hypot(other.x - word.x, other.y - word.y)));
    return nearest <= 30 ? [nearest] : [];
  });
}
