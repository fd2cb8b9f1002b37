import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './chosen-language.ts';

describe('the browser language offered to a first visitor', () => {
  it('takes the first preference we have, by its base language', () => {
    expect(preferredLanguage(['de-AT', 'en'])).toBe('de');
    expect(preferredLanguage(['ja', 'fr-CA', 'de'])).toBe('fr');
    expect(preferredLanguage(['pt-PT'])).toBe('br');
    expect(preferredLanguage(['pt-BR'])).toBe('br');
    expect(preferredLanguage(['fil-PH'])).toBe('ph');
    expect(preferredLanguage(['tl'])).toBe('ph');
    expect(preferredLanguage(['EN-us'])).toBe('en');
  });

  it('offers nothing when none of the preferences is ours', () => {
    expect(preferredLanguage(['ja', 'zh-CN'])).toBeUndefined();
    expect(preferredLanguage([])).toBeUndefined();
  });
});
