import type { ConversionContext } from '../conversion.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { checkPageCount, OCR_MAX_PIXELS } from '../limits.ts';
import type { OcrEngine, OcrLine } from '../ocr/engine.ts';
import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import { recognizePage } from '../ocr/pipeline.ts';
import { mergeReadAs, type ReadLanguages } from '../ocr/detect/detect-languages.ts';
import { wordsOnPage, type BoxedWord } from '../ocr/page-words.ts';
import { ocrPageProgress } from '../progress.ts';
import { pictureRulings } from '../tables/find-tables.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import type { PageBox, PdfEngine, Ruling } from './pdf-engine.ts';
import type { PositionedText } from './text-layout.ts';
import type { PDFPageProxy } from 'pdfjs-dist';

/**
 * A scanned page drawn to be read: at OCR_DPI, never larger than the recogniser reads (the
 * preparation would only scale it down), with how many times its scan's own size that is.
 */
export async function renderForOcr(pdf: PdfEngine, page: PDFPageProxy): Promise<{ image: GreyImage; enlarged?: number }> {
  const image = await pdf.renderPage(page, OCR_DPI / 72, OCR_MAX_PIXELS);
  const scanDpi = await pdf.scanResolution(page);
  const drawnDpi = (image.width * 72) / page.getViewport({ scale: 1 }).width;
  return scanDpi && drawnDpi > scanDpi ? { image, enlarged: drawnDpi / scanDpi } : { image };
}

/** A page with fewer visible characters than this in its text layer is a scan: it is OCRed. */
export const MIN_TEXT_LAYER_CHARS = 20;
/** Scans are rendered at the resolution the OCR model reads best, 300 dpi (less where a page is too big for that). */
export const OCR_DPI = 300;

/** Pictures are kept at 144 dpi: sharp in Word at their size, not the size of a scan. */
const PICTURE_SCALE = 2;
/** Smaller than this (points) is a bullet, a logo dot or a rule, not a picture worth keeping. */
const MIN_PICTURE_SIDE = 24;

/** A picture on a page, where it stands (points, y up) and its pixels as PNG. */
export type PagePicture = PageBox & { png: Uint8Array };

/**
 * A page as the PDF tools get it: its text layer's runs (and, when asked, its ruling lines and
 * height), or the OCR of its picture (the text, and its lines with word boxes).
 */
export type PdfPage =
  | { kind: 'text'; runs: PositionedText[]; pictures: PagePicture[]; height: number; rulings: Ruling[] }
  | { kind: 'scan'; text: string; lines: OcrLine[]; rulings: Ruling[]; words?: BoxedWord[][]; language?: ReadLanguages };

/** The languages a PDF's scanned pages were read in, or undefined where none was read by OCR. */
export function languageOfPages(pages: readonly PdfPage[]): ReadLanguages | undefined {
  return mergeReadAs(pages.map((page) => (page.kind === 'scan' ? page.language : undefined)));
}

export interface ReadPdfOptions {
  password?: string;
  /** The tool's page limit (its registry entry's `maxPages`): more is refused before reading. */
  maxPages: number;
  languages: OcrLanguage[];
  /** Ask for bold/italic on the runs (PDF to Word). */
  styles?: boolean;
  /** Keep the pictures of text pages (PDF to Word). */
  pictures?: boolean;
  /** Read the lines pages draw (a table's rules), and every figure of scans: PDF to Excel. */
  rulings?: boolean;
}

/**
 * Opens a PDF and reads it page by page with progress: the text layer where there is one,
 * OCR of the rendered page where there is not. Every PDF tool's loop.
 */
export async function readPdfPages(
  bytes: Uint8Array,
  options: ReadPdfOptions,
  { host, onProgress, signal, preferredOcrLanguage }: ConversionContext,
): Promise<PdfPage[]> {
  onProgress?.(0, 'loading');
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(bytes, options.password);
  const pages: PdfPage[] = [];
  let ocr: OcrEngine | undefined;
  try {
    const total = document.numPages;
    checkPageCount(total, options.maxPages);
    for (let number = 1; number <= total; number++) {
      throwIfCancelled(signal);
      const detail = { page: number, pages: total };
      onProgress?.((number - 1) / total, 'reading', detail);
      const page = await document.getPage(number);
      const runs = await pdf.textRuns(page, { styles: options.styles });
      if (runs.reduce((count, run) => count + run.str.replace(/\s/g, '').length, 0) >= MIN_TEXT_LAYER_CHARS) {
        pages.push({
          kind: 'text',
          runs,
          pictures: options.pictures ? await picturesOf(pdf, page) : [],
          height: page.getViewport({ scale: 1 }).height,
          rulings: options.rulings ? await pdf.rulings(page) : [],
        });
      } else {
        if (!ocr) {
          ocr = await host.engines.ocr.engine();
          if (options.languages.length > 0) ocr.load?.(options.languages);
        }
        const { image, enlarged } = await renderForOcr(pdf, page);
        const result = await recognizePage(
          ocr,
          image,
          {
            languages: options.languages,
            signal,
            preferredLanguage: preferredOcrLanguage,
            // The page's steps in its share of the bar; its recognition is "page 3 of 10".
            onProgress: ocrPageProgress(onProgress, {
              from: (number - 1) / total,
              to: number / total,
              detail,
              stageOf: (stage) => (stage === 'recognizing' ? 'reading' : stage),
            }),
          },
          { figures: options.rulings, enlarged },
        ).catch((error: unknown) => {
          // The OCR engine failing to read a picture we drew is our failure, not damage in the PDF.
          if (error instanceof ConversionError && error.code === 'corrupt')
            throw new ConversionError('engine-failed', `Page ${number} could not be read: ${error.message}`, detail);
          throw error;
        });
        // The picture itself is let go: its rules, when asked, are all that is kept of it.
        // The words' boxes in the page drawn at OCR_DPI, whatever size it was drawn at to be read.
        const toDpi = ((OCR_DPI / 72) * page.getViewport({ scale: 1 }).width) / image.width;
        pages.push({
          kind: 'scan',
          text: result.text,
          lines: result.lines,
          rulings: options.rulings ? pictureRulings(result) : [],
          words: wordsOnPage(result, image.width, image.height, toDpi),
          ...(result.language ? { language: result.language } : {}),
        });
      }
      page.cleanup();
    }
  } finally {
    await close();
  }
  onProgress?.(1, 'reading');
  return pages;
}

/**
 * The page's pictures: the places images are drawn, pieces of one figure joined, tiny marks
 * and full-page backgrounds (a letterhead, a scanned page under its own text) left out.
 */
async function picturesOf(pdf: PdfEngine, page: PDFPageProxy): Promise<PagePicture[]> {
  const { width, height } = page.getViewport({ scale: 1 });
  // Images closer than this (points) are parts of one figure: the bars of a chart, tiles of a photo.
  const near = 6;
  let boxes = (await pdf.imageBoxes(page)).map((box) => ({ ...box }));
  for (let merged = true; merged; ) {
    merged = false;
    const out: PageBox[] = [];
    for (const box of boxes) {
      const other = out.find((o) => box.left <= o.right + near && box.right >= o.left - near && box.bottom <= o.top + near && box.top >= o.bottom - near);
      if (!other) {
        out.push(box);
        continue;
      }
      other.left = Math.min(other.left, box.left);
      other.right = Math.max(other.right, box.right);
      other.bottom = Math.min(other.bottom, box.bottom);
      other.top = Math.max(other.top, box.top);
      merged = true;
    }
    boxes = out;
  }
  const kept = boxes.filter((box) => {
    const w = box.right - box.left;
    const h = box.top - box.bottom;
    return w >= MIN_PICTURE_SIDE && h >= MIN_PICTURE_SIDE && w * h < width * height * 0.8;
  });
  const pngs = await pdf.renderBoxes(page, kept, PICTURE_SCALE);
  return kept.map((box, i) => ({ ...box, png: pngs[i]! }));
}
