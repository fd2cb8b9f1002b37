import type { Conversion } from '../conversion.ts';
import { withLanguage } from '../ocr/detect/detect-languages.ts';
import { nameAfterFile } from '../output-names.ts';
import { ConversionError } from '../errors.ts';
import { PDF_TO_TEXT_MAX_PAGES } from '../limits.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { languageOfPages, OCR_DPI, readPdfPages } from '../pdf/read-pages.ts';
import { wordsOfRuns } from '../ocr/page-words.ts';
import { layoutText } from '../pdf/text-layout.ts';

const encoder = new TextEncoder();

/**
 * PDF to Text: each page's own text layer in reading order, page by page; pages without one
 * are rendered and read with OCR.
 */
export const pdfToText: Conversion<{ language: OcrLanguage[]; password: string }> = async ({ files }, options, context) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  const languages = options.language;
  const pages = await readPdfPages(input.bytes, { password: options.password, languages, maxPages: PDF_TO_TEXT_MAX_PAGES }, context);
  const texts = pages.map((page) => (page.kind === 'text' ? layoutText(page.runs) : page.text));
  const text = texts.filter((page) => page.trim()).join('\n\n');
  if (!text.trim()) throw new ConversionError('no-text', 'No text could be extracted from this PDF.');
  return {
    text,
    outputs: [{ name: nameAfterFile(input.name, '_extracted.txt', 'extracted_text.txt'), type: 'text/plain; charset=utf-8', bytes: encoder.encode(text) }],
    // Page by page, words boxed in the page drawn at OCR_DPI (the text layer's and the scans' alike).
    data: {
      pages: pages.map((page, index) => ({
        text: texts[index]!,
        lines: page.kind === 'text' ? wordsOfRuns(page.runs, page.height, OCR_DPI / 72) : page.words,
      })),
      ...withLanguage(languageOfPages(pages)),
    },
  };
};
