import { SquishedDawg } from './squished-dawg.ts';
import { readTraineddata, TraineddataPart } from './traineddata.ts';
import { parseUnicharset } from './unicharset.ts';

/** Whether a word is one of a language's words. */
export interface Dictionary {
  /**
   * The word as read, with punctuation around it taken off, tried as it is, in small letters
   * (a sentence's first word, a heading in capitals) and Capitalised (a name in a heading).
   */
  has(word: string): boolean;
}

/** Around a word, anything that is not a letter, digit or mark: quotes, brackets, stops, dashes. */
const LEADING = /^[^\p{L}\p{N}]+/u;
const TRAILING = /[^\p{L}\p{N}\p{M}]+$/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const ASCII = /^[\x20-\x7e]*$/;
const isAsciiAlphanumeric = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** The ligatures tesseract's training cleans out of its text (UNICHARSET::kCleanupMaps). */
const LIGATURES: Record<string, string> = { ﬁ: 'fi', ﬂ: 'fl' };

/**
 * The word as the dictionary spells it: composed accents, no ligatures, no punctuation around
 * it, and Thai's and Lao's sara am in its two parts, as tesseract's word lists hold it (the text
 * we give has it as one letter: printedForm in ocr-text.ts).
 */
export function dictionaryForm(word: string): string {
  // Most words are plain ASCII letters: nothing to do, and no regular expression to run.
  if (isAsciiAlphanumeric(word.charCodeAt(0)) && isAsciiAlphanumeric(word.charCodeAt(word.length - 1)) && ASCII.test(word)) return word;
  return word
    .normalize('NFC')
    .replace(/\u0e33/gu, '\u0e4d\u0e32')
    .replace(/\u0eb3/gu, '\u0ecd\u0eb2')
    .replace(/[ﬁﬂ]/g, (ligature) => LIGATURES[ligature]!)
    .replace(LEADING, '')
    .replace(TRAILING, '');
}

/**
 * One language's word list: tesseract's LSTM word graph over its LSTM unicharset, the pair
 * every model we ship carries. `locale` is the language's BCP-47 tag, for its case rules
 * (Turkish I and ı).
 */
export class WordList implements Dictionary {
  readonly dawg: SquishedDawg;
  /** Letter id of each character, and the longest character in UTF-16 units (a few are two). */
  private readonly ids = new Map<string, number>();
  /** The same for characters of one UTF-16 unit, by code: most lookups. */
  private readonly unitIds = new Map<number, number>();
  private readonly longest: number;
  readonly characters: readonly string[];
  readonly locale: string | undefined;

  constructor(unicharset: string, dawg: Uint8Array, locale?: string) {
    this.locale = knownLocale(locale);
    this.characters = parseUnicharset(unicharset);
    this.dawg = new SquishedDawg(dawg);
    if (this.dawg.unicharsetSize !== this.characters.length) throw new Error('The word graph was made for another unicharset.');
    // Ids 0-2 are the space and tesseract's "Joined" and "|Broken|" marks, never a word's letter.
    this.characters.forEach((character, id) => {
      if (id <= 2 || this.ids.has(character)) return;
      this.ids.set(character, id);
      if (character.length === 1) this.unitIds.set(character.charCodeAt(0), id);
    });
    this.longest = Math.max(1, ...[...this.ids.keys()].map((character) => character.length));
  }

  has(word: string): boolean {
    const form = dictionaryForm(word);
    if (!form) return false;
    if (this.contains(form)) return true;
    const lower = form.toLocaleLowerCase(this.locale);
    if (lower === form) return false;
    const first = form.slice(0, firstLength(form));
    const inCapitals = !LOWER.test(form);
    // Small letters for a Capitalised word or one in capitals; not for "iPhone" or "BRwR".
    if ((inCapitals || (UPPER.test(first) && !UPPER.test(form.slice(first.length)))) && this.contains(lower)) return true;
    return inCapitals && this.contains(capitalised(lower, this.locale));
  }

  /** The exact spelling, with the apostrophe as the other of ' and ’ where the first is not listed. */
  private contains(word: string): boolean {
    if (this.walk(word, 0, 0)) return true;
    if (word.includes("'")) return this.walk(word.replaceAll("'", '’'), 0, 0);
    if (word.includes('’')) return this.walk(word.replaceAll('’', "'"), 0, 0);
    return false;
  }

  /** Whether word[from..] ends a word from `node`, trying every way to spell it in the unicharset's characters. */
  private walk(word: string, from: number, node: number): boolean {
    for (let length = 1; length <= this.longest && from + length <= word.length; length += 1) {
      const id = length === 1 ? this.unitIds.get(word.charCodeAt(from)) : this.ids.get(word.slice(from, from + length));
      if (id === undefined) continue;
      const edge = this.dawg.edgeOf(node, id);
      if (edge < 0) continue;
      const end = from + length;
      if (end === word.length) {
        if (this.dawg.endsWord(edge)) return true;
        continue;
      }
      const next = this.dawg.nextNode(edge);
      if (next !== 0 && this.walk(word, end, next)) return true;
    }
    return false;
  }

  /** Every word listed, as text: for tests against tesseract's own listing. */
  *words(): Generator<string> {
    for (const ids of this.dawg.words()) yield ids.map((id) => this.characters[id]).join('');
  }

  /** Memory held by the word graph, in bytes. */
  get byteLength(): number {
    return this.dawg.byteLength;
  }
}

/** The tag if the host's Intl knows it, else undefined (the default case rules): a bad tag must not make every lookup throw. */
function knownLocale(locale: string | undefined): string | undefined {
  try {
    return locale && Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}

function firstLength(word: string): number {
  return String.fromCodePoint(word.codePointAt(0)!).length;
}

function capitalised(lower: string, locale: string | undefined): string {
  const first = lower.slice(0, firstLength(lower));
  return first.toLocaleUpperCase(locale) + lower.slice(first.length);
}

/**
 * The word list inside a traineddata file (see traineddata.ts), or undefined where the model
 * carries none. Throws on a file that is not a traineddata file.
 */
export function dictionaryFromTraineddata(bytes: Uint8Array, locale?: string): WordList | undefined {
  const parts = readTraineddata(bytes);
  const unicharset = parts.get(TraineddataPart.lstmUnicharset);
  const dawg = parts.get(TraineddataPart.lstmWordDawg);
  if (!unicharset || !dawg) return undefined;
  return new WordList(new TextDecoder().decode(unicharset), dawg, locale);
}

/** A page read in several languages ("eng+fra"): a word counts if any of them has it. */
export function anyOf(dictionaries: readonly (Dictionary | undefined)[]): Dictionary | undefined {
  const present = dictionaries.filter((dictionary): dictionary is Dictionary => dictionary !== undefined);
  if (present.length <= 1) return present[0];
  return { has: (word) => present.some((dictionary) => dictionary.has(word)) };
}
