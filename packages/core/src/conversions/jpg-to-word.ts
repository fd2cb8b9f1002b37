import type { Conversion, OutputFile } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { paragraphsToDocx } from '../documents/docx-text.ts';
import { textToParagraphs } from '../documents/paragraphs.ts';
import { paragraphsToRtf } from '../documents/rtf.ts';
import { recognizeImage } from './image-to-text.ts';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const RTF_TYPE = 'application/rtf';

/** Output formats: a real .docx, RTF for those who ask for it, or both (the page offers both). */
const formats = ['docx', 'rtf', 'both'] as const;

/** JPG to Word: the image's text by OCR, its paragraphs kept, as a Word document. */
export const jpgToWord: Conversion = async (inputs, options, context) => {
  const format = (options.format || 'docx') as (typeof formats)[number];
  if (!formats.includes(format)) throw new ConversionError('bad-request', `Unknown format: ${options.format}`);
  const text = await recognizeImage(inputs[0], options, context);
  const paragraphs = textToParagraphs(text);
  const outputs: OutputFile[] = [];
  if (format !== 'rtf') {
    outputs.push({ name: 'extracted_text.docx', type: DOCX_TYPE, bytes: await paragraphsToDocx(paragraphs, 'Extracted text') });
  }
  if (format !== 'docx') outputs.push({ name: 'extracted_text.rtf', type: RTF_TYPE, bytes: paragraphsToRtf(paragraphs) });
  return { text: paragraphs.join('\n\n'), outputs };
};
