import { ocrSpaceLanguages } from '@textlift/core/api/ocr-space';
import { defaultOcrLanguage, type AUTO_OCR_LANGUAGE, type OcrLanguage } from '@textlift/core/ocr/languages';
import { OcrSpaceError } from './answer.ts';

/** Every code this API takes (core's list, which the OpenAPI description and the API page show). */
export const acceptedLanguageCodes = Object.keys(ocrSpaceLanguages);

/**
 * The OCR language for an OCR.space `language` value (any case). `auto` (OCR.space's Engine 2
 * detection, what ocr-space-api-wrapper sends with OCREngine 2) has each page's languages found
 * on it (core's ocr/detect/); left out, English, as OCR.space reads it. Our own codes (`deu`,
 * `fil`, `ind`, `chi_sim`) are taken too. A code we do not read is an error in OCR.space's shape.
 */
export function ocrLanguageOf(value: string | undefined): OcrLanguage | typeof AUTO_OCR_LANGUAGE {
  const code = (value ?? '').trim().toLowerCase();
  if (!code) return defaultOcrLanguage;
  const ours = ocrSpaceLanguages[code];
  if (ours) return ours;
  const accepted = acceptedLanguageCodes.join(', ');
  throw new OcrSpaceError(`E201: Invalid value for parameter 'language': '${value}'. Languages read: ${accepted}.`);
}
