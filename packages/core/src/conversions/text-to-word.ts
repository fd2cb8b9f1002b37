import type { Conversion } from '../conversion.ts';
import { typedTextToDocx } from '../documents/text-docx.ts';
import { DOCX_TYPE } from './jpg-to-word.ts';
import { nameAfterText } from '../output-names.ts';

const TITLE_LENGTH = 80;

/** Text to Word: the typed text as a real .docx named after its first words (the spec's `converted_document.docx` where it has none). */
export const textToWord: Conversion<Record<string, never>> = async ({ text }, _options, { onProgress }) => {
  onProgress?.(0, 'converting');
  const title = text.trim().split('\n')[0]!.slice(0, TITLE_LENGTH);
  const { bytes, paragraphs } = await typedTextToDocx(text, title);
  onProgress?.(1, 'converting');
  return { outputs: [{ name: nameAfterText(text, '.docx', 'converted_document.docx'), type: DOCX_TYPE, bytes }], summary: { paragraphs } };
};
