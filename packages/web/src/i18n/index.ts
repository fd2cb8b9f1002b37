import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { findLanguage } from './languages.ts';
import en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export type Dictionary = typeof en;

/** English ships in the main bundle as the source and fallback; each other language is its own chunk. */
const dictionaries = import.meta.glob<{ default: Dictionary }>(['./locales/*.json', '!./locales/en.json']);

/** Where the visitor's choice is kept, so unprefixed pages (/about-us, tools) follow it. */
const STORAGE_KEY = 'textlift-language';

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Makes a dictionary available without fetching it (the prerenderer has them all). */
export function addDictionary(code: string, dictionary: Dictionary) {
  if (!i18next.hasResourceBundle(code, 'translation')) i18next.addResourceBundle(code, 'translation', dictionary);
}

/**
 * Switches the interface to a route code ("ru", "ph"...), loading its dictionary first. An
 * unknown code, or one whose dictionary is missing, shows English.
 */
export async function switchLanguage(code: string, { remember = true } = {}): Promise<void> {
  let language = findLanguage(code);
  const load = dictionaries[`./locales/${language.code}.json`];
  if (load) addDictionary(language.code, (await load()).default);
  else if (language.code !== 'en') language = findLanguage('en');
  if (i18next.language !== language.code) await i18next.changeLanguage(language.code);
  if (typeof document !== 'undefined') document.documentElement.lang = language.tag;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language.code);
    } catch {
      // Storage may be disabled; the choice then lasts for this page view.
    }
  }
}

export function rememberedLanguage(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export default i18next;
