import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { languageDataSource } from '../language-data.ts';
import { ocrLanguageTag, type BundledOcrLanguage } from '../languages.ts';
import { anyOf, dictionaryForm, dictionaryFromTraineddata, type WordList } from './dictionary.ts';
import { dictionaryLoader } from './load-dictionary.ts';
import { readTraineddata, TraineddataPart } from './traineddata.ts';

/** The model this project reads the language with: npm's best_int, or Debian's (rus); undefined where absent. */
function modelFile(code: BundledOcrLanguage): string | undefined {
  const source = languageDataSource(code);
  if (source.kind === 'debian') return existsSync(source.path) ? source.path : undefined;
  return fileURLToPath(import.meta.resolve(source.specifier));
}

function modelBytes(code: BundledOcrLanguage): Uint8Array {
  const bytes = readFileSync(modelFile(code)!);
  return bytes[0] === 0x1f ? gunzipSync(bytes) : bytes;
}

const cache = new Map<BundledOcrLanguage, WordList>();
function wordList(code: BundledOcrLanguage): WordList {
  let list = cache.get(code);
  if (!list) {
    list = dictionaryFromTraineddata(modelBytes(code), ocrLanguageTag(code))!;
    cache.set(code, list);
  }
  return list;
}

/** Strings of letters no language lists, 6 to 12 long, from a fixed seed. */
function randomStrings(count: number, alphabet: string): string[] {
  let seed = 34;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const letters = [...alphabet];
  return Array.from({ length: count }, () => Array.from({ length: 6 + Math.floor(next() * 7) }, () => letters[Math.floor(next() * letters.length)]).join(''));
}

describe('the word list inside a traineddata file', () => {
  test('the container holds the LSTM word graph and unicharset, found by the table of contents', () => {
    const parts = readTraineddata(modelBytes('eng'));
    const unicharset = new TextDecoder().decode(parts.get(TraineddataPart.lstmUnicharset));
    expect(unicharset.split('\n')[0]).toBe('112');
    // The word graph starts with its magic number, 42, and the unicharset's size.
    const dawg = parts.get(TraineddataPart.lstmWordDawg)!;
    expect([dawg[0], dawg[1], dawg[2]]).toEqual([42, 0, 112]);
  });

  test("a sample of the words Debian's dawg2wordlist lists for English is all found, random strings are not", () => {
    // fixtures/eng-words.txt: 300 words drawn from `dawg2wordlist eng.lstm-unicharset eng.lstm-word-dawg`
    // (tesseract 5.3, Debian) on the best_int model, those that begin and end with a letter or digit.
    const listed = readFileSync(new URL('fixtures/eng-words.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(listed.length).toBe(300);
    const english = wordList('eng');
    expect(listed.filter((word) => !english.has(word))).toEqual([]);
    const random = randomStrings(300, 'abcdefghijklmnopqrstuvwxyz');
    expect(random.filter((word) => english.has(word))).toEqual([]);
  });

  test('listing the graph gives what dawg2wordlist gives: its count, its first words in its order', () => {
    const words = [...wordList('eng').words()];
    expect(words.length).toBe(338_080);
    // dawg2wordlist's first lines for this model.
    expect(words.slice(0, 3)).toEqual(['Ca', 'Cat', 'Catlett']);
  });

  const common: Record<BundledOcrLanguage, string[]> = {
    eng: ['the', 'house', 'Government', 'WATER', "don't", 'don’t', 'children', 'a', 'I'],
    rus: ['дом', 'вода', 'Москва', 'ЖИЗНЬ', 'ещё', 'работа', 'человек', 'в'],
    spa: ['niño', 'también', 'corazón', 'Año', 'ESPAÑA', 'pequeño', 'y'],
    fra: ['été', 'français', 'œuvre', 'garçon', 'aujourd’hui', "aujourd'hui", 'Élève', 'ÉTÉ', 'à'],
    fil: ['salamat', 'bahay', 'kumusta', 'mahal', 'paaralan', 'kaibigan'],
    ind: ['rumah', 'terima', 'kasih', 'makan', 'sekolah', 'pemerintah'],
    deu: ['große', 'Straße', 'Mädchen', 'über', 'schön', 'Grüße', 'GRÖSSE'],
    por: ['coração', 'não', 'São', 'informação', 'você', 'à'],
    dan: ['København', 'æble', 'sø', 'være', 'på'],
    nld: ['huis', 'gezellig', 'twee', 'één', 'ijs', 'café'],
    pol: ['żółw', 'źródło', 'łódź', 'Kraków', 'gęś', 'ŻÓŁW', 'w', 'z'],
    ita: ['città', 'perché', 'però', 'casa', 'università', 'è'],
    // Turkish capitals lower by Turkish rules: IRMAK is ırmak, ŞEHİR is şehir.
    tur: ['şehir', 'ağaç', 'İstanbul', 'ırmak', 'çocuk', 'ŞEHİR', 'IRMAK'],
    chi_sim: [],
    jpn: [],
  };
  const gibberish = ['xqzvbnrt', 'qqwwzzk', 'zzxqjv', 'BRWRWRWW', 'fdfdfd', 'ĳĳĳ', 'żżźźż', 'щщщъъ'];

  for (const code of Object.keys(common) as BundledOcrLanguage[]) {
    if (common[code].length === 0) continue;
    test.skipIf(!modelFile(code))(`${code}: common words with their accents are found, gibberish is not`, () => {
      const list = wordList(code);
      expect(common[code].filter((word) => !list.has(word))).toEqual([]);
      expect(gibberish.filter((word) => list.has(word))).toEqual([]);
    });
  }

  test('a word as read: punctuation around it off, then as it is, in small letters or Capitalised', () => {
    const english = wordList('eng');
    for (const word of ['“Government,”', '(house)', 'children.', '«water»', 'PARIS', 'Paris', 'paris', 'ﬁnancial']) expect(english.has(word), word).toBe(true);
    // A mix of cases is tried only as it is: not "house" for "hOUSE".
    for (const word of ['hOUSE', 'hoUse', '', '...', '—', 'house1']) expect(english.has(word), word).toBe(false);
  });

  test("a word with Thai's or Lao's sara am is looked up as tesseract's word lists spell it, in two parts", () => {
    expect(dictionaryForm('ทำ')).toBe('ท\u0e4d\u0e32');
    expect(dictionaryForm('(น้ำ)')).toBe('น\u0e49\u0e4d\u0e32');
    expect(dictionaryForm('ຄຳ')).toBe('ຄ\u0ecd\u0eb2');
  });

  test('a tag the host does not know gives the default case rules, not an error', () => {
    const list = dictionaryFromTraineddata(modelBytes('eng'), 'not a tag!')!;
    expect(list.has('HOUSE')).toBe(true);
  });

  test('a page in two languages: a word counts if either has it', () => {
    const both = anyOf([wordList('eng'), wordList('fra')])!;
    expect(both.has('house') && both.has('été') && both.has('garçon')).toBe(true);
    expect(both.has('żółw')).toBe(false);
    expect(anyOf([undefined, wordList('eng')])).toBe(wordList('eng'));
    expect(anyOf([undefined])).toBeUndefined();
  });

  test('a file that is not a model is refused; a loader gives undefined for it and for a failed read, never an error', async () => {
    expect(() => dictionaryFromTraineddata(new Uint8Array([1, 2, 3]))).toThrow();
    const corrupt = modelBytes('eng').slice();
    const dawg = readTraineddata(corrupt).get(TraineddataPart.lstmWordDawg)!;
    dawg[0] = 7;
    expect(() => dictionaryFromTraineddata(corrupt)).toThrow(/magic/);
    const load = dictionaryLoader(async (language) => {
      if (language === 'eng') return new Uint8Array(gunzipSync(readFileSync(modelFile('eng')!)).subarray(0, 5000));
      throw new Error('not found');
    });
    await expect(load(['eng', 'fra'])).resolves.toBeUndefined();
  });

  test('a loader reads a gzipped model once per language and keeps it', async () => {
    let reads = 0;
    const load = dictionaryLoader(async (language) => {
      reads += 1;
      return readFileSync(modelFile(language as BundledOcrLanguage)!);
    });
    const first = await load(['eng']);
    expect(first?.has('house')).toBe(true);
    const both = await load(['eng', 'deu']);
    expect(both?.has('Straße') && both.has('house')).toBe(true);
    expect(reads).toBe(2);
  });
});
