/*
 * Logical order for right-to-left text of a PDF's text layer. A PDF draws glyphs left to right
 * as they appear (visual order), each glyph carrying its characters (ToUnicode) in logical order:
 * one letter mostly, two for the lam-alef ligature "لا", a whole word in some producers' files
 * (WeasyPrint 54's habibi.pdf). pdf.js reverses each right-to-left text item as if every glyph
 * were one character, which turns those multi-character glyphs around too ("ال" for "لا").
 */
import { letterDirections } from '../text-direction.ts';

/** A piece's direction for reordering: right to left, left to right (digits included: they are laid out so), or neutral. */
export type BidiClass = 'R' | 'L' | 'N';

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const FIRST_STRONG = /[\p{L}\p{Nd}]/u;

/** A text's class by its first letter or digit. */
export function bidiClassOf(text: string): BidiClass {
  const strong = FIRST_STRONG.exec(text)?.[0];
  if (!strong) return 'N';
  return RTL_LETTER.test(strong) ? 'R' : 'L';
}

/**
 * Pieces drawn left to right (visual order), each whole in itself, put in reading order: the
 * Unicode bidi algorithm's reordering at the level of pieces (rule L2 with two levels). A
 * neutral piece between two of one direction takes it, any other the base direction's; runs
 * of right-to-left pieces are reversed, and in a right-to-left line the runs' order too.
 */
export function visualToLogical<T>(pieces: readonly T[], classOf: (piece: T) => BidiClass, baseRtl: boolean): T[] {
  const classes = pieces.map(classOf);
  const base: BidiClass = baseRtl ? 'R' : 'L';
  for (let i = 0; i < classes.length; i++) {
    if (classes[i] !== 'N') continue;
    let end = i;
    while (end < classes.length && classes[end] === 'N') end++;
    const before = i > 0 ? classes[i - 1] : base;
    const after = end < classes.length ? classes[end] : base;
    const resolved = before === after ? before! : base;
    for (let k = i; k < end; k++) classes[k] = resolved;
    i = end - 1;
  }
  const runs: Array<{ rtl: boolean; pieces: T[] }> = [];
  pieces.forEach((piece, i) => {
    const rtl = classes[i] === 'R';
    const last = runs.at(-1);
    if (last && last.rtl === rtl) last.pieces.push(piece);
    else runs.push({ rtl, pieces: [piece] });
  });
  for (const run of runs) if (run.rtl) run.pieces.reverse();
  if (baseRtl) runs.reverse();
  return runs.flatMap((run) => run.pieces);
}

/** Whether a line of text reads right to left: most of its letters do. */
export function readsRightToLeft(text: string): boolean {
  const { rtl, ltr } = letterDirections(text);
  return rtl > ltr;
}

/** A text item as pdf.js gives it: its characters after pdf.js's reordering, and the direction it found. */
export interface BidiItem {
  str: string;
  dir: string;
}

const isSpace = (character: string) => /\s/u.test(character);
const nonSpace = (text: string) => [...text].filter((character) => !isSpace(character));
/** How far past the last matched glyph an item's glyphs are looked for. */
const SEARCH_GLYPHS = 4000;

/** The glyphs [start, end) whose characters are, but for spaces, exactly the item's; searched from `from`. */
function glyphsOf(item: string, glyphs: readonly string[], from: number): [number, number] | undefined {
  const wanted = new Map<string, number>();
  let total = 0;
  for (const character of nonSpace(item)) {
    wanted.set(character, (wanted.get(character) ?? 0) + 1);
    total++;
  }
  if (total === 0) return undefined;
  for (let start = from; start < Math.min(glyphs.length, from + SEARCH_GLYPHS); start++) {
    const first = nonSpace(glyphs[start]!);
    if (first.length === 0 || !wanted.has(first[0]!)) continue;
    const left = new Map(wanted);
    let remaining = total;
    let end = start;
    while (remaining > 0 && end < glyphs.length) {
      let fits = true;
      for (const character of nonSpace(glyphs[end]!)) {
        const count = left.get(character) ?? 0;
        if (count === 0) {
          fits = false;
          break;
        }
        left.set(character, count - 1);
        remaining--;
      }
      if (!fits) break;
      end++;
    }
    if (remaining === 0) return [start, end];
  }
  return undefined;
}

/**
 * A right-to-left item without left-to-right letters or digits, which pdf.js reversed whole:
 * reversed back, it is the glyphs' characters in drawing order plus the spaces pdf.js put for
 * gaps. Each glyph is kept whole and the pieces reversed. Undefined where they do not line up.
 */
function rebuildReversed(str: string, glyphs: readonly string[]): string | undefined {
  const drawn = [...str].reverse();
  const pieces: string[] = [];
  let at = 0;
  for (const glyph of glyphs) {
    const characters = [...glyph];
    if (characters.length === 0) continue;
    while (at < drawn.length && isSpace(drawn[at]!) && drawn[at] !== characters[0]) pieces.push(drawn[at++]!);
    if (drawn.slice(at, at + characters.length).join('') !== glyph) return undefined;
    pieces.push(glyph);
    at += characters.length;
  }
  while (at < drawn.length && isSpace(drawn[at]!)) pieces.push(drawn[at++]!);
  return at === drawn.length ? pieces.reverse().join('') : undefined;
}

/**
 * Each right-to-left item drawn with a glyph of several characters, rebuilt in logical order
 * with every glyph's characters kept as the file gives them; undefined for an item pdf.js
 * got right (one character a glyph) or whose glyphs cannot be found. `glyphs`: every glyph's
 * characters in drawing order (pdf.js's operator list), as the items were made from them.
 */
export function keepGlyphsWhole(items: readonly BidiItem[], glyphs: readonly string[]): Array<{ str: string; rtl: boolean } | undefined> {
  let cursor = 0;
  return items.map((item) => {
    if (item.dir !== 'rtl') return undefined;
    const found = glyphsOf(item.str, glyphs, cursor);
    if (!found) return undefined;
    cursor = found[1];
    const own = glyphs.slice(found[0], found[1]);
    if (own.every((glyph) => [...glyph.trim()].length <= 1)) return undefined;
    if (!/[\p{L}\p{Nd}]/u.test(item.str.replace(new RegExp(RTL_LETTER.source, 'gu'), ''))) {
      const str = rebuildReversed(item.str, own);
      return str === undefined ? undefined : { str, rtl: true };
    }
    // Left-to-right letters too: pdf.js's reordering is undone only where it added no space of its own.
    if ([...item.str].sort().join('') !== [...own.join('')].sort().join('')) return undefined;
    const rtl = readsRightToLeft(item.str);
    return { str: visualToLogical(own, bidiClassOf, rtl).join(''), rtl };
  });
}
