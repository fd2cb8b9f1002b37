import {
  beginText,
  endText,
  nextLine,
  PDFDocument,
  PDFHexString,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setLineHeight,
  setTextMatrix,
  showText,
  type Color,
  type PDFFont,
  type PDFName,
  type PDFOperator,
} from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import type { Conversion, ConversionContext } from '../conversion.ts';
import { cleanText, paginate, widthMeasure, wrapLine } from '../documents/text-layout-pdf.ts';
import { throwIfCancelled } from '../errors.ts';
import { nameAfterText } from '../output-names.ts';

/**
 * Text to PDF: typed text set in DejaVu Sans (every Latin diacritic and Cyrillic our languages
 * use) on A4 pages, wrapped at spaces, with the page number in the footer. The font is embedded
 * as a subset with a ToUnicode map, so the PDF's text can be searched and copied back exactly.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
/**
 * One inch (2.54 cm), Word's default on A4: with DejaVu Sans, a wide face, it gives lines of
 * about 80 characters, near the most a reader follows comfortably, and room for the footer.
 */
const MARGIN = 72;
const FONT_SIZE = 11;
const LINE_HEIGHT = FONT_SIZE * 1.4;
const FOOTER_SIZE = 9;
const TITLE_LENGTH = 80;
/**
 * OpenType features fontkit would apply and we turn off. pdf-lib draws glyphs at their advance
 * widths and drops fontkit's positioning (kern, mark, mkmk, curs) anyway; without the ligatures
 * (liga, clig, calt) each line is drawn exactly as wide as measured character by character.
 * Shaping was three quarters of the time of a long text. ccmp and locl stay (a letter with a
 * combining accent NFC cannot compose still gets the right glyphs).
 */
const FONT_FEATURES = { kern: false, mark: false, mkmk: false, curs: false, liga: false, clig: false, calt: false };
/** Pages drawn between progress reports and chances for a cancellation to arrive. */
const PAGES_PER_PAUSE = 20;

/**
 * @cantoo/pdf-lib calls a fontkit subset's encode() with no arguments when it has one, as its
 * own fontkit's does; @pdf-lib/fontkit's encode() needs a stream and only encodeStream() works
 * alone. Handing pdf-lib subsets without encode() makes it take the stream path.
 */
const streamingFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(bytes, postscriptName);
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, {
      createSubset() {
        const subset = createSubset();
        return {
          get cff() {
            return (subset as { cff?: unknown }).cff;
          },
          includeGlyph: (glyph: Parameters<typeof subset.includeGlyph>[0]) => subset.includeGlyph(glyph),
          encodeStream: () => subset.encodeStream(),
        };
      },
    });
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

/** Lets a cancellation message reach a worker in the middle of a long run of synchronous work. */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A six-letter tag from the text (FNV-1a), as PDF wants before a subset font's name ("ABCDEF+Name"). */
function subsetTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  let tag = '';
  for (let digit = 0; digit < 6; digit++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26);
  }
  return tag;
}

/**
 * A line as the font's glyph codes, each word shaped once: fontkit shapes every string it is
 * given, so a long text would otherwise be shaped line by line; words repeat, and with the
 * features above nothing joins across a space, so joined word codes equal the line's.
 */
function lineEncoder(font: PDFFont): (line: string) => string {
  const words = new Map<string, string>();
  return (line) => {
    let hex = '';
    for (const word of line.match(/ +|[^ ]+/g) ?? []) {
      let code = words.get(word);
      if (code === undefined) {
        code = font.encodeText(word).asString();
        words.set(word, code);
      }
      hex += code;
    }
    return hex;
  };
}

/** Lines of glyph codes (hex) from (x, y) down, as page.drawText writes them, blank ones only moving down. */
function textOperators(font: PDFName, size: number, lineHeight: number, color: Color, x: number, y: number, lines: string[]): PDFOperator[] {
  return [
    pushGraphicsState(),
    beginText(),
    setFillingColor(color),
    setFontAndSize(font, size),
    setLineHeight(lineHeight),
    setTextMatrix(1, 0, 0, 1, x, y),
    ...lines.flatMap((line, index) => [...(index > 0 ? [nextLine()] : []), ...(line ? [showText(PDFHexString.of(line))] : [])]),
    endText(),
    popGraphicsState(),
  ];
}

/** The first line of the text, as word processors title a new document, shortened at a space. */
function titleOf(sections: string[][]): string {
  const first =
    sections
      .flat()
      .find((line) => line.trim())
      ?.trim() ?? '';
  if (first.length <= TITLE_LENGTH) return first;
  const cut = first.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const textToPdf: Conversion<Record<string, never>> = async ({ text }, _options, { host, onProgress, signal }: ConversionContext) => {
  onProgress?.(0, 'reading');
  const fontBytes = await host.font('DejaVuSans');
  throwIfCancelled(signal);

  const doc = await PDFDocument.create();
  doc.registerFontkit(streamingFontkit);
  const font = await doc.embedFont(fontBytes, {
    subset: true,
    customName: `${subsetTag(text)}+DejaVuSans`,
    features: FONT_FEATURES,
  });
  const characterSet = new Set(font.getCharacterSet());

  const { sections, missingCharacters } = cleanText(text, (codePoint) => characterSet.has(codePoint));
  throwIfCancelled(signal);

  const textWidth = PAGE_WIDTH - 2 * MARGIN;
  const width = widthMeasure((char) => font.widthOfTextAtSize(char, FONT_SIZE));
  const wrapped = sections.map((section) => section.flatMap((line) => wrapLine(line, textWidth, width)));
  // pdf-lib's heightAtSize(size, { descender: false }) mixes scaled and unscaled units; the
  // metrics come from the font itself (fontkit parses tables lazily: this costs a few ms).
  const metrics = fontkit.create(fontBytes);
  const ascent = (metrics.ascent / metrics.unitsPerEm) * FONT_SIZE;
  const descent = (Math.abs(metrics.descent) / metrics.unitsPerEm) * FONT_SIZE;
  const firstBaseline = PAGE_HEIGHT - MARGIN - ascent;
  const linesPerPage = Math.floor((firstBaseline - MARGIN - descent) / LINE_HEIGHT) + 1;
  const pages = paginate(wrapped, linesPerPage);
  onProgress?.(0.1, 'reading');

  const black = rgb(0, 0, 0);
  const grey = rgb(0.4, 0.4, 0.4);
  const encode = lineEncoder(font);
  for (const [index, lines] of pages.entries()) {
    if (index % PAGES_PER_PAUSE === PAGES_PER_PAUSE - 1) {
      onProgress?.(0.1 + (0.7 * index) / pages.length, 'reading');
      await pause();
      throwIfCancelled(signal);
    }
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const fontKey = page.node.newFontDictionary(font.name, font.ref);
    // Blank lines at the end of a page would only move down.
    while (lines.length > 0 && lines.at(-1) === '') lines.pop();
    if (lines.length > 0) {
      page.pushOperators(...textOperators(fontKey, FONT_SIZE, LINE_HEIGHT, black, MARGIN, firstBaseline, lines.map(encode)));
    }
    const number = `${index + 1} / ${pages.length}`;
    const numberX = (PAGE_WIDTH - font.widthOfTextAtSize(number, FOOTER_SIZE)) / 2;
    page.pushOperators(...textOperators(fontKey, FOOTER_SIZE, FOOTER_SIZE, grey, numberX, MARGIN / 2, [encode(number)]));
  }
  onProgress?.(0.8, 'reading');
  throwIfCancelled(signal);

  const title = titleOf(sections);
  // Viewers show the title, not the file name, in their title bar.
  if (title) doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setCreator('TextLift');
  doc.setProducer('TextLift');
  const bytes = await doc.save();
  throwIfCancelled(signal);
  onProgress?.(1, 'reading');

  return {
    outputs: [{ name: nameAfterText(text, '.pdf', 'converted_document.pdf'), type: 'application/pdf', bytes }],
    summary: { pages: pages.length, missingCharacters },
  };
};
