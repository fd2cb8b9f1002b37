import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** English is the source language and the fallback for any missing key or unknown code. */
export const fallbackLanguage = 'en';

void i18next.use(initReactI18next).init({
  lng: fallbackLanguage,
  fallbackLng: fallbackLanguage,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;
