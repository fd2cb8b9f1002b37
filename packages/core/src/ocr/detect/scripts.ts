import { ocrCatalogue } from '../language-catalogue.ts';
import { FIRST_DETECTION_MODEL } from '../languages.ts';

/**
 * Tesseract's OSD names a page's script by its own names; the catalogue speaks ISO 15924. Han
 * stands for Chinese characters as Chinese and Japanese both write them (found apart on the text).
 */
const osdScripts: Readonly<Record<string, string>> = {
  Latin: 'Latn',
  Cyrillic: 'Cyrl',
  Greek: 'Grek',
  Han: 'Hani',
  Japanese: 'Jpan',
  Hiragana: 'Jpan',
  Katakana: 'Jpan',
  Hangul: 'Kore',
  Korean: 'Kore',
  Arabic: 'Arab',
  Hebrew: 'Hebr',
  Devanagari: 'Deva',
  Bengali: 'Beng',
  Tamil: 'Taml',
  Telugu: 'Telu',
  Kannada: 'Knda',
  Malayalam: 'Mlym',
  Gujarati: 'Gujr',
  Gurmukhi: 'Guru',
  Oriya: 'Orya',
  Thai: 'Thai',
  Lao: 'Laoo',
  Myanmar: 'Mymr',
  Ethiopic: 'Ethi',
  Georgian: 'Geor',
  Armenian: 'Armn',
  Sinhala: 'Sinh',
  Tibetan: 'Tibt',
  Thaana: 'Thaa',
  Fraktur: 'Latf',
};

/** ISO 15924 code of an OSD script name, or undefined for one no catalogue language writes ("Common"). */
export function isoScriptOf(osdName: string): string | undefined {
  return osdScripts[osdName];
}

/** Which catalogue scripts a found script may be written in: Han is Chinese (either form) or Japanese. */
const scriptFamilies: Readonly<Record<string, readonly string[]>> = {
  Hani: ['Hans', 'Hant', 'Jpan'],
  Jpan: ['Jpan', 'Hans', 'Hant'],
};

/** Catalogue languages written in a script (horizontal models only: vertical ones are read when a page is found vertical). */
/**
 * The model a page whose languages are to be found is read with first: the reader's own
 * language where it is written in Latin (most pages are, and most are in it: the reading then
 * stands for the page's own, detect-languages.ts), else English.
 */
export function firstDetectionModel(preferred?: string): string {
  return preferred && languagesOfScript('Latn').includes(preferred) ? preferred : FIRST_DETECTION_MODEL;
}

export function languagesOfScript(script: string): string[] {
  const scripts = scriptFamilies[script] ?? [script];
  return ocrCatalogue.filter((entry) => scripts.includes(entry.script) && !entry.vertical).map((entry) => entry.code);
}

/**
 * The model a first quick pass reads a script with: the language with the most readers of those
 * that write it, whose model also carries the letters its neighbours add (jpn reads kana, kanji
 * and Latin). Scripts not named here have one catalogue language, read at once.
 */
const quickModels: Readonly<Record<string, string>> = {
  Latn: 'eng',
  Cyrl: 'rus',
  Hani: 'jpn',
  Jpan: 'jpn',
  Arab: 'ara',
  Deva: 'hin',
  Beng: 'ben',
  Hebr: 'heb',
  Ethi: 'amh',
};

export function quickModelOf(script: string): string | undefined {
  return quickModels[script] ?? languagesOfScript(script)[0];
}

/** Unicode scripts of letters as a text shows them, by ISO 15924 code; kana marks Japanese. */
const letterScripts: ReadonlyArray<readonly [string, RegExp]> = [
  ['Latn', /\p{Script=Latin}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Jpan', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hani', /\p{Script=Han}/u],
  ['Kore', /\p{Script=Hangul}/u],
  ['Arab', /\p{Script=Arabic}/u],
  ['Hebr', /\p{Script=Hebrew}/u],
  ['Deva', /\p{Script=Devanagari}/u],
  ['Beng', /\p{Script=Bengali}/u],
  ['Taml', /\p{Script=Tamil}/u],
  ['Telu', /\p{Script=Telugu}/u],
  ['Knda', /\p{Script=Kannada}/u],
  ['Mlym', /\p{Script=Malayalam}/u],
  ['Gujr', /\p{Script=Gujarati}/u],
  ['Guru', /\p{Script=Gurmukhi}/u],
  ['Orya', /\p{Script=Oriya}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Laoo', /\p{Script=Lao}/u],
  ['Mymr', /\p{Script=Myanmar}/u],
  ['Ethi', /\p{Script=Ethiopic}/u],
  ['Geor', /\p{Script=Georgian}/u],
  ['Armn', /\p{Script=Armenian}/u],
  ['Sinh', /\p{Script=Sinhala}/u],
  ['Tibt', /\p{Script=Tibetan}/u],
  ['Thaa', /\p{Script=Thaana}/u],
];

/** The script of one character (ISO 15924), or undefined for digits, marks and spaces. */
export function scriptOfLetter(character: string): string | undefined {
  for (const [script, pattern] of letterScripts) if (pattern.test(character)) return script;
  return undefined;
}

/** How many letters of each script a text holds. */
export function letterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const character of text) {
    const script = scriptOfLetter(character);
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return counts;
}
