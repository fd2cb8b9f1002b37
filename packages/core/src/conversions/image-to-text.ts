import { ConversionError } from '../errors.ts';
import { withLanguage } from '../ocr/detect/detect-languages.ts';
import type { Conversion, ConversionContext, InputFile } from '../conversion.ts';
import { recognizePage, type PageText, type ReadingNeeds } from '../ocr/pipeline.ts';
import { wordsOnPage, type PageWords } from '../ocr/page-words.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { inspectImage } from '../image-info.ts';
import { decodeGreyFor } from '../images/open-image.ts';
import { ocrDecodePixels } from '../limits.ts';
import { nameAfterFile } from '../output-names.ts';
import { ocrPageProgress } from '../progress.ts';
import { sniffType } from '../sniff.ts';

const encoder = new TextEncoder();

/** An image's text by OCR, checked and normalised: the step every image tool shares. */
export async function recognizeImage(input: InputFile | undefined, languages: OcrLanguage[], context: ConversionContext): Promise<string> {
  return (await readImage(input, languages, context)).text;
}

/**
 * An image read by OCR: its text, and its lines with each word's box and confidence. Where the
 * host keeps readings, the same bytes in the same languages are read once.
 */
export async function readImage(
  input: InputFile | undefined,
  languages: OcrLanguage[],
  context: ConversionContext,
  needs: ReadingNeeds = {},
): Promise<PageText> {
  if (!input) throw new ConversionError('no-file', 'No image was given.');
  const { host } = context;
  if (!host.reuse) return readNewImage(input, languages, context, needs);
  const key = `${await sha256(input.bytes)} ${languages.join('+')} ${needs.figures ? 'figures' : 'text'}`;
  // A copy each time: the tools that read on from a reading must not change the one kept.
  return structuredClone(
    await host.reuse(
      key,
      () => readNewImage(input, languages, context, needs),
      (page) => !page.partial,
    ),
  );
}

async function readNewImage(
  input: InputFile,
  languages: OcrLanguage[],
  { host, onProgress, signal, preferredOcrLanguage }: ConversionContext,
  needs: ReadingNeeds,
): Promise<PageText> {
  const info = inspectImage(input.bytes);
  const report = ocrPageProgress(onProgress);
  report?.(0, 'loading');
  const engine = await host.engines.ocr.engine();
  // Languages to be found on the page load once found (ocr/detect/).
  if (languages.length > 0) engine.load?.(languages);
  report?.(0, 'preparing');
  // A photo larger than the page OCR reads is scaled down as it is decoded (JPEGs at a
  // reduced size where the decoder can), never refused for its megapixels alone.
  const grey = await decodeGreyFor(host, input.bytes, info, ocrDecodePixels(info.width, info.height));
  const page = await recognizePage(engine, grey, { languages, signal, onProgress: report, preferredLanguage: preferredOcrLanguage }, needs);
  if (!page.text) throw new ConversionError('no-text', 'No text found in the image.');
  onProgress?.(1, 'recognizing');
  return page;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The hero's tool: one image in, its text out as `{name}_extracted.txt` (the spec's
 * extracted-text.txt where the image's name gives none). A PDF dropped there is read as PDF to
 * Text reads it (its text layer, scanned pages by OCR).
 */
export const imageToText: Conversion<{ language: OcrLanguage[] }> = async ({ files }, options, context) => {
  if (files[0] && sniffType(files[0].bytes) === 'application/pdf') {
    const { pdfToText } = await import('./pdf-to-text.ts');
    return pdfToText({ files, text: '' }, { language: options.language, password: '' }, context);
  }
  const page = await readImage(files[0], options.language, context);
  const { text } = page;
  return {
    text,
    outputs: [{ name: nameAfterFile(files[0]!.name, '_extracted.txt', 'extracted-text.txt'), type: 'text/plain; charset=utf-8', bytes: encoder.encode(text) }],
    data: { pages: [{ text, lines: wordsOnImage(page, files[0]!.bytes) }], ...withLanguage(page.language) },
  };
};

/**
 * The reading's words in the image's own pixels as it stands upright (its EXIF turn applied):
 * the reading was given the picture decoded, scaled down where it was larger than OCR reads.
 */
function wordsOnImage(page: PageText, bytes: Uint8Array): PageWords['lines'] {
  if (!page.given) return undefined;
  const { width, height } = inspectImage(bytes);
  // The header's size is the picture as stored; decoded upright it may be turned a quarter.
  const turned = width !== height && width > height !== page.given.width > page.given.height;
  const uprightWidth = turned ? height : width;
  return wordsOnPage(page, page.given.width, page.given.height, uprightWidth / page.given.width);
}
