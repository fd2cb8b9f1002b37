/**
 * Scripts whose letters are of bidi class R or AL (right to left). JavaScript's regular
 * expressions know scripts, not bidi classes; every letter of these scripts is R or AL, every
 * other letter (\p{L}) L, which is the whole of what the Unicode bidi algorithm's rule P2 asks:
 * the first strong character.
 */
const RTL_SCRIPTS =
  '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}\\p{Script=Samaritan}\\p{Script=Mandaic}' +
  '\\p{Script=Adlam}\\p{Script=Hanifi_Rohingya}\\p{Script=Yezidi}';

/** The marks RLM and ALM count as right-to-left letters, LRM as a left-to-right one. */
const FIRST_STRONG = new RegExp(`[${RTL_SCRIPTS}\\u200f\\u061c]|[\\p{L}\\u200e]`, 'u');
const RIGHT_TO_LEFT = new RegExp(`[${RTL_SCRIPTS}\\u200f\\u061c]`, 'u');

/**
 * Whether a paragraph runs right to left, decided as the Unicode bidi algorithm decides it and
 * as `dir="auto"` does: by its first letter with a direction (digits and punctuation have none).
 * Decided per paragraph from its own text, never from the OCR language, so a page mixing Arabic
 * and English paragraphs gets each its own way.
 */
export function isRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(FIRST_STRONG.exec(text)?.[0] ?? '');
}

/** Whether a word holds a right-to-left letter (an Arabic or Hebrew word among Latin ones). */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

/** Letters of a text by direction: right to left (the scripts above) and left to right (every other letter). */
export function letterDirections(text: string): { rtl: number; ltr: number } {
  let rtl = 0;
  let ltr = 0;
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    if (RIGHT_TO_LEFT.test(letter)) rtl++;
    else ltr++;
  }
  return { rtl, ltr };
}
