/**
 * Plain text laid out as lines and pages for Text to PDF, kept apart from pdf-lib so the rules
 * (what is drawn, what the font lacks, where lines and pages break) read on their own: cleaning
 * to what a font can show, greedy wrapping at spaces with per-character widths from a cache (a
 * million characters are measured in one pass, never a growing line again and again), and
 * pagination. No DOM and no Node APIs: it runs in a browser worker and in Node alike.
 */

/** Characters typed text may hold that draw nothing and are not "missing": zero-width spaces, joiners, variation selectors, BOM, soft hyphen, bidi controls. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
const SPACE_SEPARATOR = /\p{Zs}/u;
const MARK = /\p{M}/u;
const TAB = '    ';

export interface CleanedText {
  /** Runs of lines split where the text had a form feed: each one starts on a new page. */
  sections: string[][];
  /** Characters the font has no glyph for (counted by code point), left out of the drawing. */
  missingCharacters: number;
}

/**
 * The text as lines of characters the font can draw: composed (NFC, so "e" + U+0301 uses the
 * font's "é"), line breaks of every convention made "\n", tabs as four spaces, invisible
 * format characters dropped, spaces the font lacks (ideographic space…) made plain spaces,
 * and every other character without a glyph skipped and counted, so no .notdef box is drawn.
 */
export function cleanText(text: string, hasGlyph: (codePoint: number) => boolean): CleanedText {
  let missingCharacters = 0;
  const known = new Map<string, string>();
  const sections = text
    .normalize('NFC')
    .replace(/\r\n?|[\u0085\u2028\u2029\v]/g, '\n')
    .replace(/\t/g, TAB)
    .split('\f')
    .map((section) =>
      section.split('\n').map((line) => {
        let out = '';
        for (const char of line) {
          let kept = known.get(char);
          if (kept === undefined) {
            const codePoint = char.codePointAt(0)!;
            if (hasGlyph(codePoint) && !IGNORABLE.test(char)) kept = char;
            else if (IGNORABLE.test(char)) kept = '';
            else if (SPACE_SEPARATOR.test(char)) kept = ' ';
            else kept = '\0';
            known.set(char, kept);
          }
          if (kept === '\0') missingCharacters++;
          else out += kept;
        }
        return out.trimEnd();
      }),
    );
  for (const section of sections) while (section.length > 0 && section.at(-1) === '') section.pop();
  while (sections.length > 1 && sections.at(-1)!.length === 0) sections.pop();
  return { sections, missingCharacters };
}

/** Width of a string as the sum of its characters' advance widths, each measured once. */
export function widthMeasure(widthOfCharacter: (char: string) => number): (text: string) => number {
  const cache = new Map<string, number>();
  const charWidth = (char: string) => {
    let width = cache.get(char);
    if (width === undefined) {
      width = widthOfCharacter(char);
      cache.set(char, width);
    }
    return width;
  };
  return (text) => {
    let width = 0;
    for (const char of text) width += charWidth(char);
    return width;
  };
}

/** A word wider than a line, cut by characters (a combining mark stays with its letter). */
function breakWord(word: string, maxWidth: number, width: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const char of word) {
    const charWidth = width(char);
    if (piece && pieceWidth + charWidth > maxWidth && !MARK.test(char)) {
      pieces.push(piece);
      piece = '';
      pieceWidth = 0;
    }
    piece += char;
    pieceWidth += charWidth;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * One line of the text wrapped greedily to maxWidth at spaces (a no-break space holds its
 * words together). The spaces where a line breaks are dropped; indentation at the start is
 * kept; a word longer than a line starts a new line and is cut by characters.
 */
export function wrapLine(line: string, maxWidth: number, width: (text: string) => number): string[] {
  if (!line) return [''];
  const lines: string[] = [];
  let current = '';
  let currentWidth = 0;
  let hasWord = false;
  let spaces = '';
  for (const token of line.match(/ +|[^ ]+/g) ?? []) {
    if (token.startsWith(' ')) {
      spaces = token;
      continue;
    }
    const wordWidth = width(token);
    const spacesWidth = spaces ? width(spaces) : 0;
    if (currentWidth + spacesWidth + wordWidth <= maxWidth) {
      current += spaces + token;
      currentWidth += spacesWidth + wordWidth;
    } else {
      if (hasWord) lines.push(current);
      if (wordWidth <= maxWidth) {
        current = token;
        currentWidth = wordWidth;
      } else {
        const pieces = breakWord(token, maxWidth, width);
        current = pieces.pop()!;
        lines.push(...pieces);
        currentWidth = width(current);
      }
    }
    hasWord = true;
    spaces = '';
  }
  lines.push(current);
  return lines;
}

/** Lines on pages of linesPerPage; each section begins a page; blank lines are kept as lines. */
export function paginate(sections: readonly (readonly string[])[], linesPerPage: number): string[][] {
  const pages: string[][] = [];
  for (const section of sections) {
    pages.push([]);
    for (const line of section) {
      if (pages.at(-1)!.length === linesPerPage) pages.push([]);
      pages.at(-1)!.push(line);
    }
  }
  return pages;
}
