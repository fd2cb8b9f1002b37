import { useTranslation } from 'react-i18next';
import { findLanguage } from './languages.ts';

/** The active interface language (route code, BCP-47 tag, name). */
export function useLanguage() {
  const { i18n } = useTranslation();
  return findLanguage(i18n.language);
}
