import { ConversionError } from './errors.ts';

/**
 * The most pixels of every raster a conversion makes: PDF pages rendered for OCR or as JPEGs,
 * the canvases pictures are cut from, and the images embedded in a PDF (pdf.js is told not to
 * decode larger ones). A 600-dpi A4 scan is 35 MP; above that the OCR engine's working copies
 * (grey, binary, scaled) would need gigabytes, and a few-kilobyte PDF can claim 20000×20000
 * pixels (a decompression bomb), so sizes are read first and checked before anything draws.
 * Pictures given as files are not held to it: they are scaled to the size their tool works at
 * (the *_MAX_PIXELS below) within DECODE_BUDGET_BYTES.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The memory one picture may take while it is decoded: 4 bytes a pixel of what the decoder
 * holds at once, the whole picture where it cannot decode at a reduced size, the reduced one
 * where it can (JPEG in 1/8 steps). 256 MB is a 64-megapixel PNG, WebP, HEIC or AVIF, past
 * any phone's 48 MP HEIC; a 200 MP JPEG (16320×12240) decoded at 1/4 needs 50 MB. In Chromium
 * the whole 200 MP JPEG decoded at once took the tab 1.07 GB more, past what a phone's tab
 * is given. Checked from the header, before anything decodes.
 */
export const DECODE_BUDGET_BYTES = 256 * 1024 * 1024;

/** The largest page the recogniser is given: the preparation (ocr/preprocess/prepare-page.ts) scales every page to at most this. */
export const OCR_MAX_PIXELS = 24_000_000;

/**
 * The size a picture is decoded at for OCR. Up to MAX_IMAGE_PIXELS, as it came: the steps the
 * preparation takes before it scales (the lines' direction, the layout) see it whole. Measured on
 * phone photos turned in their frame (16–40 MP with the corners filled), decoding them smaller
 * cost word recall (about 2 points at 16 MP) or changed a table's reading order (at 24 MP). A
 * larger picture (48 and 200 MP phones) is decoded at the size the recogniser reads, reduced as
 * it is decoded where the decoder can: in Chromium a 48 MP JPEG then takes the tab about 0.76 GB,
 * against 1.1 GB decoded at 40 MP.
 */
export function ocrDecodePixels(width: number, height: number): number {
  return width * height <= MAX_IMAGE_PIXELS ? MAX_IMAGE_PIXELS : OCR_MAX_PIXELS;
}

/**
 * The size the code scanners look at a picture at: ZXing's own downscaling reads a code that
 * fills a 12 MP close-up, and a small code in a large scene is looked for in parts
 * (codes/find-codes.ts), whose modules keep two pixels or more at this size.
 */
export const CODES_MAX_PIXELS = 16_000_000;

/**
 * Invert Image gives back pictures up to this size as they are, larger ones scaled down to it
 * (the page says so): 16 MP is more than a 4K screen shows (8.3 MP) or an A4 page at 300 dpi
 * prints (8.7 MP), and three copies of it (decoded, inverted, encoded) fit a phone's tab.
 */
export const INVERT_MAX_PIXELS = 16_000_000;

/**
 * Image to PDF keeps a JPEG's own bytes at any size; other pictures are decoded and stored,
 * scaled down past this: an A4 page at 600 dpi (35 MP) keeps all its pixels.
 */
export const IMAGE_TO_PDF_MAX_PIXELS = MAX_IMAGE_PIXELS;

/**
 * The longest side of a raster we make. Canvases in Chrome and Firefox stop at 32767 pixels a
 * side, JPEG at 65535, and tesseract's coordinates are 16-bit; a page 200000 pt wide rendered
 * within MAX_IMAGE_PIXELS alone would be 100000 pixels wide, which none of them takes. Some
 * room is left under 32767 for the OCR's deskewing, which widens a page a little.
 */
export const MAX_RASTER_SIDE = 30_000;

/**
 * The most lines Text to Image draws: 40 px each with 40-px margins, a canvas 800 px wide and
 * at most 20,000 px high (16 MP). iOS Safari gives a canvas at most 16,777,216 pixels (20,971
 * rows at that width); other browsers take up to MAX_RASTER_SIDE and more. 5000 characters of
 * prose wrap to about 100 lines (measured: 5000 characters of Latin words, 91); only text made
 * mostly of line breaks comes near this.
 */
export const TEXT_IMAGE_MAX_LINES = 498;

/**
 * Pixels covering `points` at `scale`, rounded up as a canvas must be, but not for
 * floating-point noise: 792 pt × 150/72 is 1650.0000000000002, and a Letter page is 1650
 * pixels high at 150 dpi, not 1651.
 */
export function rasterSide(points: number, scale: number): number {
  return Math.max(1, Math.ceil(points * scale - 1e-6));
}

/**
 * The scale (1 = 72 dpi) at which a page or region of `width` × `height` points is drawn: the
 * one asked for, or the largest below it whose raster (rasterSide) stays within `maxPixels`
 * (at most MAX_IMAGE_PIXELS) and MAX_RASTER_SIDE. A poster, a plan or a page with a hostile MediaBox
 * comes out smaller instead of taking gigabytes.
 */
export function rasterScale(width: number, height: number, scale: number, maxPixels = MAX_IMAGE_PIXELS): number {
  const w = Math.max(width, 1e-6);
  const h = Math.max(height, 1e-6);
  const pixels = Math.min(maxPixels, MAX_IMAGE_PIXELS);
  let fitted = Math.min(scale, Math.sqrt(pixels / (w * h)), MAX_RASTER_SIDE / Math.max(w, h));
  while (rasterSide(w, fitted) * rasterSide(h, fitted) > pixels || rasterSide(Math.max(w, h), fitted) > MAX_RASTER_SIDE) fitted *= 0.999;
  return fitted;
}

/** The refusal of a raster that could not be made (a canvas the platform would not give). */
export function tooManyPixels(width: number, height: number, details: Record<string, number> = {}): ConversionError {
  const what = details.page ? `Page ${details.page}` : 'The picture';
  return new ConversionError('too-many-pixels', `${what} is too big to draw here: ${width}×${height} pixels.`, {
    width,
    height,
    maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000,
    ...details,
  });
}

/*
 * The most pages each PDF tool reads: in the registry (`input.maxPages`), shown on the tool's
 * page and in the API description, and enforced by the conversion as soon as the PDF is open,
 * before any page is read. Measured on 2 cores, Node 24 (one job, its time and the growth of
 * the process's resident memory), on tracemonkey's dense two-column pages with figures repeated,
 * and on plain 40-line pages; the server stops a job after 120 s, and a phone's tab has well
 * under a gigabyte to give:
 * - PDF to Text: 19-21 ms a dense page (1988 pages: 38 s, +420 MB), 4 ms a plain one
 *   (2000: 8 s, +180 MB). 2000 pages stay under a minute and half a gigabyte.
 * - PDF to Word: 60-80 ms and 0.5-0.75 MB a dense page, kept until the .docx is written (504
 *   pages: 34-40 s, +500 MB; 994 pages: 59 s, +745 MB), 9 ms and 0.5 MB a plain one (1000:
 *   9 s, +540 MB; 3000: 20 s, +1.3 GB). 500 pages keep to half a gigabyte.
 * - PDF to JPG: 100-250 ms a page at 150 dpi with 170-490 KB of JPEG each (140 dense pages:
 *   36 s, +440 MB; 468 pages: 48 s, +500 MB); at 300 dpi 380 ms and 1.3 MB a page.
 * - Merge PDF: under 1 ms and about 30 KB a page (5000 pages: 1.2-3.3 s, +80-150 MB); the
 *   limit stops a few small files that claim hundreds of thousands of pages between them.
 */
export const PDF_TO_TEXT_MAX_PAGES = 2000;
export const PDF_TO_WORD_MAX_PAGES = 500;
/**
 * Every page's JPEG is held until the end (the result is a list of files): 500 pages at
 * 150 dpi are some 250 MB of JPEGs, what a phone's tab can still hold.
 */
export const PDF_TO_JPG_MAX_PAGES = 500;
/** The pages of a Word document drawn as JPEGs: held until the end as PDF to JPG's. */
export const WORD_TO_JPG_MAX_PAGES = PDF_TO_JPG_MAX_PAGES;
/**
 * PDF to Excel reads each page's text and its drawing (the rules of its tables): 20-170 ms a
 * page on the corpus's table PDFs (bench/tables), so 500 pages stay within the job time.
 */
export const PDF_TO_EXCEL_MAX_PAGES = 500;
/** Pages of all the files together. */
export const MERGE_PDF_MAX_PAGES = 5000;
/**
 * OCR PDF reads every page without text (a few seconds a page on a server core) and holds only
 * the page being read as pixels: the document itself (its images as stored) and each page's
 * text layer, a few kilobytes, are all it keeps. 500 pages is a thick scanned book.
 */
export const OCR_PDF_MAX_PAGES = 500;
/**
 * Each page is drawn at 200 dpi and searched for codes; a catalogue of labels is a few dozen
 * pages, and 100 keeps the search within the server's job time.
 */
export const BARCODE_MAX_PAGES = 100;

/** Refuses a PDF (or PDFs together) with more pages than the tool takes: 'too-large' with the counts. */
export function checkPageCount(pages: number, maxPages: number, what = 'The PDF'): void {
  if (pages > maxPages) {
    throw new ConversionError('too-large', `${what} has ${pages} pages; this tool takes at most ${maxPages}.`, { maxPages, pages });
  }
}
