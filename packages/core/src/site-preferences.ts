/**
 * The visitor's choices that shape a page before any script runs, kept in cookies so that the
 * server can send the page already in them: the interface language (an address without a
 * language prefix, "/" or "/pdf-to-text", is answered with a redirect to the chosen language's)
 * and the colour theme (set on <html>, so a dark page is never painted light first). Only a
 * choice sets them (the switchers, the language offer); visiting a page in a language does not.
 */
export const LANGUAGE_COOKIE = 'textlift-lang';
export const THEME_COOKIE = 'textlift-theme';
/**
 * The OCR language chosen by hand in any OCR tool's picker ("ell", "jpn+eng", or "auto"), so
 * every OCR tool starts in it. Only the page reads it; the server sends every page the same.
 */
export const OCR_LANGUAGE_COOKIE = 'textlift-ocr-lang';

/** A year: a choice outlives the visit. */
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export type Theme = 'light' | 'dark';

function cookieValue(cookieHeader: string | undefined, name: string, pattern: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=(${pattern})(?:;|$)`).exec(cookieHeader ?? '')?.[1];
}

/** The route code ("de", "br") in a Cookie header, or undefined; only two lowercase letters are taken. */
export function chosenLanguageOf(cookieHeader: string | undefined): string | undefined {
  return cookieValue(cookieHeader, LANGUAGE_COOKIE, '[a-z]{2}');
}

/** The theme chosen in a Cookie header, or undefined where the system's preference holds. */
export function chosenThemeOf(cookieHeader: string | undefined): Theme | undefined {
  return cookieValue(cookieHeader, THEME_COOKIE, 'light|dark') as Theme | undefined;
}

/** The OCR language value chosen in a Cookie header (Tesseract codes joined by "+", or "auto"), or undefined. */
export function chosenOcrLanguageOf(cookieHeader: string | undefined): string | undefined {
  return cookieValue(cookieHeader, OCR_LANGUAGE_COOKIE, '[a-z_]{3,16}(?:\\+[a-z_]{3,16}){0,2}');
}
