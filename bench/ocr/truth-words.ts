// The true words of an ocr-docs page with their boxes, from its .expected.hocr (hOCR's
// ocrx_word spans: "bbox x0 y0 x1 y1" in the image's pixels).
import type { OcrBox } from '../../packages/core/src/ocr/engine.ts';

export interface TruthWord {
  text: string;
  box: OcrBox;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (entities[name] ?? whole),
  );

export function readTruthWords(hocr: string): TruthWord[] {
  const words: TruthWord[] = [];
  for (const match of hocr.matchAll(/<span[^>]*class=['"]ocrx_word['"][^>]*title=['"]bbox (\d+) (\d+) (\d+) (\d+)[^'"]*['"][^>]*>([\s\S]*?)<\/span>/g)) {
    const text = decodeEntities(match[5]!.replace(/<[^>]+>/g, '')).trim();
    if (text) words.push({ text, box: { x0: Number(match[1]), y0: Number(match[2]), x1: Number(match[3]), y1: Number(match[4]) } });
  }
  return words;
}
