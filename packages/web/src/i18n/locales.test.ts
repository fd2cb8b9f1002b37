import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { languages } from './languages.ts';

const dir = new URL('./locales/', import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as unknown;

/** Every leaf of a dictionary as "a.b.0.c" paths, with its value. */
function leaves(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value]];
}

const english = leaves(read('en.json'));

test('English has every dictionary key the spec names, none empty', () => {
  const keys = new Map(english);
  const spec = [
    'siteTitle',
    'heroTitle',
    'heroDescription',
    'uploadTitle',
    'uploadDescription',
    'extractedTitle',
    'extractedDescription',
    'processing',
    'copyText',
    'download',
    'extractText',
    'uploadPlaceholder',
    'whyChooseTitle',
    'aiPowered',
    'aiDescription',
    'multiFormat',
    'multiFormatDescription',
    'batchProcessing',
    'batchDescription',
    'mobileFriendly',
    'mobileDescription',
    'howItWorksTitle',
    'step1',
    'step1Description',
    'step2',
    'step2Description',
    'step3',
    'step3Description',
    'nav.tools',
    'nav.about',
    'nav.contact',
  ];
  for (const key of spec) expect(keys.get(key), key).toEqual(expect.stringMatching(/\S/));
  for (const [key, value] of english) expect(value, key).toEqual(expect.stringMatching(/\S/));
});

test('every other dictionary present has exactly the English keys, none empty', () => {
  const files = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'en.json');
  for (const file of files) {
    expect(languages.map((language) => `${language.code}.json`)).toContain(file);
    const translated = new Map(leaves(read(file)));
    expect([...translated.keys()].sort(), file).toEqual(english.map(([key]) => key).sort());
    for (const [key, value] of translated) expect(value, `${file}: ${key}`).toEqual(expect.stringMatching(/\S/));
  }
});
