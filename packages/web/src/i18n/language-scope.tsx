import { use, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DictionaryNotice } from '../components/layout/dictionary-notice.tsx';
import { dictionaryPending, loadDictionary, translatorFor } from './index.ts';
import { findLanguage } from './languages.ts';

/**
 * Everything below speaks the language of the page's address. Arriving in another language
 * (Back after a switch) waits for its dictionary rather than painting the old language first.
 * A dictionary that failed to come leaves the page in English, and says so.
 */
export function LanguageScope({ code, children }: { code: string; children: ReactNode }) {
  if (dictionaryPending(code)) use(loadDictionary(code));
  const translator = translatorFor(code);
  const shown = translator.language;
  useEffect(() => {
    document.documentElement.lang = findLanguage(shown).tag;
  }, [shown]);
  return (
    <I18nextProvider i18n={translator}>
      {shown !== findLanguage(code).code && <DictionaryNotice language={findLanguage(code).name} />}
      {children}
    </I18nextProvider>
  );
}
