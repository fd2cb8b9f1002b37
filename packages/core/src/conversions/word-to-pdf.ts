import type { Conversion } from '../conversion.ts';
import { nameAfterFile } from '../output-names.ts';
import { ConversionError } from '../errors.ts';
import { documentToPdf } from '../office/document-to-pdf.ts';

/** Word to PDF: the document laid out by LibreOffice, its fonts embedded, as `{name}.pdf`. */
export const wordToPdf: Conversion<Record<string, never>> = async ({ files }, _options, context) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No document was given.');
  const bytes = await documentToPdf(input, context);
  context.onProgress?.(1, 'converting');
  return { outputs: [{ name: nameAfterFile(input.name, '.pdf', 'document.pdf'), type: 'application/pdf', bytes }] };
};
