import { ConversionError } from '../errors.ts';
import { catalogueEntry, ocrCatalogue } from './language-catalogue.ts';

/**
 * The OCR languages whose models ship with the install and the build: the 13 interface
 * languages' and Chinese (simplified) and Japanese. They alone have a second model and a
 * dictionary measured; every other language of the catalogue is fetched on first use.
 */
export const bundledOcrLanguages = ['eng', 'rus', 'spa', 'fra', 'fil', 'ind', 'deu', 'por', 'dan', 'nld', 'pol', 'ita', 'tur', 'chi_sim', 'jpn'] as const;
export type BundledOcrLanguage = (typeof bundledOcrLanguages)[number];

/** A Tesseract code of the catalogue (language-catalogue.ts), as isOcrLanguage and parseOcrLanguages check it. */
export type OcrLanguage = string;

/** Every language that can be read: the catalogue's, each model bundled or fetched on first use. */
export const ocrLanguages: readonly OcrLanguage[] = ocrCatalogue.map((language) => language.code);
export const defaultOcrLanguage: OcrLanguage = 'eng';

/** A language's BCP-47 tag ("ar", "zh-Hans"); English's for a code outside the catalogue. */
export function ocrLanguageTag(code: OcrLanguage): string {
  return catalogueEntry(code)?.tag ?? 'en';
}

/** Languages read together at most ("eng+deu+fra"); each adds its model's time to every line. */
export const MAX_OCR_LANGUAGES = 3;

export function isOcrLanguage(code: string): code is OcrLanguage {
  return catalogueEntry(code) !== undefined;
}

export function isBundledOcrLanguage(code: string): code is BundledOcrLanguage {
  return (bundledOcrLanguages as readonly string[]).includes(code);
}

/** The option's value that has each page's languages found on it (ocr/detect/), its default. */
export const AUTO_OCR_LANGUAGE = 'auto';

/** The model detection reads a page with first (most pages are Latin: detect/), loaded ahead where the language is to be found. */
export const FIRST_DETECTION_MODEL: OcrLanguage = 'eng';

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
  return codes;
}
