/**
 * In faces where capital I and small l are one upright stroke (Arial, Calibri) or look like
 * the digit one (Courier), Tesseract reads them as bars and ones: "||" for "Il", "I1s" for
 * "Ils", "I!" for "Il", "I11/Elle/On". Such a word is read again with letters only (engine.ts NOT_LETTERS),
 * and the new reading is kept when it changes nothing but those strokes.
 */

/** Marks that can stand for an upright stroke of I or l. */
const STROKES = /[|¦1!Il]/gu;

/** Whether a word holds a letter read as a bar or a one. */
export function hasMisreadStroke(word: string): boolean {
  const letters = /\p{L}/u.test(word);
  return word.split(/[^\p{L}\p{N}|¦!]+/u).some((part) => {
    // A bar is never a letter of a word: among letters, or doubled on its own ("||").
    if (/[|¦]/u.test(part)) return letters || part.length >= 2;
    // A one or a "!" among I and l at the start of a word, with small letters only after
    // ("I1s", "I11", "I!"); "1st", "11" and "B1" are what they say.
    const strokes = /^([Il1!]+)\p{Ll}*$/u.exec(part)?.[1];
    return strokes !== undefined && /[1!]/u.test(strokes) && /[Il]/u.test(strokes);
  });
}

/** The reading as letters only is kept when it has no bar and differs only in its strokes. */
export function strokesOnlyChanged(original: string, reread: string): boolean {
  if (reread === original || /[|¦]/u.test(reread) || !/\p{L}/u.test(reread)) return false;
  return reread.replace(STROKES, '') === original.replace(STROKES, '');
}
