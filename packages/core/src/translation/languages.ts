import { catalogueEntry } from '../ocr/language-catalogue.ts';

/** What the Image Translator translates into, as the spec lists them: Spanish, French, German, Chinese, Japanese. */
export const translationTargets = ['es', 'fr', 'de', 'zh', 'ja'] as const;
export type TranslationTarget = (typeof translationTargets)[number];

/**
 * A language as the engines name it: the primary subtag of BCP 47 ("en", "es", "zh"), which the
 * browser's Translator and LibreTranslate both take; Apertium's three-letter codes are mapped
 * in its adapter.
 */
export type LanguageCode = string;

export interface LanguagePair {
  source: LanguageCode;
  target: LanguageCode;
}

/** A pair an engine translates, through a third language where it has no direct way ("en" to "fr" via "es"). */
export interface RelayedPair extends LanguagePair {
  via?: LanguageCode;
}

/** The language of text read with these OCR languages (given or found): the first one's, as a translation source. */
export function languageOfOcr(languages: readonly string[]): LanguageCode {
  return (catalogueEntry(languages[0] ?? 'eng')?.tag ?? 'en').split('-')[0]!;
}

/** Both sides in one language ("en" and "en-GB" too): nothing to translate. */
export function sameLanguage({ source, target }: LanguagePair): boolean {
  return source.split('-')[0] === target.split('-')[0];
}

/** The pair as an engine's list offers it (with its relay language), if it does. */
export function findPair<T extends LanguagePair>(pairs: readonly T[], { source, target }: LanguagePair): T | undefined {
  return pairs.find((offered) => offered.source === source && offered.target === target);
}
