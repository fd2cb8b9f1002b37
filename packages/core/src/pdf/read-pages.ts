import type { ConversionContext } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { MAX_IMAGE_PIXELS } from '../image-info.ts';
import type { OcrEngine } from '../ocr/engine.ts';
import { recognizePage } from '../ocr/recognize-page.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import type { PositionedText } from './text-layout.ts';

/** A page with fewer visible characters than this in its text layer is a scan: it is OCRed. */
const MIN_TEXT_LAYER_CHARS = 20;
/** Scans are rendered at the resolution the OCR model reads best, 300 dpi. */
const OCR_DPI = 300;

/** A page as the PDF tools get it: its text layer's runs, or the OCR text of its picture. */
export type PdfPage = { kind: 'text'; runs: PositionedText[] } | { kind: 'scan'; text: string };

export interface ReadPdfOptions {
  password?: string;
  languages: OcrLanguage[];
  /** Ask for bold/italic on the runs (PDF to Word). */
  styles?: boolean;
}

/**
 * Opens a PDF and reads it page by page with progress: the text layer where there is one,
 * OCR of the rendered page where there is not. Every PDF tool's loop.
 */
export async function readPdfPages(bytes: Uint8Array, options: ReadPdfOptions, { host, onProgress, signal }: ConversionContext): Promise<PdfPage[]> {
  onProgress?.(0, 'loading');
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(bytes, options.password);
  const pages: PdfPage[] = [];
  let ocr: OcrEngine | undefined;
  try {
    const total = document.numPages;
    for (let number = 1; number <= total; number++) {
      if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
      const detail = { page: number, pages: total };
      onProgress?.((number - 1) / total, 'reading', detail);
      const page = await document.getPage(number);
      const runs = await pdf.textRuns(page, { styles: options.styles });
      if (runs.reduce((count, run) => count + run.str.replace(/\s/g, '').length, 0) >= MIN_TEXT_LAYER_CHARS) {
        pages.push({ kind: 'text', runs });
      } else {
        const { width, height } = page.getViewport({ scale: 1 });
        const image = await pdf.renderPage(page, Math.min(OCR_DPI / 72, Math.sqrt(MAX_IMAGE_PIXELS / (width * height))));
        ocr ??= await host.ocr();
        const result = await recognizePage(ocr, image, {
          languages: options.languages,
          signal,
          onProgress: (fraction, stage) => {
            if (stage === 'recognizing') onProgress?.((number - 1 + fraction) / total, 'reading', detail);
          },
        });
        pages.push({ kind: 'scan', text: result.text });
      }
      page.cleanup();
    }
  } finally {
    await close();
  }
  onProgress?.(1, 'reading');
  return pages;
}
