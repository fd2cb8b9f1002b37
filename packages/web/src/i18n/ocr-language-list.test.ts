import { describe, expect, it } from 'vitest';
import { ocrCatalogue } from '@textlift/core/ocr/language-catalogue';
import { ocrLanguageAliases } from './ocr-language-aliases.ts';
import { fold, groupLanguages, matchesQuery, pickerLanguages, scriptNamer, suggestedCodes } from './ocr-language-list.ts';

const vertical = (name: string) => `${name} (vertical)`;
const english = pickerLanguages('en', vertical);
const german = pickerLanguages('de', (name) => `${name} (vertikal)`);
const byCode = (languages: typeof english, code: string) => languages.find((language) => language.code === code)!;
const options = (interfaceTag: string, suggested: string[] = []) => ({
  suggested,
  suggestedLabel: 'Suggested',
  scriptName: scriptNamer(interfaceTag),
  interfaceTag,
});
const codesOf = (groups: ReturnType<typeof groupLanguages>) => groups.flatMap((group) => group.languages.map((language) => language.code));

describe('the OCR languages as the picker names them', () => {
  it('offers every catalogue language once, named in the reader language and in its own', () => {
    expect(english.map((language) => language.code).sort()).toEqual(ocrCatalogue.map((entry) => entry.code).sort());
    expect(byCode(english, 'ell')).toMatchObject({ name: 'Greek', ownName: 'Ελληνικά', group: 'Grek' });
    expect(byCode(german, 'ell')).toMatchObject({ name: 'Griechisch', ownName: 'Ελληνικά' });
    expect(byCode(german, 'fra')).toMatchObject({ name: 'Französisch', ownName: 'Français' });
  });

  it('names a vertical model apart from its horizontal one, and shows no own name where the browser has none or it is the same', () => {
    expect(byCode(english, 'jpn_vert').name).toBe('Japanese (vertical)');
    expect(byCode(english, 'jpn').name).toBe('Japanese');
    expect(byCode(english, 'eng').ownName).toBeUndefined();
    // No locale data for Divehi: its "own" name would be the English one.
    expect(byCode(german, 'div').ownName).toBeUndefined();
  });

  it('is sorted by the reader name', () => {
    const names = german.map((language) => language.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
  });
});

describe('searching the OCR languages', () => {
  const found = (languages: typeof english, query: string) => languages.filter((language) => matchesQuery(language, query)).map((language) => language.code);

  it('finds a language by its name in the reader language, its own name, its code and its tag', () => {
    expect(found(english, 'gree')).toEqual(['ell']);
    expect(found(german, 'griech')).toEqual(['ell']);
    expect(found(german, 'Ελλ')).toEqual(['ell']);
    expect(found(english, 'ελληνικα')).toEqual(['ell']);
    expect(found(english, 'ell')).toContain('ell');
    expect(found(english, 'zh-hant')).toEqual(['chi_tra', 'chi_tra_vert']);
    expect(found(english, '日本')).toEqual(['jpn', 'jpn_vert']);
  });

  it('ignores case and accents', () => {
    expect(found(german, 'FRANZOSISCH')).toEqual(['fra']);
    expect(fold('Türkçe')).toBe('turkce');
  });

  it('finds nothing for a word that names no language', () => {
    expect(found(english, 'klingon')).toEqual([]);
  });

  /** What Enter would take: the best match of the query. */
  const first = (languages: typeof english, query: string, interfaceTag = 'en') => codesOf(groupLanguages(languages, query, options(interfaceTag)))[0];

  it('finds Norwegian first by each name and code a reader types for it', () => {
    for (const query of ['norsk', 'bokmål', 'Bokmal', 'Norwegian', 'nb', 'no', 'nynorsk', 'norsk bokmål']) expect(first(english, query), query).toBe('nor');
    expect(first(german, 'norwegisch', 'de')).toBe('nor');
    expect(first(german, 'bokmål', 'de')).toBe('nor');
  });

  it('finds a language by the other names people use for it, where Intl gives only one', () => {
    const expected: Record<string, string> = {
      Farsi: 'fas',
      فارسی: 'fas',
      Castilian: 'spa',
      castellano: 'spa',
      español: 'spa',
      Tagalog: 'fil',
      Filipino: 'fil',
      Bengali: 'ben',
      Oriya: 'ori',
      Myanmar: 'mya',
      Flemish: 'nld',
      Slovene: 'slv',
    };
    for (const [query, code] of Object.entries(expected)) {
      expect(first(english, query), query).toBe(code);
      expect(first(german, query, 'de'), query).toBe(code);
    }
  });

  it('finds both Chinese entries first, before the vertical models, by "中文", "Chinese" or "zh"', () => {
    for (const query of ['中文', 'Chinese', 'chinese', 'zh', 'Mandarin']) {
      const codes = codesOf(groupLanguages(english, query, options('en')));
      expect(codes.slice(0, 2).sort(), query).toEqual(['chi_sim', 'chi_tra']);
    }
    expect(
      codesOf(groupLanguages(german, 'chinesisch', options('de')))
        .slice(0, 2)
        .sort(),
    ).toEqual(['chi_sim', 'chi_tra']);
  });

  it('keys every alias to a catalogue language, none of them a vertical model', () => {
    const codes = new Set(ocrCatalogue.filter((entry) => !entry.vertical).map((entry) => entry.code));
    expect(Object.keys(ocrLanguageAliases).filter((code) => !codes.has(code))).toEqual([]);
  });
});

describe('the picker groups', () => {
  it('lists the suggested languages first, then every language under its script', () => {
    const groups = groupLanguages(english, '', options('en', ['deu', 'eng', 'deu', 'nope']));
    expect(groups[0]).toMatchObject({ id: 'suggested', label: 'Suggested' });
    expect(groups[0]!.languages.map((language) => language.code)).toEqual(['deu', 'eng']);
    const scripts = groups.slice(1);
    expect(codesOf(scripts).sort()).toEqual(ocrCatalogue.map((entry) => entry.code).sort());
    expect(scripts.find((group) => group.id === 'Cyrl')).toMatchObject({ label: 'Cyrillic' });
    expect(scripts.find((group) => group.id === 'Cyrl')!.languages.map((language) => language.code)).toContain('ukr');
    // Both forms of Chinese under Han, not under "Simplified" and "Traditional".
    expect(scripts.find((group) => group.id === 'Hani')!.languages.map((language) => language.code)).toEqual(['chi_sim', 'chi_tra', 'chi_tra_vert']);
    const labels = scripts.map((group) => group.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names scripts in the reader language', () => {
    const groups = groupLanguages(german, '', options('de'));
    expect(groups.find((group) => group.id === 'Cyrl')!.label).toBe('Kyrillisch');
    expect(groups.find((group) => group.id === 'Grek')!.label).toBe('Griechisch');
  });

  it('shows only the matches, each once, while the reader types', () => {
    const groups = groupLanguages(english, 'gree', options('en', ['ell', 'eng']));
    expect(groups).toEqual([expect.objectContaining({ id: 'Grek', label: 'Greek' })]);
    expect(codesOf(groups)).toEqual(['ell']);
    expect(groupLanguages(english, 'klingon', options('en', ['eng']))).toEqual([]);
  });

  it('starts with Automatic where the OCR option takes it, found by its name or by "auto" while the reader types', () => {
    const auto = { ...options('de', ['deu', 'eng']), automaticName: 'Automatisch (erkennen)' };
    const [suggested] = groupLanguages(german, '', auto);
    expect(suggested!.languages.map((language) => language.code)).toEqual(['auto', 'deu', 'eng']);
    expect(groupLanguages(german, 'autom', auto)[0]).toMatchObject({ id: 'automatic', languages: [expect.objectContaining({ code: 'auto' })] });
    expect(codesOf(groupLanguages(german, 'auto', auto))[0]).toBe('auto');
    expect(codesOf(groupLanguages(german, 'griech', auto))).toEqual(['ell']);
    // Not offered: not listed, whatever is typed.
    expect(codesOf(groupLanguages(german, '', options('de', ['deu'])))).not.toContain('auto');
    expect(groupLanguages(german, 'auto', options('de'))).toEqual([]);
  });

  it('puts the best match first, so Enter takes what was meant', () => {
    // German's own name is "Deutsch"; German in Fraktur's only starts so, and its script sorts first.
    expect(codesOf(groupLanguages(english, 'deutsch', options('en')))).toEqual(['deu', 'frk']);
    expect(codesOf(groupLanguages(english, 'ja', options('en')))[0]).toBe('jpn');
  });
});

describe('the suggested languages', () => {
  it('start with the interface language, then the browser languages, then the bundled ones by name', () => {
    const bundled = ['eng', 'deu', 'fra', 'jpn'];
    expect(suggestedCodes('deu', ['zh-TW', 'ar-EG', 'de-AT', 'xx'], bundled, english)).toEqual(['deu', 'chi_tra', 'ara', 'eng', 'fra', 'jpn']);
  });
});
