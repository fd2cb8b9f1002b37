import { PDFString, type PDFContext, type PDFRef } from '@cantoo/pdf-lib';
import { zlibSync } from 'fflate';

// A font for an invisible text layer (OCR PDF): every character is one empty glyph of the same
// width, so the font is a few hundred bytes whatever the script, and text drawn with it is only
// there to be found, selected and copied. A Type0 font with Identity-H encoding: each character
// is written as its UTF-16 code unit (the CID), every CID is drawn with glyph 1, and a ToUnicode
// map gives each CID back as its character, so copied text keeps its accents and letters.
// (The idea is the one of Tesseract's and OCRmyPDF's "glyphless" font; this is our own code.)

/** Units per em of the font, and the one advance width every glyph has (half an em). */
const UNITS_PER_EM = 1000;
export const GLYPH_WIDTH = 500;

/** A TrueType table's checksum: the sum of its big-endian 32-bit words, zero-padded. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    sum = (sum + (((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0))) >>> 0;
  }
  return sum;
}

/** Big-endian fields of a table, each [bits, value]. */
function table(fields: Array<[16 | 32, number]>): Uint8Array {
  const bytes = new Uint8Array(fields.reduce((n, [bits]) => n + bits / 8, 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const [bits, value] of fields) {
    if (bits === 16) view.setUint16(at, value & 0xffff);
    else view.setUint32(at, value >>> 0);
    at += bits / 8;
  }
  return bytes;
}

/**
 * A TrueType font of two glyphs (.notdef and the one every CID maps to), both empty and
 * GLYPH_WIDTH wide: the tables a PDF's embedded TrueType needs (head, hhea, maxp, hmtx, loca,
 * glyf), a cmap and post for readers that want them.
 */
export function glyphlessTrueType(): Uint8Array {
  const glyphs = 2;
  const tables: Record<string, Uint8Array> = {
    cmap: table([
      [16, 0],
      [16, 1], // version, one encoding
      [16, 3],
      [16, 1],
      [32, 12], // Windows Unicode BMP, at offset 12
      // Format 4 with the one segment every cmap must end with: no character maps to a glyph.
      [16, 4],
      [16, 24],
      [16, 0],
      [16, 2],
      [16, 2],
      [16, 0],
      [16, 0],
      [16, 0xffff],
      [16, 0],
      [16, 0xffff],
      [16, 1],
      [16, 0],
    ]),
    glyf: new Uint8Array(4),
    head: table([
      [32, 0x00010000],
      [32, 0x00010000],
      [32, 0],
      [32, 0x5f0f3cf5],
      [16, 0x000b],
      [16, UNITS_PER_EM],
      [32, 0],
      [32, 0],
      [32, 0],
      [32, 0], // created, modified
      [16, 0],
      [16, 0],
      [16, GLYPH_WIDTH],
      [16, UNITS_PER_EM], // bounding box
      [16, 0],
      [16, 3],
      [16, 2],
      [16, 0],
      [16, 0], // style, smallest size, direction, short loca, glyph format
    ]),
    hhea: table([
      [32, 0x00010000],
      [16, UNITS_PER_EM],
      [16, 0],
      [16, 0],
      [16, GLYPH_WIDTH],
      [16, 0],
      [16, 0],
      [16, GLYPH_WIDTH],
      [16, 1],
      [16, 0],
      [16, 0],
      [16, 0],
      [16, 0],
      [16, 0],
      [16, 0],
      [16, 0],
      [16, glyphs],
    ]),
    hmtx: table(
      Array.from(
        { length: glyphs },
        () =>
          [
            [16, GLYPH_WIDTH],
            [16, 0],
          ] as Array<[16, number]>,
      ).flat(),
    ),
    // Short offsets (half the byte offset): every glyph starts and ends at 0, so holds no outline.
    loca: table(Array.from({ length: glyphs + 1 }, () => [16, 0] as [16, number])),
    maxp: table([[32, 0x00010000], [16, glyphs], ...Array.from({ length: 13 }, (_, i) => [16, i === 4 ? 2 : 0] as [16, number])]),
    post: table([
      [32, 0x00030000],
      [32, 0],
      [16, -100],
      [16, 50],
      [32, 1],
      [32, 0],
      [32, 0],
      [32, 0],
      [32, 0],
    ]),
  };
  const tags = Object.keys(tables).sort();
  const header = 12 + 16 * tags.length;
  const padded = (length: number) => (length + 3) & ~3;
  const size = tags.reduce((n, tag) => n + padded(tables[tag]!.length), header);
  const font = new Uint8Array(size);
  const view = new DataView(font.buffer);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, tags.length * 16 - power * 16);
  let offset = header;
  let headAt = 0;
  tags.forEach((tag, i) => {
    const bytes = tables[tag]!;
    for (let c = 0; c < 4; c++) font[12 + 16 * i + c] = tag.charCodeAt(c);
    view.setUint32(16 + 16 * i, checksum(bytes));
    view.setUint32(20 + 16 * i, offset);
    view.setUint32(24 + 16 * i, bytes.length);
    font.set(bytes, offset);
    if (tag === 'head') headAt = offset;
    offset += padded(bytes.length);
  });
  // head's checkSumAdjustment makes the whole file sum to the magic number.
  view.setUint32(headAt + 8, (0xb1b0afba - checksum(font)) >>> 0);
  return font;
}

/**
 * Code units a character is written as: its UTF-16 unit where it is one (the BMP); a
 * character outside the BMP gets a code of its own among the surrogates' (which no BMP
 * character uses), given back as the character by the ToUnicode map.
 */
export class GlyphlessCodes {
  private readonly astral = new Map<string, number>();
  /** The high bytes of the BMP codes written, whose rows the ToUnicode map needs. */
  private readonly rows = new Set<number>();
  /** Where codes for characters outside the BMP begin: the surrogates' range, D800-DFFF. */
  private static readonly FIRST_ASTRAL = 0xd800;
  private static readonly LAST_ASTRAL = 0xdfff;

  /** The text's codes, each as four hex digits; characters past the 2048 astral codes become U+FFFD. */
  encode(text: string): string {
    let hex = '';
    for (const char of text) {
      let code = char.codePointAt(0)!;
      if (code > 0xffff) {
        let given = this.astral.get(char);
        if (given === undefined && GlyphlessCodes.FIRST_ASTRAL + this.astral.size <= GlyphlessCodes.LAST_ASTRAL) {
          given = GlyphlessCodes.FIRST_ASTRAL + this.astral.size;
          this.astral.set(char, given);
        }
        code = given ?? 0xfffd;
      }
      if (code < 0xd800 || code > 0xdfff) this.rows.add(code >> 8);
      hex += code.toString(16).padStart(4, '0');
    }
    return hex;
  }

  /**
   * The ToUnicode CMap: the BMP codes written to themselves, by rows of 256 as bfrange asks
   * (only the rows used: a Latin page needs two), the astral codes to their characters.
   */
  toUnicode(): string {
    const hex = (n: number) => n.toString(16).padStart(4, '0');
    const ranges: string[] = [];
    for (const row of [...this.rows].sort((a, b) => a - b)) {
      ranges.push(`<${hex(row << 8)}> <${hex((row << 8) | 0xff)}> <${hex(row << 8)}>`);
    }
    const chars = [...this.astral].map(([char, code]) => `<${hex(code)}> <${[...utf16(char)].map(hex).join('')}>`);
    // At most 100 entries in one block (the CMap format's limit).
    const blocks = (lines: string[], kind: 'bfrange' | 'bfchar') => {
      const out: string[] = [];
      for (let i = 0; i < lines.length; i += 100) {
        const part = lines.slice(i, i + 100);
        out.push(`${part.length} begin${kind}`, ...part, `end${kind}`);
      }
      return out;
    };
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <ffff>',
      'endcodespacerange',
      ...blocks(ranges, 'bfrange'),
      ...blocks(chars, 'bfchar'),
      'endcmap',
      'CMapName currentdict /CMapResource defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}

function* utf16(char: string): Generator<number> {
  for (let i = 0; i < char.length; i++) yield char.charCodeAt(i);
}

/**
 * Adds the font's objects to a document: the Type0 font to name in pages' resources. Its
 * ToUnicode map is written by `finish`, once every page's text is known (characters outside
 * the BMP get their codes as pages use them).
 */
export function addGlyphlessFont(context: PDFContext): { font: PDFRef; codes: GlyphlessCodes; finish(): void } {
  const trueType = glyphlessTrueType();
  const fontFile = context.register(context.flateStream(trueType, { Length1: trueType.length }));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'GlyphLessFont',
      // Symbolic. The text layer's size is its line's band, ascender line to descender line, about
      // three quarters of it above the baseline; ascent and descent reach a quarter of the size
      // beyond the band either way, so a line's box is 1.5 sizes high: the spacing within which
      // poppler (and xpdf before it) takes lines for one block. Boxes only as tall as the band
      // leave white between a heading and the paragraphs before and after it, and poppler's table
      // finder takes blocks of two columns that white parts at the same heights for a table's
      // cells, read row by row across the columns (the corpus's brochure: 14.9% CER against
      // OCRmyPDF's 2.2%, 2.1% with these). It still does where the white is wider than that (a
      // born-digital page of the same layout is read so too). pdf.js places its highlight by its
      // own face's proportions, not these.
      Flags: 4,
      FontBBox: [0, -UNITS_PER_EM / 2, GLYPH_WIDTH, UNITS_PER_EM],
      ItalicAngle: 0,
      Ascent: UNITS_PER_EM,
      Descent: -UNITS_PER_EM / 2,
      CapHeight: UNITS_PER_EM,
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  // Every CID (two bytes each, 65536 of them) drawn with glyph 1: 128 KB that deflate to under 200 bytes.
  const gids = new Uint8Array(0x20000);
  for (let i = 1; i < gids.length; i += 2) gids[i] = 1;
  const cidToGid = context.register(context.stream(zlibSync(gids, { level: 9 }), { Filter: 'FlateDecode' }));
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'GlyphLessFont',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: GLYPH_WIDTH,
      CIDToGIDMap: cidToGid,
    }),
  );
  const codes = new GlyphlessCodes();
  const toUnicode = context.nextRef();
  const font = context.register(
    context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'GlyphLessFont', Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: toUnicode }),
  );
  return {
    font,
    codes,
    finish: () => context.assign(toUnicode, context.flateStream(codes.toUnicode())),
  };
}
