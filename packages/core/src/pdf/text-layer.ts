import { GLYPH_WIDTH, type GlyphlessCodes } from './glyphless-font.ts';

/** A point in a page's user space (points, y up). */
export interface Point {
  x: number;
  y: number;
}

/**
 * A word of the invisible layer, placed on the page: where its baseline starts and ends
 * (its box's bottom edge, left to right as it reads) and the height of its line above that.
 */
export interface PlacedWord {
  text: string;
  start: Point;
  end: Point;
  height: number;
}

/**
 * Two decimals are a hundredth of a point: far finer than a scan's pixels, and short to write;
 * a direction's sine takes four (a page turned 0.7° has 0.0122).
 */
const number = (value: number, digits = 2) => {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/**
 * The content stream operators of an invisible text layer (text render mode 3: neither filled
 * nor stroked) for lines of words, in reading order. Each word is set at its box's start along
 * its baseline, in a font as large as its line is high, and stretched (horizontal scaling, Tz)
 * so its text spans the box exactly: selecting it highlights the word on the scan. A space
 * follows every word but a line's last, so text copied from a line keeps its words apart;
 * readers start a new line where the next word's baseline does.
 */
export function textLayerOperators(lines: PlacedWord[][], fontName: string, codes: GlyphlessCodes): string {
  const out: string[] = ['BT', '3 Tr'];
  let size = -1;
  for (const line of lines) {
    line.forEach((word, index) => {
      const text = word.text.replace(/\s+/g, '');
      const dx = word.end.x - word.start.x;
      const dy = word.end.y - word.start.y;
      const width = Math.hypot(dx, dy);
      if (!text || width <= 0 || word.height <= 0) return;
      if (Math.abs(word.height - size) >= 0.01) {
        size = word.height;
        out.push(`/${fontName} ${number(size)} Tf`);
      }
      const glyphs = [...text].length;
      const scale = (100 * width) / ((glyphs * GLYPH_WIDTH * size) / 1000);
      const ux = dx / width;
      const uy = dy / width;
      const last = index === line.length - 1;
      out.push(
        `${number(scale)} Tz`,
        `${number(ux, 4)} ${number(uy, 4)} ${number(-uy, 4)} ${number(ux, 4)} ${number(word.start.x)} ${number(word.start.y)} Tm`,
        `<${codes.encode(text)}${last ? '' : codes.encode(' ')}>Tj`,
      );
    });
  }
  out.push('ET');
  return out.join('\n');
}
