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

/** English ships in the main bundle as the source and fallback; each other language is its own chunk. */
const dictionaries = import.meta.glob<{ default: typeof en }>(['./locales/*.json', '!./locales/en.json']);

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Switches the interface to a route code ("ru", "ph"...). A language whose dictionary is not
 * there yet, or an unknown code, shows English.
 */
export async function switchLanguage(code: string): Promise<void> {
  const language = findLanguage(code);
  const load = dictionaries[`./locales/${language.code}.json`];
  if (load && !i18next.hasResourceBundle(language.code, 'translation')) {
    i18next.addResourceBundle(language.code, 'translation', (await load()).default);
  }
  const active = load || language.code === 'en' ? language : findLanguage('en');
  await i18next.changeLanguage(active.code);
  document.documentElement.lang = active.tag;
}

export default i18next;
