import type { OcrLine } from '../engine.ts';
import type { Dictionary } from './dictionary.ts';

/**
 * How much of a reading is what a reader would call text. Two readings of the same page or
 * region compare by `readableCharacters`: on the 14 ocr-docs pages the truth has at least
 * 2.2 times as many as tesseract's reading of the page turned 90° or 180° (3 to 14 times on
 * most), and tesseract's upright reading 0.7 to 1 times as many (less where it misses part of
 * a table).
 */
export interface Readability {
  /** Words read: every run of characters between spaces, but a lone sign or a word of strokes ("&", "Il"). */
  words: number;
  /** Of those, words of the dictionary, figures and codes. */
  readable: number;
  /**
   * Letters and digits in words of three or more of them. Shorter words weigh nothing: they
   * are what noise is made of, and no evidence of text, since a dictionary drawn from the web
   * lists nearly every pair of letters (English 657 of the 676 pairs of small letters; a
   * fifth of the triples).
   */
  characters: number;
  /** The same in readable words: the measure. */
  readableCharacters: number;
}

/** What one word of a reading is. */
export type WordKind =
  /** A dictionary word. */
  | 'word'
  /** A number, amount, percentage, date or time. */
  | 'figure'
  /** Letters and digits of an identifier: "A-14", "ISBN", "COVID-19", "BIG.COM.MY". */
  | 'code'
  /**
   * Neither text nor clearly noise, counted neither way: a word of two strokes ("Il", "II", "ll")
   * is a word or a ruled line's bars, a lone sign ("&", "—") punctuation or a speck.
   */
  | 'unsure'
  | 'noise';

/** Letters and digits, what the counts of characters count. */
const ALPHANUMERIC = /[\p{L}\p{N}]/gu;
const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{Nd}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
/** Scripts whose words have vowels: Latin, Greek, Cyrillic. Elsewhere the vowel test does not apply. */
const ALPHABETIC = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}'’-]+$/u;
/** Vowels, after accents are taken off (NFD): Latin with the Nordic and Turkish ones, Greek, Cyrillic. */
const VOWEL = /[aeiouyæøœıαεηιουωаеёиоуыэюяєії]/iu;
/** What a ruled line or a bar reads as: a word of only these is strokes, not letters. */
const STROKES = /^[Il|1!]+$/u;

/** Currency signs around an amount. */
const CURRENCY = '$€£¥₹₽₺¢';
/** Grouped thousands: 1,234 1.234 1 234 1'234 (and no group after a decimal part). */
const GROUPED = `\\d{1,3}(?:[,.  '’]\\d{3})+`;
/**
 * A figure as printed: optional sign and currency, digits (grouped or not), a decimal part,
 * a percent, currency or degree sign after, an ordinal's ending ("1st", "2nd", "3e", "1º").
 */
const FIGURE = new RegExp(`^[-+−±]?[${CURRENCY}]?[-+−]?(?:${GROUPED}|\\d+)(?:[.,]\\d+)?(?:[%‰°${CURRENCY}]|st|nd|rd|th|er|e|º|ª)?$`, 'u');
/** Dates and times: 12/21/2001, 2001-12-21, 21.12.01, 9:30, 09:30:15, 9:30am. */
const DATE = /^\d{1,4}([./-])\d{1,2}\1\d{1,4}$/u;
const TIME = /^\d{1,2}[:h.]\d{2}(?::\d{2})?(?:am|pm|AM|PM)?$/u;
/**
 * A code's part: capitals and digits (A14, MP3, 13A, 180199AF10), or digits alone; capitals
 * alone only inside a code ("A-14"), since a lone word in capitals is a word the dictionary
 * knows ("ISBN", "NATO") or not text.
 */
const CODE_PART = /^(?:\p{Lu}{1,6}\d*|\d+\p{Lu}{0,2}|\p{Lu}\d+\p{Lu}{0,2}|\d+\p{Lu}{1,3}\d+)$/u;
/** What joins the parts of a code or a compound: A-14, 0-13-110362-8, BIG.COM.MY, and/or, a@b. */
const JOINERS = /[-‐‑–—/.@_:+&·]/u;
/** An e-mail address or a web address: a code, whatever its parts. */
const ADDRESS = /^(?:[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|(?:https?:\/\/|www\.)\S+)$/iu;
/** Punctuation that opens or closes a word ("(12%)", "“Hello,”") and is no part of it. */
const AROUND = /^[\p{Ps}\p{Pi}"'‘’“”«»]+|[\p{Pe}\p{Pf}"'‘’“”«».,;:!?…]+$/gu;

/**
 * A run of digits with no separator is noise rather than a figure when it is long and made of
 * few digits, or one digit four times running: a ruled column or a blot read sideways gives
 * "89888689999"; a real figure of 5 digits or more ("1000000", "4006381333931", a phone
 * number) has its zeros at the end or several different digits.
 */
function isNoiseDigits(digits: string): boolean {
  // Zeros that pad an identifier or end a round figure are no sign of noise.
  const body = digits.replace(/^0+|0+$/gu, '');
  if (/(\d)\1{3}/u.test(body)) return true;
  return body.length >= 5 && new Set(body).size * 3 <= body.length;
}

/** Whether a word of letters is plausible as written text, whatever the dictionary lists. */
function isPlausibleWord(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  // Case as text has it: small, capitals or Capitalised; another mix ("aA", "JeY") only in longer words ("iPhone", "McDonald").
  if (letters.length < 4 && LOWER.test(letters.slice(1)) && UPPER.test(letters.slice(1))) return false;
  if (letters.length < 4 && LOWER.test(letters[0]!) && UPPER.test(letters)) return false;
  // The same letter three times running ("III", "lll", "WWW") is a rule or a blot.
  if (/(\p{L})\1\1/u.test(letters)) return false;
  // A vowelless word in small letters ("fd", "rn") is not a word of an alphabetic language;
  // in capitals or Capitalised it may be an abbreviation ("TV", "PDF", "Mr", "Mgr").
  if (letters.length >= 2 && !UPPER.test(letters) && ALPHABETIC.test(word)) {
    return VOWEL.test(letters.normalize('NFD'));
  }
  return true;
}

function isFigure(core: string): boolean {
  if (DATE.test(core) || TIME.test(core)) return true;
  if (!FIGURE.test(core)) return false;
  const digits = core.replace(/\D/gu, '');
  // Only a run without separators can be a column read sideways.
  return !/^\D*\d+\D*$/u.test(core) || !isNoiseDigits(digits);
}

/**
 * Part of a code: digits (not noise), capitals and digits (CODE_PART), or a dictionary word
 * ("ISBN", "BIG.COM.MY"). Where letters and digits mix, one letter at least must be other
 * than those digits are misread as (O I L T S Z B E G): a column of figures read upside
 * down or sideways gives "T1080", "8195S", "0T02".
 */
function isCodePart(part: string, dictionary: Dictionary | undefined): boolean {
  if (/^\d+$/u.test(part)) return !isNoiseDigits(part);
  if (isDictionaryWord(part, dictionary)) return true;
  if (!CODE_PART.test(part) || STROKES.test(part) || /(\p{L})\1\1/u.test(part)) return false;
  return !HAS_DIGIT.test(part) || /[^OILTSZBEG\d]/u.test(part);
}

function isDictionaryWord(word: string, dictionary: Dictionary | undefined): boolean {
  if (!HAS_LETTER.test(word) || HAS_DIGIT.test(word)) return false;
  return (dictionary?.has(word) ?? false) && isPlausibleWord(word);
}

/** What one word is, on its own (see `readableWords` for what its neighbours add). */
export function wordKind(word: string, dictionary?: Dictionary): WordKind {
  const core = word.replace(AROUND, '');
  // A lone sign ("&", "—", "•") is as common in text as in noise; a run of them ("|||", "—~-") is noise.
  if (!/[\p{L}\p{N}]/u.test(core)) return [...word].length === 1 || [...core].length === 1 ? 'unsure' : 'noise';
  if (isFigure(core)) return 'figure';
  if (ADDRESS.test(core)) return 'code';
  if (STROKES.test(core)) {
    if (core.length > 2) return 'noise';
    return core.length === 1 && dictionary?.has(core) ? 'word' : 'unsure';
  }
  if (isDictionaryWord(core, dictionary)) return 'word';
  // A lone code mixes capitals and digits: "A14", "MP3", "Q1", not "G9".
  if (HAS_DIGIT.test(core) && HAS_LETTER.test(core) && isCodePart(core, dictionary)) return 'code';
  const parts = core.split(JOINERS);
  if (parts.length >= 2 && parts.every((part) => part !== '' && (isCodePart(part, dictionary) || isFigure(part)))) {
    // Words joined by a hyphen or slash are words ("well-known", "and/or"); by a dot or @, an address.
    return parts.every((part) => isDictionaryWord(part, dictionary)) && !/[.@_:]/u.test(core) ? 'word' : 'code';
  }
  return 'noise';
}

/**
 * The letters of a reading's dictionary words alone (figures and codes left out): how two
 * readings of one line compare where one reader is the better at figures (the second
 * recogniser's digits) and the other keeps words whole.
 */
export function dictionaryLetters(reading: readonly string[] | readonly OcrLine[], dictionary?: Dictionary): number {
  return wordsOf(reading).reduce((sum, word) => (wordKind(word, dictionary) === 'word' ? sum + weight(word) : sum), 0);
}

function wordsOf(reading: readonly string[] | readonly OcrLine[]): string[] {
  const words: string[] = [];
  for (const item of reading) {
    if (typeof item === 'string') words.push(...item.split(/\s+/u).filter(Boolean));
    else for (const word of item.words) words.push(...word.text.split(/\s+/u).filter(Boolean));
  }
  return words;
}

/** Fewer letters and digits than this, and a word weighs nothing (see Readability.characters). */
const MIN_WEIGHED = 3;

function weight(word: string): number {
  const count = word.match(ALPHANUMERIC)?.length ?? 0;
  return count >= MIN_WEIGHED ? count : 0;
}

/**
 * How many of a reading's words a reader would call text: words of the language's
 * dictionary, figures (numbers, amounts, percentages, dates, times) and codes, and not noise
 * ("fd", "BRWRWRWW", "89888689999", "|||", "Ii1l"). A one-letter word counts where the
 * dictionary has it ("a", "I", "y", "à"), and a lone capital beside a figure or code ("13 A-14
 * B"). Without a dictionary only figures and codes count. Pure; the dictionary is the only
 * thing that knows a language.
 */
export function readableWords(reading: readonly string[] | readonly OcrLine[], dictionary?: Dictionary): Readability {
  const words = wordsOf(reading);
  const kinds = words.map((word) => wordKind(word, dictionary));
  // A neighbour that makes a lone capital part of a code: a code, or a figure of two digits or more.
  const strong = (index: number) => kinds[index] === 'code' || (kinds[index] === 'figure' && (words[index]!.match(/\d/gu)?.length ?? 0) >= 2);
  const result: Readability = { words: 0, readable: 0, characters: 0, readableCharacters: 0 };
  words.forEach((word, index) => {
    let kind = kinds[index]!;
    if (kind === 'noise' && /^\p{Lu}$/u.test(word.replace(AROUND, ''))) {
      if (strong(index - 1) || strong(index + 1)) kind = 'code';
    }
    if (kind === 'unsure') return;
    const characters = weight(word);
    result.words += 1;
    result.characters += characters;
    if (kind === 'noise') return;
    result.readable += 1;
    result.readableCharacters += characters;
  });
  return result;
}
