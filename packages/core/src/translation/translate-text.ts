import { ConversionError, throwIfCancelled } from '../errors.ts';
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
      const lines = block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const longest = Math.max(0, ...lines.map((line) => line.length));
      const units: string[] = [];
      let previous = '';
      for (const line of lines) {
        const wraps =
          units.length > 0 &&
          longest >= SHORTEST_WRAPPING_LINE &&
          previous.length >= FULL_LINE * longest &&
          !ENDS_STATEMENT.test(previous) &&
          !BEGINS_ITEM.test(line);
        if (wraps) units[units.length - 1] = joinWrapped(units.at(-1)!, line);
        else units.push(line);
        previous = line;
      }
      return units;
    })
    .filter((units) => units.length > 0);
}

/**
 * Characters and lines sent to an engine at once: a long text is a few requests, not one per
 * line, and progress moves between them. Both stay well inside what POST /api/v1/translate takes
 * (translate-request.ts), which the page's batches go through; a line longer than this goes alone.
 */
export const TRANSLATION_BATCH_CHARS = 2000;
export const TRANSLATION_BATCH_LINES = 100;

export interface TranslateTextOptions {
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

/**
 * Translates a text paragraph by paragraph with one engine, keeping its structure: paragraphs
 * stay apart, lines that stood alone stay lines. Progress counts paragraphs.
 */
export async function translateText(
  text: string,
  engine: TranslationEngine,
  pair: LanguagePair,
  { onProgress, signal }: TranslateTextOptions = {},
): Promise<string> {
  const plan = planTranslation(text);
  // Every line with the paragraph it belongs to, sent in batches that may cut a paragraph.
  const lines = plan.flatMap((paragraph, index) => paragraph.map((line) => ({ line, paragraph: index })));
  const translated: string[] = [];
  while (translated.length < lines.length) {
    const start = translated.length;
    let end = start + 1;
    let size = lines[start]!.line.length;
    while (end < lines.length && end - start < TRANSLATION_BATCH_LINES && size + lines[end]!.line.length <= TRANSLATION_BATCH_CHARS)
      size += lines[end++]!.line.length;
    // "Paragraph 3 of 7": the one this batch begins in.
    onProgress?.(start / lines.length, 'translating', { page: lines[start]!.paragraph + 1, pages: plan.length });
    throwIfCancelled(signal);
    const batch = lines.slice(start, end).map(({ line }) => line);
    const out = await engine.translate(batch, pair, signal);
    if (out.length !== batch.length) throw new ConversionError('engine-failed', `The ${engine.id} engine answered ${out.length} lines for ${batch.length}.`);
    // Engines leave doubled spaces where they dropped a word (Apertium does).
    translated.push(...out.map((line) => line.replace(/\s+/g, ' ').trim()));
  }
  onProgress?.(1, 'translating', { page: plan.length, pages: plan.length });
  let at = 0;
  return plan.map((paragraph) => translated.slice(at, (at += paragraph.length)).join('\n')).join('\n\n');
}
