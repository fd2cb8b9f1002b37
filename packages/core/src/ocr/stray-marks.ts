import type { OcrLine, OcrWord } from './engine.ts';
import { boundsOf } from './preprocess/grey-image.ts';

/** What Tesseract reads an upright rule or a sheet's edge as. */
const BAR = /^[|¦]+$/u;
const isBar = (word: OcrWord) => BAR.test(word.text);
/**
 * One bar alone: between words, it separates a table's columns, or is a capital I as tall as
 * its letters (misread-strokes.ts withLoneI); two may be a misread "Il".
 */
export const isOneBar = (word: OcrWord) => isBar(word) && word.text.length === 1;
/**
 * A bar this many letter heights or more from the nearest word of its line stands apart from
 * the text: a word space is under half a letter height.
 */
const APART = 1.5;
/**
 * A "word" this many letter heights tall read below UNSURE is the edge of a picture, a shadow
 * or the desk. Measured on the real photos and receipts: such marks read at confidence 0-21
 * ("re." over the wedge of table top beside a photographed page, 5 letter heights), real words at 31 and above.
 */
const TALL = 3;
const UNSURE = 30;
/**
 * A "word" this many letter heights tall read below HUGE_UNSURE is a figure's shapes: a
 * theatre's plan of rings read as "lay" (41) and "0" (34), its box 20 letter heights tall.
 */
const HUGE = 8;
const HUGE_UNSURE = 60;

/**
 * Marks that are no text, dropped from a reading: a photo's page edge, the desk beside a sheet
 * or a box's side, standing at either end of a line well away from its words, read as "|"
 * ("…aller, etc. |" where a photographed page leaves the frame), and lines of such bars alone; a
 * tall blot read as a word at a guess, and a figure's shapes read as one. A bar close to its
 * words is kept, and so are the end bars of a line with bars between its words too (a table in
 * a terminal or Markdown, padded: "| 1 | Al        |"), and any word read with some confidence.
 */
export function withoutStrayMarks(lines: OcrLine[], letterHeight: number): OcrLine[] {
  // A page with no letters found gives no measure to judge by.
  if (!(letterHeight > 0)) return lines;
  const apart = letterHeight * APART;
  const stray = (word: OcrWord) => {
    const height = word.box.y1 - word.box.y0;
    return (word.confidence < UNSURE && height >= letterHeight * TALL) || (word.confidence < HUGE_UNSURE && height >= letterHeight * HUGE);
  };
  return lines.flatMap((line) => {
    const words = line.words.filter((word) => !stray(word));
    const table = words.slice(1, -1).some(isOneBar);
    while (!table && words.length > 1 && isBar(words[0]!) && words[1]!.box.x0 - words[0]!.box.x1 >= apart) words.shift();
    while (!table && words.length > 1 && isBar(words.at(-1)!) && words.at(-1)!.box.x0 - words.at(-2)!.box.x1 >= apart) words.pop();
    if (words.every(isBar)) return [];
    return words.length === line.words.length ? [line] : [{ ...line, words, box: boundsOf(words.map((word) => word.box)) }];
  });
}
