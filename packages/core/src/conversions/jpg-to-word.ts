import type { Conversion, OutputFile } from '../conversion.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { paragraphsToDocx } from '../documents/docx-text.ts';
import { textToParagraphs } from '../documents/paragraphs.ts';
import { paragraphsToRtf } from '../documents/rtf.ts';
import { readImage } from './image-to-text.ts';
import { withLanguage } from '../ocr/detect/detect-languages.ts';
import { nameAfterFile } from '../output-names.ts';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const RTF_TYPE = 'application/rtf';

/**
 * JPG to Word: the image's text by OCR, its paragraphs kept, as a Word document; RTF for those
 * who ask for it, or both (the page offers both).
 */
export const jpgToWord: Conversion<{ language: OcrLanguage[]; format: 'docx' | 'rtf' | 'both' }> = async ({ files }, { language, format }, context) => {
  const page = await readImage(files[0], language, context);
  const { text } = page;
  const paragraphs = textToParagraphs(text);
  const outputs: OutputFile[] = [];
  const name = (extension: string) => nameAfterFile(files[0]!.name, extension, `extracted_text${extension}`);
  if (format !== 'rtf') {
    outputs.push({ name: name('.docx'), type: DOCX_TYPE, bytes: await paragraphsToDocx(paragraphs, 'Extracted text') });
  }
  if (format !== 'docx') outputs.push({ name: name('.rtf'), type: RTF_TYPE, bytes: paragraphsToRtf(paragraphs) });
  return { text: paragraphs.join('\n\n'), outputs, zipName: name('.zip'), data: withLanguage(page.language) };
};
