import { ConversionError } from '../errors.ts';
import type { Conversion, ConversionContext, InputFile } from '../conversion.ts';
import { recognizePage, type PageText, type ReadingNeeds } from '../ocr/recognize-page.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { inspectImage } from '../image-info.ts';

const encoder = new TextEncoder();

/** An image's text by OCR, checked and normalised: the step every image tool shares. */
export async function recognizeImage(input: InputFile | undefined, languages: OcrLanguage[], context: ConversionContext): Promise<string> {
  return (await readImage(input, languages, context)).text;
}

/** An image read by OCR: its text, and its lines with each word's box and confidence. */
export async function readImage(input: InputFile | undefined, languages: OcrLanguage[], { host, onProgress, signal }: ConversionContext, needs: ReadingNeeds = {}): Promise<PageText> {
  if (!input) throw new ConversionError('no-file', 'No image was given.');
  const info = inspectImage(input.bytes);

  onProgress?.(0, 'loading');
  const engine = await host.ocr();
  engine.load?.(languages);
  onProgress?.(0, 'preparing');
  const grey = await host.decodeGrey(input.bytes, info.type);
  const page = await recognizePage(engine, grey, { languages, signal, onProgress }, needs);
  if (!page.text) throw new ConversionError('no-text', 'No text found in the image.');
  onProgress?.(1, 'recognizing');
  return page;
}

/** The hero's tool: one image in, its text out as extracted-text.txt. */
export const imageToText: Conversion<{ language: OcrLanguage[] }> = async ({ files }, options, context) => {
  const text = await recognizeImage(files[0], options.language, context);
  return {
    text,
    outputs: [{ name: 'extracted-text.txt', type: 'text/plain; charset=utf-8', bytes: encoder.encode(text) }],
  };
};
