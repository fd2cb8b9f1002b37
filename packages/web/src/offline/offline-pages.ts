import { languages } from '../i18n/languages.ts';

/** The language an address is in by its first segment ("/de/merge-pdf" -> "de"); English has none. */
export function languageOfPath(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return languages.some((language) => language.code === first && first !== 'en') ? first : 'en';
}

/**
 * The page to show offline for an address never loaded while online: a stored page of the same
 * language (its home first), else any stored page. Every page carries the whole app, which draws
 * the address it is opened at; a page of the same language also has that language's words in
 * the HTML's head and its dictionary already stored.
 */
export function fallbackPagePath(requested: string, stored: readonly string[]): string | undefined {
  const language = languageOfPath(requested);
  const home = language === 'en' ? '/' : `/${language}`;
  if (stored.includes(home)) return home;
  return stored.find((path) => languageOfPath(path) === language) ?? stored[0];
}

/**
 * Another page's HTML with its prerendered content taken out, so the app renders the address
 * it is opened at instead of hydrating over a different page (which React would reject as a
 * mismatch and redraw anyway, with an error in the console).
 */
export function withoutPrerenderedContent(html: string): string {
  return html.replace(/(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/, '$1$2');
}

/** Addresses of the server that are never pages to keep: the API, the compatible APIs, health and metrics. */
export const NOT_PAGES = /^\/(api|parse|v1|healthz|metrics)(\/|$)/;
