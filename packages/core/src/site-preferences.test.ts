import { describe, expect, it } from 'vitest';
import { chosenLanguageOf, chosenOcrLanguageOf, chosenThemeOf } from './site-preferences.ts';

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

describe('the chosen OCR language in a Cookie header', () => {
  it('is a code, up to three joined by +, or auto', () => {
    expect(chosenOcrLanguageOf('textlift-ocr-lang=ell')).toBe('ell');
    expect(chosenOcrLanguageOf('textlift-lang=de; textlift-ocr-lang=jpn+eng; x=1')).toBe('jpn+eng');
    expect(chosenOcrLanguageOf('textlift-ocr-lang=chi_tra_vert')).toBe('chi_tra_vert');
    expect(chosenOcrLanguageOf('textlift-ocr-lang=auto')).toBe('auto');
  });

  it('takes nothing else for it', () => {
    expect(chosenOcrLanguageOf(undefined)).toBeUndefined();
    expect(chosenOcrLanguageOf('textlift-lang=de')).toBeUndefined();
    expect(chosenOcrLanguageOf('textlift-ocr-lang=eng+deu+fra+ita')).toBeUndefined();
    expect(chosenOcrLanguageOf('textlift-ocr-lang=ENG')).toBeUndefined();
    expect(chosenOcrLanguageOf('textlift-ocr-lang=eng"><script>')).toBeUndefined();
  });
});
