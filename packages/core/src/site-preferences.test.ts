import { describe, expect, it } from 'vitest';
import { chosenLanguageOf, chosenThemeOf } from './site-preferences.ts';

describe('the chosen language in a Cookie header', () => {
  it('finds it among other cookies', () => {
    expect(chosenLanguageOf('textlift-lang=de')).toBe('de');
    expect(chosenLanguageOf('a=1; textlift-lang=br; b=2')).toBe('br');
  });

  it('takes nothing else for it', () => {
    expect(chosenLanguageOf(undefined)).toBeUndefined();
    expect(chosenLanguageOf('')).toBeUndefined();
    expect(chosenLanguageOf('x-textlift-lang=de')).toBeUndefined();
    expect(chosenLanguageOf('textlift-lang=../x')).toBeUndefined();
    expect(chosenLanguageOf('textlift-lang=deu')).toBeUndefined();
    expect(chosenLanguageOf('textlift-lang=DE')).toBeUndefined();
  });
});

describe('the chosen theme in a Cookie header', () => {
  it('is light or dark, or none', () => {
    expect(chosenThemeOf('textlift-theme=dark')).toBe('dark');
    expect(chosenThemeOf('textlift-lang=de; textlift-theme=light')).toBe('light');
    expect(chosenThemeOf('textlift-theme=blue')).toBeUndefined();
    expect(chosenThemeOf('textlift-theme=dark"><script>')).toBeUndefined();
    expect(chosenThemeOf(undefined)).toBeUndefined();
  });
});
