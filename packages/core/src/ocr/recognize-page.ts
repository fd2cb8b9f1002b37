import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { normalizeOcrText } from './engine.ts';
import { linesToText, meanConfidence } from './ocr-text.ts';
import { encodePgm, type GreyImage } from './preprocess/grey-image.ts';
import type { QuarterTurns } from './preprocess/orientation.ts';
import { preparePage, type PreparedPage } from './preprocess/prepare-page.ts';
import type { DashRule } from './preprocess/rules.ts';

/**
 * Below this mean word confidence a page is read again turned over. Measured: pages read
 * the right way up score 89-96, the same pages upside down 25-42.
 */
const SECOND_LOOK = 60;
/** The turned reading must beat the first by this much to replace it. */
const CLEARLY_BETTER = 10;

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
  const first = await readPrepared(engine, page, options);
  if ((first.confidence ?? 0) >= SECOND_LOOK) return first;
  // Upside down, or turned the other way than guessed: the letters cannot tell, reading can.
  const turned = preparePage(grey, { turns: ((page.turns + 2) % 4) as QuarterTurns });
  const second = await readPrepared(engine, turned, options);
  return (second.confidence ?? 0) > (first.confidence ?? 0) + CLEARLY_BETTER ? second : first;
}

async function readPrepared(engine: OcrEngine, page: PreparedPage, options: Omit<OcrOptions, 'segmentation'>): Promise<PageText> {
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
