/** English words as their letters a to z, lower-cased: a reading compared word for word, its figures and punctuation aside. */
export function letterWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Words as letters and figures, lower-cased; Chinese and Japanese count a character at a time. */
export function documentWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * How many of the reference's words (as a multiset: each counted as often as both have it) the
 * other text has, and how many words the reference has: for sums over many texts.
 */
export function wordsFound(reference: string, found: string): { found: number; words: number } {
  const have = new Map<string, number>();
  for (const word of documentWords(found)) have.set(word, (have.get(word) ?? 0) + 1);
  const wanted = documentWords(reference);
  let hits = 0;
  for (const word of wanted) {
    const left = have.get(word) ?? 0;
    if (left > 0) {
      hits++;
      have.set(word, left - 1);
    }
  }
  return { found: hits, words: wanted.length };
}

/** The share of the reference's words found in the other text (a converted document's); undefined where it has none. */
export function wordShare(reference: string, found: string): number | undefined {
  const counted = wordsFound(reference, found);
  return counted.words === 0 ? undefined : counted.found / counted.words;
}
