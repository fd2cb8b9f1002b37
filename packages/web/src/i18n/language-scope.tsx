import { use, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { hasDictionary, loadDictionary, translatorFor } from './index.ts';
import { findLanguage } from './languages.ts';

/**
 * Everything below speaks the language of the page's address. Arriving in another language
 * (Back after a switch) waits for its dictionary rather than painting the old language first.
 */
export function LanguageScope({ code, children }: { code: string; children: ReactNode }) {
  if (!hasDictionary(code)) use(loadDictionary(code));
  const translator = translatorFor(code);
  useEffect(() => {
    document.documentElement.lang = findLanguage(code).tag;
  }, [code]);
  return <I18nextProvider i18n={translator}>{children}</I18nextProvider>;
}
