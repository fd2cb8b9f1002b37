import { PREFERENCE_COOKIE_MAX_AGE_S, THEME_COOKIE, type Theme } from '@textlift/core/site-preferences';

/** The theme in force: the visitor's choice (data-theme, set by the server from THEME_COOKIE), else the system's. */
export function activeTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies a theme now and keeps it, so the server sends the next page already in it. */
export function chooseTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser that visits (Safari before 18.4).
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
