import { describe, expect, it } from 'vitest';
import { chosenLanguageOf } from './site-language.ts';

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
