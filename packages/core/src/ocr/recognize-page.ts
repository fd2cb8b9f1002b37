import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { normalizeOcrText } from './engine.ts';
import { linesToText, meanConfidence } from './ocr-text.ts';
import { encodePgm, type GreyImage } from './preprocess/grey-image.ts';
import { preparePage } from './preprocess/prepare-page.ts';
import type { DashRule } from './preprocess/rules.ts';

export interface PageText {
  text: string;
  /** Lines in reading order with word boxes (in the prepared page's pixels) and confidences. */
  lines: OcrLine[];
  /** Mean word confidence, 0 to 100. */
  confidence?: number;
}

/**
 * OCR of one page, the way every OCR tool does it: the page prepared (preprocess/), read by
 * the engine with the segmentation chosen for it, separator rules put back.
 */
export async function recognizePage(engine: OcrEngine, grey: GreyImage, options: Omit<OcrOptions, 'segmentation'>): Promise<PageText> {
  const page = preparePage(grey);
  const { lines } = await engine.recognize(encodePgm(page.image), { ...options, segmentation: page.segmentation });
  const withRules = insertRules(lines, page.rules);
  return { text: normalizeOcrText(linesToText(withRules)), lines: withRules, confidence: meanConfidence(lines) };
}

/** Each rule goes before the first line below it that shares its width, else at the end. */
function insertRules(lines: OcrLine[], rules: DashRule[]): OcrLine[] {
  const out = [...lines];
  rules.forEach((rule, i) => {
    const middle = (rule.y0 + rule.y1) / 2;
    const box = { x0: Math.round(rule.x0), y0: Math.round(rule.y0), x1: Math.round(rule.x1), y1: Math.round(rule.y1) };
    const line: OcrLine = { words: [{ text: '-'.repeat(rule.dashes), confidence: 100, box }], box, paragraph: `rule.${i}` };
    const at = out.findIndex((other) => other.box.y0 > middle && other.box.x0 < rule.x1 && other.box.x1 > rule.x0);
    out.splice(at < 0 ? out.length : at, 0, line);
  });
  return out;
}
