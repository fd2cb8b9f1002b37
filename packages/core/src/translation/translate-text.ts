import { throwIfCancelled } from '../errors.ts';
import type { ProgressCallback } from '../conversion.ts';
import type { TranslationEngine } from './engines.ts';
import type { LanguagePair } from './languages.ts';

/**
 * Text as it is translated: paragraphs (blocks between blank lines), each a list of lines to
 * translate on their own. A printed line that only wraps a sentence onto the next is joined to
 * it first, since a sentence cut in two is translated as two fragments; a line that stands alone
 * (a heading, an item of a list, a line of an address or a receipt) stays a line.
 */
export type TranslationPlan = string[][];

/** A line that ends a sentence or a clause that is not carried on: . ! ? : ; and the CJK stops, with a closing quote or bracket after. */
const ENDS_STATEMENT = /[.!?:;。！？：；…]["'”’»)\]）」』]*$/u;
/** A line that begins an item rather than carrying a sentence on: a bullet, a dash, "1." or "a)". */
const BEGINS_ITEM = /^(?:[-–—•·*▪●○■□➢►✓✔]|\(?\d{1,3}[.)]|\(?[a-z][.)]\s)/u;
/** Lines at least this share of the block's longest are full lines, which may wrap. */
const FULL_LINE = 0.6;
/** Shorter blocks are lists, addresses or labels: every line stays. */
const SHORTEST_WRAPPING_LINE = 25;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Joins a wrapped line to the one before: no space between CJK characters, a hyphen mended before a lower-case letter. */
function joinWrapped(before: string, after: string): string {
  if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  if (CJK.test(before.at(-1) ?? '') && CJK.test(after[0] ?? '')) return before + after;
  return `${before} ${after}`;
}

export function planTranslation(text: string): TranslationPlan {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim()).filter(Boolean);
      const longest = Math.max(0, ...lines.map((line) => line.length));
      const units: string[] = [];
      let previous = '';
      for (const line of lines) {
        const wraps = units.length > 0
          && longest >= SHORTEST_WRAPPING_LINE
          && previous.length >= FULL_LINE * longest
          && !ENDS_STATEMENT.test(previous)
          && !BEGINS_ITEM.test(line);
        if (wraps) units[units.length - 1] = joinWrapped(units.at(-1)!, line);
        else units.push(line);
        previous = line;
      }
      return units;
    })
    .filter((units) => units.length > 0);
}

/**
 * Characters sent to an engine at once: whole paragraphs up to this (one longer goes alone), so
 * a long text is a few requests, not one per line, and progress moves between them.
 */
export const TRANSLATION_BATCH_CHARS = 2000;

export interface TranslateTextOptions {
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

/**
 * Translates a text paragraph by paragraph with one engine, keeping its structure: paragraphs
 * stay apart, lines that stood alone stay lines. Progress counts paragraphs.
 */
export async function translateText(text: string, engine: TranslationEngine, pair: LanguagePair, { onProgress, signal }: TranslateTextOptions = {}): Promise<string> {
  const plan = planTranslation(text);
  const translated: string[][] = [];
  let next = 0;
  onProgress?.(0, 'translating', { page: 0, pages: plan.length });
  while (next < plan.length) {
    // Whole paragraphs up to the batch size; always at least one.
    let end = next + 1;
    let size = plan[next]!.join('\n').length;
    while (end < plan.length && size + plan[end]!.join('\n').length <= TRANSLATION_BATCH_CHARS) size += plan[end++]!.join('\n').length;
    const batch = plan.slice(next, end);
    throwIfCancelled(signal);
    const lines = await engine.translate(batch.flat(), pair, signal);
    let at = 0;
    for (const paragraph of batch) {
      // Engines leave doubled spaces where they dropped a word (Apertium does).
      translated.push(lines.slice(at, at + paragraph.length).map((line) => line.replace(/\s+/g, ' ').trim()));
      at += paragraph.length;
    }
    next = end;
    onProgress?.(next / plan.length, 'translating', { page: next, pages: plan.length });
  }
  return translated.map((lines) => lines.join('\n')).join('\n\n');
}
