import type { Ruling } from '../pdf/pdf-engine.ts';
import type { OcrLine } from '../ocr/engine.ts';
import type { PositionedText } from '../pdf/text-layout.ts';
import { alignedTables } from './aligned-tables.ts';
import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import { imageRulings } from './image-rulings.ts';
import { median } from '../ocr/preprocess/components.ts';
import type { PlacedText } from './placed-text.ts';
import { ruledTables } from './ruled-tables.ts';
import type { LooseLine, PageTables, Table } from './table.ts';

const MAX_RULINGS = 50_000;

/**
 * A page's tables, and its other lines as text: tables drawn with rules first, then tables
 * whose text lines up in columns among the words left.
 */
export function findTables(words: PlacedText[], rulings: Ruling[] = []): PageTables {
  // A page of more strokes than this is a drawing (a map, a chart's hatching): its text is
  // laid out without them.
  if (rulings.length > MAX_RULINGS) rulings = [];
  const vertical = rulings.filter((rule) => rule.direction === 'vertical');
  const ruled = ruledTables(
    words.filter((word) => !isRuleReadAsText(word, vertical)),
    rulings,
  );
  const aligned = alignedTables(ruled.rest, rulings);
  const tables: Table[] = [...ruled.tables, ...aligned.tables].sort((a, b) => a.top - b.top || a.left - b.left);
  const lines: LooseLine[] = aligned.lines;
  return { tables, lines };
}

/** How far (in points of the scaled picture) a rule may pass beside the mark OCR read from it. */
const RULE_SLACK = 0.5;

/**
 * OCR reads a table's vertical rule as a bar or a letter like it ("|", "l", "I", "]"): such a
 * mark standing on a vertical rule is the rule, not text.
 */
function isRuleReadAsText(word: PlacedText, vertical: Ruling[]): boolean {
  if (word.confidence === undefined || !/^[|¦![\]Il1]{1,2}$/.test(word.text)) return false;
  // The rule runs through the mark itself: a real "1" set close beside a rule is kept.
  return vertical.some((rule) => rule.at >= word.left - RULE_SLACK && rule.at <= word.right + RULE_SLACK && rule.from <= word.bottom && rule.to >= word.top);
}

/** Share of the font size above the baseline that letters reach, and below it. */
const ASCENT = 0.8;
const DESCENT = 0.2;

/** A PDF page's text runs (y up, from the baseline) as placed text (y down, boxes). */
export function placedRuns(runs: PositionedText[], pageHeight: number): PlacedText[] {
  return runs
    .filter((run) => run.str.trim() !== '' && run.size > 0 && run.width > 0)
    .map((run) => ({
      text: run.str.trim(),
      left: run.x,
      right: run.x + run.width,
      top: pageHeight - run.y - ASCENT * run.size,
      bottom: pageHeight - run.y + DESCENT * run.size,
      ...(run.rtl ? { rtl: true } : {}),
    }));
}

/**
 * A picture's words are scaled to this letter height, about a PDF's 10-point text in points,
 * so that the table builder's distances in points hold for pictures of any resolution.
 */
const POINT_LETTER_HEIGHT = 10;

const MAX_SCALE = POINT_LETTER_HEIGHT / 3;

/** A word's box is at most this many letter heights tall (the median word, about a capital's height, against one with a descender too). */
const TALLEST_WORD = 1.2;

const letterHeightOf = (lines: OcrLine[]) => median(lines.flatMap((line) => line.words.map((word) => word.box.y1 - word.box.y0)));

/** The rules of a picture OCR read, in its pixels. */
export function pictureRulings(page: { lines: OcrLine[]; image: GreyImage }): Ruling[] {
  return imageRulings(page.image, letterHeightOf(page.lines));
}

/** The tables of a picture from OCR's words (with their confidences) and the picture's rules, both in its pixels. */
export function findPictureTables(lines: OcrLine[], rulings: Ruling[]): PageTables {
  const height = letterHeightOf(lines);
  // Letters under 3 pixels tall are no text OCR reads; the scale is held there so that a dark
  // picture's rules cannot multiply into a grid of millions of cells.
  const scale = height > 0 ? Math.min(POINT_LETTER_HEIGHT / height, MAX_SCALE) : 1;
  // A word read again by the second recogniser has its line's box, often much taller than its
  // letters: its height is held to the page's, so that the gaps of its line are judged as others.
  const tallest = TALLEST_WORD * POINT_LETTER_HEIGHT;
  const words = lines.flatMap((line) =>
    line.words.map((word) => {
      const middle = ((word.box.y0 + word.box.y1) / 2) * scale;
      const half = Math.min((word.box.y1 - word.box.y0) * scale, tallest) / 2;
      return { text: word.text, left: word.box.x0 * scale, right: word.box.x1 * scale, top: middle - half, bottom: middle + half, confidence: word.confidence };
    }),
  );
  return findTables(
    words,
    rulings.map((rule) => ({ ...rule, at: rule.at * scale, from: rule.from * scale, to: rule.to * scale })),
  );
}
