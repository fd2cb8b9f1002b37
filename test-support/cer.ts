import { distance } from 'fastest-levenshtein';

/** Whitespace is layout, not text: runs of it count as one space, as the corpus README says. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Character error rate: edit distance over the reference length, after whitespace folding. */
export function characterErrorRate(actual: string, expected: string): number {
  const reference = normalizeWhitespace(expected);
  return distance(normalizeWhitespace(actual), reference) / Math.max(1, reference.length);
}

/** Word error rate on whitespace-separated words. */
export function wordErrorRate(actual: string, expected: string): number {
  const words = (text: string) => normalizeWhitespace(text).split(' ').filter(Boolean);
  const a = words(actual);
  const e = words(expected);
  // Map each distinct word to one character so the string distance counts word edits.
  const codes = new Map<string, string>();
  const encode = (list: string[]) =>
    list
      .map((word) => {
        if (!codes.has(word)) codes.set(word, String.fromCodePoint(0x4e00 + codes.size));
        return codes.get(word)!;
      })
      .join('');
  return distance(encode(a), encode(e)) / Math.max(1, e.length);
}

/** How many times each whitespace-separated word occurs. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of normalizeWhitespace(text).split(' ').filter(Boolean)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Words of `expected` found in `actual`, order-free, each found word used once. */
function commonWords(actual: string, expected: string): { common: number; actual: number; expected: number } {
  const a = wordCounts(actual);
  const e = wordCounts(expected);
  let common = 0;
  for (const [word, n] of a) common += Math.min(n, e.get(word) ?? 0);
  const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { common, actual: total(a), expected: total(e) };
}

/**
 * Word-level F1 against a reference, ignoring order: did we get the same words, whatever order
 * two readers put the columns of a page in?
 */
export function wordF1(actual: string, expected: string): number {
  return wordScores(actual, expected).f1;
}

/**
 * Order-free word precision (words read that are on the page), recall (words of the page that
 * were read) and their F1, over the multisets of whitespace-separated words, each word matched
 * once: how the corpus README says to score the `ocr-docs` truths, whose order is not reading order.
 */
export function wordScores(actual: string, expected: string): { precision: number; recall: number; f1: number } {
  const counts = commonWords(actual, expected);
  const precision = counts.common / Math.max(1, counts.actual);
  const recall = counts.common / Math.max(1, counts.expected);
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

/** Share of the reference's words found in the reading, order-free (each found word used once). */
export function wordRecall(actual: string, expected: string): number {
  const counts = commonWords(actual, expected);
  return counts.common / Math.max(1, counts.expected);
}
