import { dictionaryForm, type Dictionary } from '../dictionary/dictionary.ts';

/**
 * Within a script, franc's trigrams tell languages apart by a few thousandths on short text
 * (an English statement of figures scored French 1, English 0.995; eurotext's six languages
 * named Spanish). The quick reading's words looked up in the near candidates' word lists (the
 * lists the page's reading weighs words with: dictionary/) settle it. Not by the share of words
 * each list has: Tesseract's lists hold many foreign words (eng's has 85% of the words of French
 * messages, 64% of Spanish ones), but by the words only one candidate's list has: on Debian's
 * messages in 10 Latin languages, 3-11 such words for the right language in three sentences,
 * at most 1 for another; on eurotext's six languages, 2-5 for each.
 */

/** A language's word list where its model is on hand (bundled, or fetched already), else undefined: none is fetched to weigh. */
export type WordLists = (code: string) => Promise<Dictionary | undefined>;

/** A word of this many letters or more says something of its language ("a", "I" do not). */
const MIN_WORD_LETTERS = 2;

/** The words of a text that a word list can judge: letters only, two or more (figures, dates and marks say nothing). */
export function weighableWords(text: string): string[] {
  return text
    .split(/\s+/u)
    .map(dictionaryForm)
    .filter((word) => /^[\p{L}\p{M}'’-]+$/u.test(word) && word.replace(/[^\p{L}]/gu, '').length >= MIN_WORD_LETTERS);
}

/** What the word lists say of the candidates whose lists are on hand. */
export interface WordWeights {
  /** Words found in this candidate's list and no other's weighed. */
  own: Map<string, number>;
  /** The share of the words found in this candidate's list. */
  share: Map<string, number>;
}

export async function weighWords(words: readonly string[], candidates: readonly string[], lists: WordLists): Promise<WordWeights> {
  const own = new Map<string, number>();
  const share = new Map<string, number>();
  const loaded = (await Promise.all(candidates.map(async (code) => [code, await lists(code).catch(() => undefined)] as const))).filter(
    (each): each is readonly [string, Dictionary] => each[1] !== undefined,
  );
  if (words.length === 0) return { own, share };
  const found = new Map<string, number>(loaded.map(([code]) => [code, 0]));
  for (const [code] of loaded) own.set(code, 0);
  for (const word of words) {
    const having = loaded.filter(([, list]) => list.has(word)).map(([code]) => code);
    for (const code of having) found.set(code, found.get(code)! + 1);
    if (having.length === 1) own.set(having[0]!, own.get(having[0]!)! + 1);
  }
  for (const [code, count] of found) share.set(code, count / words.length);
  return { own, share };
}

/**
 * The candidate the words clearly point to: it has more words of its own than twice the next
 * (3 to 1 is clear; eurotext's 5 to 4 is not), and at least one. Undefined where none does.
 */
export function clearLeader({ own }: WordWeights): string | undefined {
  const ranked = [...own].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 1) return undefined;
  return first[1] > 2 * (second?.[1] ?? 0) ? first[0] : undefined;
}
