// Real translated sentences for the OCR language bench: the message catalogues Debian ships
// (/usr/share/locale/{locale}/LC_MESSAGES/*.mo), each string written by a translator of that
// program, never for this test. English takes the catalogues' msgids, the programs' own words.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LOCALE_DIR = '/usr/share/locale';

/** Every (msgid, msgstr) of one GNU .mo file; plural forms and contexts split off. */
export function readMo(bytes: Buffer): Array<{ id: string; text: string }> {
  const magic = bytes.readUInt32LE(0);
  const little = magic === 0x950412de;
  if (!little && bytes.readUInt32BE(0) !== 0x950412de) return [];
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const count = u32(8);
  const ids = u32(12);
  const texts = u32(16);
  const at = (table: number, i: number) => bytes.toString('utf8', u32(table + i * 8 + 4), u32(table + i * 8 + 4) + u32(table + i * 8));
  const out: Array<{ id: string; text: string }> = [];
  for (let i = 0; i < count; i++) {
    // "context\u0004msgid" and "singular\0plural": the first form is the sentence.
    const id = at(ids, i).split('\u0004').pop()!.split('\0')[0]!;
    const text = at(texts, i).split('\0')[0]!;
    if (id) out.push({ id, text });
  }
  return out;
}

/** Letters a language's sentences are written in (most of a sentence's letters must be). */
const SCRIPT_LETTERS: Record<string, RegExp> = {
  Arab: /\p{Script=Arabic}/u,
  Deva: /\p{Script=Devanagari}/u,
  Thai: /\p{Script=Thai}/u,
  Cyrl: /\p{Script=Cyrillic}/u,
  Hebr: /\p{Script=Hebrew}/u,
  Kore: /\p{Script=Hangul}/u,
  Grek: /\p{Script=Greek}/u,
  Jpan: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  Latn: /\p{Script=Latin}/u,
};

/** Scripts written without spaces between words: a sentence there is long by its letters. */
const UNSPACED = new Set(['Thai', 'Jpan']);

/** Markup, format directives, paths, keys: not prose a page would print. */
const NOT_PROSE = /[%{}<>&\\$_|@#[\]=/*~^`"\t\n\r]|\.\.\.|https?:|\w\.\w/u;

/** At least this many words (or, where words are not spaced, letters): a real sentence. */
export const MIN_WORDS = 8;
const MIN_UNSPACED_LETTERS = 20;
const MAX_CHARS = 90;

export interface SentenceSource {
  /** The catalogue folder (`pt_BR`), or `en` for the msgids. */
  locale: string;
  script: string;
}

function isProse(text: string, script: string): boolean {
  if (text.length > MAX_CHARS || NOT_PROSE.test(text) || text !== text.trim()) return false;
  const letters = [...text].filter((char) => /\p{L}/u.test(char));
  const own = letters.filter((char) => SCRIPT_LETTERS[script]!.test(char)).length;
  if (letters.length === 0 || own < letters.length) return false;
  if (!/[\p{L}\p{N}][.!?。।؟]?$/u.test(text) || /^\p{Ll}/u.test(text)) return false;
  return UNSPACED.has(script) ? letters.length >= MIN_UNSPACED_LETTERS : text.split(/\s+/).length >= MIN_WORDS;
}

/** A stable order that is not the catalogue's (FNV-1a of the text), so no one program fills the page. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * Candidate sentences of one language, best first: translated (differs from the msgid), prose
 * of the language's script, 8+ words, one line long; each once, in a fixed pseudo-random order.
 */
export function candidateSentences({ locale, script }: SentenceSource): string[] {
  // The msgids of a well-translated locale's catalogues are English as the programs' authors wrote it.
  const dir = path.join(LOCALE_DIR, locale === 'en' ? 'de' : locale, 'LC_MESSAGES');
  const found = new Set<string>();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.mo'));
  } catch {
    return [];
  }
  for (const file of files.sort()) {
    for (const { id, text } of readMo(readFileSync(path.join(dir, file)))) {
      const sentence = (locale === 'en' ? id : text).normalize('NFC');
      if (locale !== 'en' && text === id) continue;
      if (isProse(sentence, script)) found.add(sentence);
    }
  }
  return [...found].sort((a, b) => fnv(a) - fnv(b));
}
