/** Words as the quality measure counts them: runs of letters or digits, lower-cased. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * How many of the output's words the human version also has, each counted as often as both
 * have it (clipped unigram precision): the share of "the words it shares with the human version".
 */
export function sharedWords(output: string, human: string): { shared: number; words: number } {
  const left = new Map<string, number>();
  for (const word of wordsOf(human)) left.set(word, (left.get(word) ?? 0) + 1);
  let shared = 0;
  const words = wordsOf(output);
  for (const word of words) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      shared++;
      left.set(word, count - 1);
    }
  }
  return { shared, words: words.length };
}
