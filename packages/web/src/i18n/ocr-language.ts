import { useState } from 'react';
import { AUTO_OCR_LANGUAGE, ocrLanguageTags, type OcrLanguage } from '@textlift/core/ocr/languages';

/** The OCR languages this build serves (Russian needs a Debian package at build time). */
export const availableOcrLanguages = __OCR_LANGUAGES__ as OcrLanguage[];

/** The text's likely language for each interface language: what a visitor of /de scans is German. */
const byInterface: Record<string, OcrLanguage> = {
  en: 'eng',
  ru: 'rus',
  es: 'spa',
  fr: 'fra',
  ph: 'fil',
  id: 'ind',
  de: 'deu',
  br: 'por',
  da: 'dan',
  nl: 'nld',
  pl: 'pol',
  it: 'ita',
  tr: 'tur',
};

export function defaultOcrLanguage(interfaceCode: string): OcrLanguage {
  const code = byInterface[interfaceCode] ?? 'eng';
  return availableOcrLanguages.includes(code) ? code : 'eng';
}

/** A language (a BCP-47 tag) named in the reader's language ("allemand" on a French page); the tag where the browser cannot name it. */
export function languageName(tag: string, interfaceTag: string): string {
  try {
    return new Intl.DisplayNames([interfaceTag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Each OCR language named in the reader's language. */
export function ocrLanguageName(code: OcrLanguage, interfaceTag: string): string {
  return languageName(ocrLanguageTags[code], interfaceTag);
}

/** The OCR language of a tool page: Automatic (found on each page) until the visitor picks one. */
export function useOcrLanguage() {
  const [picked, setPicked] = useState<OcrLanguage | typeof AUTO_OCR_LANGUAGE>();
  return [picked ?? AUTO_OCR_LANGUAGE, setPicked] as const;
}
