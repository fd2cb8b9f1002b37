import type { Conversion } from '../conversion.ts';
import { baseName } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { MAX_IMAGE_PIXELS } from '../image-info.ts';
import { normalizeOcrText, type OcrEngine } from '../ocr/engine.ts';
import { parseOcrLanguages } from '../ocr/languages.ts';
import { layoutText } from '../pdf/text-layout.ts';

const encoder = new TextEncoder();

/** A page with fewer visible characters than this in its text layer is a scan: it is OCRed. */
const MIN_TEXT_LAYER_CHARS = 20;
/** Scans are rendered at the resolution the OCR model reads best, 300 dpi. */
const OCR_DPI = 300;

/**
 * PDF to Text: each page's own text layer in reading order, page by page; pages without one
 * are rendered and read with OCR.
 */
export const pdfToText: Conversion = async (inputs, options, { host, onProgress, signal }) => {
  const input = inputs[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  const languages = parseOcrLanguages(options.language);
  onProgress?.(0, 'loading');
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(input.bytes, options.password);
  const pages: string[] = [];
  let ocr: OcrEngine | undefined;
  try {
    const total = document.numPages;
    for (let number = 1; number <= total; number++) {
      if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
      const detail = { page: number, pages: total };
      onProgress?.((number - 1) / total, 'reading', detail);
      const page = await document.getPage(number);
      let text = layoutText(await pdf.textRuns(page));
      if (text.replace(/\s/g, '').length < MIN_TEXT_LAYER_CHARS) {
        const { width, height } = page.getViewport({ scale: 1 });
        const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_IMAGE_PIXELS / (width * height)));
        const image = await pdf.renderPage(page, scale);
        ocr ??= await host.ocr();
        const result = await ocr.recognize(image, {
          languages,
          signal,
          onProgress: (fraction, stage) => {
            if (stage === 'recognizing') onProgress?.((number - 1 + fraction) / total, 'reading', detail);
          },
        });
        text = normalizeOcrText(result.text);
      }
      page.cleanup();
      pages.push(text);
    }
  } finally {
    await close();
  }
  const text = pages.filter((page) => page.trim()).join('\n\n');
  if (!text.trim()) throw new ConversionError('no-text', 'No text could be extracted from this PDF.');
  onProgress?.(1, 'reading');
  return {
    text,
    outputs: [{ name: `${baseName(input.name)}_extracted.txt`, type: 'text/plain; charset=utf-8', bytes: encoder.encode(text) }],
  };
};
