import { chosenLanguageOf, LANGUAGE_COOKIE, PREFERENCE_COOKIE_MAX_AGE_S } from '@textlift/core/site-preferences';
import { languages } from './languages.ts';

/** The language the visitor chose, if any (see LANGUAGE_COOKIE). */
export function chosenLanguage(): string | undefined {
  const code = chosenLanguageOf(document.cookie);
  return languages.some((language) => language.code === code) ? code : undefined;
}

/** Keeps the visitor's choice; the server then sends unprefixed addresses in it. */
export function chooseLanguage(code: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser that visits (Safari before 18.4).
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The first of the browser's preferred languages that we have ("de-AT" is German, "pt" and
 * "pt-BR" Brazilian Portuguese, "fil" and "tl" Filipino), or undefined.
 */
export function preferredLanguage(preferences: readonly string[]): string | undefined {
  for (const preference of preferences) {
    const tag = preference.toLowerCase();
    const base = tag.split('-')[0];
    const found = languages.find((language) => {
      const ours = language.tag.toLowerCase();
      return ours === tag || ours.split('-')[0] === base || (base === 'tl' && language.code === 'ph');
    });
    if (found) return found.code;
  }
  return undefined;
}
