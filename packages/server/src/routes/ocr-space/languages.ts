import { ocrSpaceLanguages } from '@textlift/core/api/ocr-space';
import { defaultOcrLanguage, type AUTO_OCR_LANGUAGE, type OcrLanguage } from '@textlift/core/ocr/languages';
import { OcrSpaceError } from './answer.ts';

/** OCR.space's codes for languages we do not read yet, named in the error so a client knows it is not a typo. */
const notYet: Record<string, string> = {
  ara: 'Arabic',
  bul: 'Bulgarian',
  cht: 'Chinese (Traditional)',
  hrv: 'Croatian',
  cze: 'Czech',
  fin: 'Finnish',
  gre: 'Greek',
  hun: 'Hungarian',
  kor: 'Korean',
  slv: 'Slovenian',
  swe: 'Swedish',
  ukr: 'Ukrainian',
  vnm: 'Vietnamese',
  vie: 'Vietnamese',
  tha: 'Thai',
  tai: 'Thai',
  hin: 'Hindi',
  kan: 'Kannada',
  per: 'Persian',
  tel: 'Telugu',
  tam: 'Tamil',
};

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
  if (notYet[code]) {
    throw new OcrSpaceError(`E201: ${notYet[code]} (language '${code}') is not read on this server yet. Languages read: ${accepted}.`);
  }
  throw new OcrSpaceError(`E201: Invalid value for parameter 'language': '${value}'. Languages read: ${accepted}.`);
}
