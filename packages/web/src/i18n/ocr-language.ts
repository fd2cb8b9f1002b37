import { useCallback, useEffect, useState } from 'react';
import { ocrCatalogue } from '@textlift/core/ocr/language-catalogue';
import type { OcrLanguage } from '@textlift/core/ocr/languages';
import { chosenOcrLanguageOf, OCR_LANGUAGE_COOKIE, PREFERENCE_COOKIE_MAX_AGE_S } from '@textlift/core/site-preferences';
import { ocrLanguageOption } from '@textlift/core/tool-options';
import { useLanguage } from './use-language.ts';

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

/** The model of the interface language, the first one the picker suggests. */
export function interfaceOcrLanguage(interfaceCode: string): OcrLanguage {
  const code = byInterface[interfaceCode] ?? 'eng';
  return availableOcrLanguages.includes(code) ? code : 'eng';
}

/**
 * Whether the registry's OCR language option takes a value ("ell", "jpn+eng", "auto"), asked
 * of the option itself so the picker follows what the engines accept as that grows.
 */
export function ocrOptionAccepts(value: string): boolean {
  const pattern = ocrLanguageOption.json.pattern;
  if (typeof pattern === 'string') return new RegExp(pattern).test(value);
  return value === ocrLanguageOption.fallback || value.split('+').every((code) => ocrCatalogue.some((entry) => entry.code === code));
}

/** "Automatic (detect)" is offered, and is the default, once the option takes "auto". */
export const automaticOffered = ocrOptionAccepts('auto');

export function defaultOcrLanguage(interfaceCode: string): string {
  return automaticOffered ? 'auto' : interfaceOcrLanguage(interfaceCode);
}

/** A language (a BCP-47 tag) named in the reader's language ("allemand" on a French page); the tag where the browser cannot name it. */
export function languageName(tag: string, interfaceTag: string): string {
  try {
    return new Intl.DisplayNames([interfaceTag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The OCR language the visitor last chose by hand on any OCR tool: "auto" while it is offered,
 * else languages of the catalogue (a choice that is no longer either is forgotten).
 */
export function chosenOcrLanguage(): string | undefined {
  const value = chosenOcrLanguageOf(document.cookie);
  if (value === 'auto') return automaticOffered ? value : undefined;
  return value?.split('+').every((code) => ocrCatalogue.some((entry) => entry.code === code)) ? value : undefined;
}

/** Keeps a choice made by hand, for every OCR tool and the next visit. */
export function chooseOcrLanguage(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser that visits (Safari before 18.4).
  document.cookie = `${OCR_LANGUAGE_COOKIE}=${value}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The OCR language of a tool page: the visitor's last choice on any OCR tool, else Automatic
 * where offered, else the interface language's. The choice is read after hydration: the
 * prerendered page is the same for everyone.
 */
export function useOcrLanguage() {
  const language = useLanguage();
  const [picked, setPicked] = useState<string>();
  const [fallback, setFallback] = useState(() => defaultOcrLanguage(language.code));
  useEffect(() => setFallback(defaultOcrLanguage(language.code)), [language.code]);
  useEffect(() => setPicked((current) => current ?? chosenOcrLanguage()), []);
  const pick = useCallback((value: string) => {
    chooseOcrLanguage(value);
    setPicked(value);
  }, []);
  return [picked ?? fallback, pick] as const;
}
