import i18next, { type i18n } from 'i18next';
import { findLanguage } from './languages.ts';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export type Dictionary = typeof en;

/**
 * Each language is its own chunk, English too: a page loads only its own (its HTML preloads it,
 * prerender.ts), and English only where it is the page's language or stands in for one that
 * failed. Every dictionary has every key (locales.test.ts), so none needs English beside it.
 */
const loaders = import.meta.glob<{ default: Dictionary }>('./locales/*.json');

const dictionaries = new Map<string, Dictionary>();
const loading = new Map<string, Promise<void>>();
const translators = new Map<string, i18n>();
const failed = new Set<string>();

/** Makes a dictionary available without fetching it (a test that reads the files itself). */
export function addDictionary(code: string, dictionary: Dictionary) {
  dictionaries.set(code, dictionary);
}

/**
 * Fetches a language's dictionary once; later calls share the same promise, so a component can
 * suspend on it. An unknown code is English, which is always there. A dictionary that cannot be
 * fetched (the network, an old page after a deploy) leaves that language in English for this
 * page view rather than breaking the page.
 */
export function loadDictionary(code: string): Promise<void> {
  const language = findLanguage(code).code;
  if (dictionaries.has(language)) return Promise.resolve();
  let promise = loading.get(language);
  if (!promise) {
    const load = loaders[`./locales/${language}.json`];
    promise = load
      ? load().then(
          (module) => addDictionary(language, module.default),
          (error: unknown) => {
            failed.add(language);
            console.error(`The ${language} dictionary could not be loaded; showing English`, error);
            return language === 'en' ? undefined : loadDictionary('en');
          },
        )
      : Promise.resolve();
    loading.set(language, promise);
  }
  return promise;
}

/** Whether a page in this language can be rendered: its dictionary, or English in its place, is here. */
export function dictionaryReady(code: string): boolean {
  return dictionaries.has(findLanguage(code).code) || dictionaries.has('en');
}

/** Whether the language's dictionary could not be fetched: its pages are shown in English, with a notice. */
export function dictionaryFailed(code: string): boolean {
  return failed.has(findLanguage(code).code);
}

/** Whether a render must wait for the language's dictionary: it is not here, and has not failed to come. */
export function dictionaryPending(code: string): boolean {
  const language = findLanguage(code).code;
  return !dictionaries.has(language) && !failed.has(language);
}

/**
 * The translator of one language (English where its dictionary failed). Each language has its own,
 * so the page's language comes from its address and no render ever switches a shared one.
 */
export function translatorFor(code: string): i18n {
  const wanted = findLanguage(code).code;
  const language = dictionaries.has(wanted) ? wanted : 'en';
  const dictionary = dictionaries.get(language)!;
  let translator = translators.get(language);
  if (!translator) {
    translator = i18next.createInstance();
    void translator.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { translation: dictionary } },
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    translators.set(language, translator);
  }
  return translator;
}
