import { GLYPH_WIDTH, type GlyphlessCodes } from './glyphless-font.ts';

/** A point in a page's user space (points, y up). */
export interface Point {
  x: number;
  y: number;
}

/**
 * A word of the invisible layer, placed on the page: where its baseline starts and ends (left
 * to right as it reads), and its line's size (the height of its band, ascender to descender).
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
 * readers start a new line where the next word's baseline does. A line's first word is placed
 * by a text matrix (its direction), the others by a move along it (Td): a dense scanned page's
 * layer is then about 9 bytes a word once deflated, a tenth of a JBIG2 page's picture.
 */
export function textLayerOperators(lines: PlacedWord[][], fontName: string, codes: GlyphlessCodes): string {
  const out: string[] = ['BT', '3 Tr'];
  let size = -1;
  for (const line of lines) {
    const words = line.filter(
      (word) => word.text.replace(/\s+/g, '') && Math.hypot(word.end.x - word.start.x, word.end.y - word.start.y) > 0 && word.height > 0,
    );
    let previous: Point | undefined;
    let ux = 1;
    let uy = 0;
    words.forEach((word, index) => {
      const text = word.text.replace(/\s+/g, '');
      const dx = word.end.x - word.start.x;
      const dy = word.end.y - word.start.y;
      const width = Math.hypot(dx, dy);
      // A tenth of a point is a third of a 300-dpi pixel.
      if (Math.abs(word.height - size) >= 0.05) {
        size = word.height;
        out.push(`/${fontName} ${number(size, 1)} Tf`);
      }
      const glyphs = [...text].length;
      out.push(`${Math.round((100 * width) / ((glyphs * GLYPH_WIDTH * size) / 1000))} Tz`);
      if (!previous) {
        ux = dx / width;
        uy = dy / width;
        out.push(`${number(ux, 4)} ${number(uy, 4)} ${number(-uy, 4)} ${number(ux, 4)} ${number(word.start.x, 1)} ${number(word.start.y, 1)} Tm`);
      } else {
        // The move from the last word's start, in the line's own axes (along it, and up from it).
        const mx = word.start.x - previous.x;
        const my = word.start.y - previous.y;
        out.push(`${number(mx * ux + my * uy, 1)} ${number(my * ux - mx * uy, 1)} Td`);
      }
      previous = word.start;
      out.push(`<${codes.encode(text)}${index === words.length - 1 ? '' : codes.encode(' ')}>Tj`);
    });
  }
  out.push('ET');
  return out.join('\n');
}
