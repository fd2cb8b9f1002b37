import type { Conversion } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { WORD_TO_JPG_MAX_PAGES } from '../limits.ts';
import { documentToPdf } from '../office/document-to-pdf.ts';
import { pagesToJpeg, pagesZipName } from '../pdf/pages-to-jpeg.ts';

export interface WordToJpgOptions {
  dpi: 72 | 150 | 300;
  /** JPEG quality, 10 to 100. */
  quality: number;
}

/**
 * Word to JPG: the document laid out as PDF by the word processor, then each page drawn as a
 * JPEG by the host that asked (in the browser, on the visitor's device, as PDF to JPG does).
 */
export const wordToJpg: Conversion<WordToJpgOptions> = async ({ files }, options, context) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No document was given.');
  const { onProgress } = context;
  // The bar's first half is the layout (sending included), the second the pages.
  const pdf = await documentToPdf(input, { ...context, onProgress: onProgress && ((fraction, stage) => onProgress(fraction / 2, stage)) });
  const { images } = await pagesToJpeg(
    pdf,
    input.name,
    { ...options, maxPages: WORD_TO_JPG_MAX_PAGES },
    {
      ...context,
      onProgress: onProgress && ((fraction, stage, detail) => onProgress(0.5 + fraction / 2, stage, detail)),
    },
  );
  // One page is its .jpg; several go as `{name}_pages.zip`.
  return { outputs: images, summary: { pages: images.length }, zipName: pagesZipName(input.name) };
};
