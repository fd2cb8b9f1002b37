import { describe, expect, it } from 'vitest';
import { languages } from './i18n/languages.ts';
import { localizedPath, pageLanguage, pagePaths } from './site-pages.ts';

describe('page addresses in each language', () => {
  it('puts every language but English under its route code', () => {
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('en', '/about-us')).toBe('/about-us');
    expect(localizedPath('de', '/')).toBe('/de');
    expect(localizedPath('br', '/blog/how-to-extract-text-from-image')).toBe('/br/blog/how-to-extract-text-from-image');
  });

  it('reads the language and the page back from an address', () => {
    expect(pageLanguage('/')).toEqual({ code: 'en', path: '/' });
    expect(pageLanguage('/pdf-to-text')).toEqual({ code: 'en', path: '/pdf-to-text' });
    expect(pageLanguage('/de')).toEqual({ code: 'de', path: '/' });
    expect(pageLanguage('/de/')).toEqual({ code: 'de', path: '/' });
    expect(pageLanguage('/ph/blog/x')).toEqual({ code: 'ph', path: '/blog/x' });
    // "en" is never a prefix, and an unknown code is part of an English address.
    expect(pageLanguage('/en/about-us')).toEqual({ code: 'en', path: '/en/about-us' });
    expect(pageLanguage('/xx/about-us')).toEqual({ code: 'en', path: '/xx/about-us' });
  });

  it('round-trips every page of every language', () => {
    for (const language of languages) {
      for (const path of pagePaths()) expect(pageLanguage(localizedPath(language.code, path))).toEqual({ code: language.code, path });
    }
  });
});
