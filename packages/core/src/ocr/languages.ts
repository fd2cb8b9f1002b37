import { ConversionError } from '../errors.ts';

/**
 * OCR languages whose data ships with the site. Each one is an npm data package
 * (@tesseract.js-data/{code}, LSTM "best_int" model), loaded only when chosen.
 */
export const ocrLanguages = ['eng'] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];
export const defaultOcrLanguage: OcrLanguage = 'eng';

/** Parses "eng" or "eng+deu" into known codes; an unknown code is a bad request, not a silent English fallback. */
export function parseOcrLanguages(value: string | undefined): OcrLanguage[] {
  if (!value) return [defaultOcrLanguage];
  const codes = value.split('+').map((code) => code.trim()).filter(Boolean);
  const unknown = codes.filter((code) => !ocrLanguages.includes(code as OcrLanguage));
  if (codes.length === 0 || unknown.length > 0) {
    throw new ConversionError('bad-request', `Unknown OCR language: ${unknown.join(', ') || value}`, {
      language: value,
    });
  }
  return [...new Set(codes)] as OcrLanguage[];
}
