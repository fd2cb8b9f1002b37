/**
 * The interface language a visitor chose, kept in a cookie so that the server can send an
 * address without a language prefix ("/", "/pdf-to-text") in that language at once, with no
 * English first paint. Only a choice (the switcher, the language offer) sets it; visiting a page
 * in some language does not.
 */
export const LANGUAGE_COOKIE = 'textlift-lang';

/** A year: the choice outlives the visit. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The route code ("de", "br") in a Cookie header, or undefined; only two lowercase letters are taken. */
export function chosenLanguageOf(cookieHeader: string | undefined): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader ?? '');
  return match?.[1];
}
