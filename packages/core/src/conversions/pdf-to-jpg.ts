import type { Conversion, OutputFile } from '../conversion.ts';
import { nameAfterFile } from '../output-names.ts';
import { ConversionError } from '../errors.ts';
import { PDF_TO_JPG_MAX_PAGES } from '../limits.ts';
import { pagesToJpeg, pagesZipName } from '../pdf/pages-to-jpeg.ts';

export interface PdfToJpgOptions {
  dpi: 72 | 150 | 300;
  /** JPEG quality, 10 to 100. */
  quality: number;
  password: string;
}

const encoder = new TextEncoder();

/**
 * PDF to JPG: every page drawn as the reader sees it, one JPEG each, plus the text of the text
 * layer (no OCR) as a .txt when there is any.
 */
export const pdfToJpg: Conversion<PdfToJpgOptions> = async ({ files }, options, context) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  context.onProgress?.(0, 'loading');
  const { images, text } = await pagesToJpeg(input.bytes, input.name, { ...options, maxPages: PDF_TO_JPG_MAX_PAGES }, context);
  const outputs: OutputFile[] = [...images];
  // A PDF of scans has no text layer: no empty .txt beside its pictures. The text is a
  // by-product: a one-page PDF answers its .jpg alone (the page offers the text beside it).
  if (text)
    outputs.push({
      name: nameAfterFile(input.name, '_extracted_text.txt', 'extracted_text.txt'),
      type: 'text/plain; charset=utf-8',
      bytes: encoder.encode(text),
      aside: true,
    });
  return { outputs, ...(text ? { text } : {}), summary: { pages: images.length }, zipName: pagesZipName(input.name) };
};
