/**
 * The 13 interface languages: the route code the spec uses (/ru, /ph, /br...), the real BCP-47
 * tag for <html lang>, and the language's own name for the switcher.
 */
export const languages = [
  { code: 'en', tag: 'en', name: 'English' },
  { code: 'ru', tag: 'ru', name: 'Русский' },
  { code: 'es', tag: 'es', name: 'Español' },
  { code: 'fr', tag: 'fr', name: 'Français' },
  { code: 'ph', tag: 'fil', name: 'Filipino' },
  { code: 'id', tag: 'id', name: 'Bahasa Indonesia' },
  { code: 'de', tag: 'de', name: 'Deutsch' },
  { code: 'br', tag: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'da', tag: 'da', name: 'Dansk' },
  { code: 'nl', tag: 'nl', name: 'Nederlands' },
  { code: 'pl', tag: 'pl', name: 'Polski' },
  { code: 'it', tag: 'it', name: 'Italiano' },
  { code: 'tr', tag: 'tr', name: 'Türkçe' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

/** An unknown code is English, as the spec says. */
export function findLanguage(code: string | undefined) {
  return languages.find((language) => language.code === code) ?? languages[0];
}
