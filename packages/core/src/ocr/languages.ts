import { ConversionError } from '../errors.ts';

/**
 * OCR languages: the 13 interface languages' and Chinese (simplified) and Japanese. Each
 * one's data loads only when it is chosen.
 */
export const ocrLanguages = ['eng', 'rus', 'spa', 'fra', 'fil', 'ind', 'deu', 'por', 'dan', 'nld', 'pol', 'ita', 'tur', 'chi_sim', 'jpn'] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];
export const defaultOcrLanguage: OcrLanguage = 'eng';

/** BCP-47 tags, so a page can name each language in the reader's own language (Intl.DisplayNames). */
export const ocrLanguageTags: Record<OcrLanguage, string> = {
  eng: 'en',
  rus: 'ru',
  spa: 'es',
  fra: 'fr',
  fil: 'fil',
  ind: 'id',
  deu: 'de',
  por: 'pt',
  dan: 'da',
  nld: 'nl',
  pol: 'pl',
  ita: 'it',
  tur: 'tr',
  chi_sim: 'zh-Hans',
  jpn: 'ja',
};

/** Languages read together at most ("eng+deu+fra"); each adds its model's time to every line. */
export const MAX_OCR_LANGUAGES = 3;

export function isOcrLanguage(code: string): code is OcrLanguage {
  return (ocrLanguages as readonly string[]).includes(code);
}

/** The option's value that has each page's languages found on it (ocr/detect/), its default. */
export const AUTO_OCR_LANGUAGE = 'auto';

/**
 * Parses "eng" or "eng+deu" into known codes; an unknown code is a bad request, not a silent
 * English fallback. `auto` or nothing is the empty list: the languages are found on each page.
 */
export function parseOcrLanguages(value: string | undefined): OcrLanguage[] {
  if (!value || value.trim() === AUTO_OCR_LANGUAGE) return [];
  const codes = [
    ...new Set(
      value
        .split('+')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = codes.filter((code) => !isOcrLanguage(code));
  if (codes.length === 0 || unknown.length > 0 || codes.length > MAX_OCR_LANGUAGES) {
    throw new ConversionError('bad-request', `Unknown or too many OCR languages: ${value}`, { language: value });
  }
  return codes as OcrLanguage[];
}
