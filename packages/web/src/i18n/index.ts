import i18next, { type i18n } from 'i18next';
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
const loaders = import.meta.glob<{ default: Dictionary }>(['./locales/*.json', '!./locales/en.json']);

const dictionaries = new Map<string, Dictionary>([['en', en]]);
const loading = new Map<string, Promise<void>>();
const translators = new Map<string, i18n>();

/** Makes a dictionary available without fetching it (the prerenderer has them all). */
export function addDictionary(code: string, dictionary: Dictionary) {
  dictionaries.set(code, dictionary);
}

export function hasDictionary(code: string): boolean {
  return dictionaries.has(findLanguage(code).code);
}

/**
 * Fetches a language's dictionary once; later calls share the same promise, so a component can
 * suspend on it. An unknown code is English, which is always there.
 */
export function loadDictionary(code: string): Promise<void> {
  const language = findLanguage(code).code;
  if (dictionaries.has(language)) return Promise.resolve();
  let promise = loading.get(language);
  if (!promise) {
    const load = loaders[`./locales/${language}.json`];
    promise = load ? load().then((module) => addDictionary(language, module.default)) : Promise.resolve();
    loading.set(language, promise);
  }
  return promise;
}

/**
 * The translator of one language (English where a key is missing). Each language has its own,
 * so the page's language comes from its address and no render ever switches a shared one.
 */
export function translatorFor(code: string): i18n {
  const language = findLanguage(code).code;
  const dictionary = dictionaries.get(language);
  if (!dictionary) throw new Error(`The ${language} dictionary is not loaded (loadDictionary first)`);
  let translator = translators.get(language);
  if (!translator) {
    translator = i18next.createInstance();
    void translator.init({
      lng: language,
      fallbackLng: 'en',
      resources: { en: { translation: en }, [language]: { translation: dictionary } },
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    translators.set(language, translator);
  }
  return translator;
}
