import type { OcrLine } from './engine.ts';

/**
 * A word Tesseract read below this is one the second model may read otherwise. Set, not tuned:
 * with it, two scanned articles whose doubtful lines alone were read again chose the same words
 * as with the page read whole.
 */
const DOUBTFUL_BELOW = 90;

/** Above this share of a page's lines in doubt, the second model reads the page whole; below it, the lines read sure are blanked first. */
export const MOSTLY_DOUBTFUL = 0.5;

/** Letters only, three or more: a word the dictionary should know. */
const WORD_LIKE = /^\p{L}{3,}$/u;
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * The indexes of the lines where the first model may be wrong: a word read below
 * DOUBTFUL_BELOW, or a word of letters the language's dictionary does not know.
 */
export function doubtfulLines(lines: readonly OcrLine[], isWord?: (word: string) => boolean): number[] {
  const doubtful: number[] = [];
  lines.forEach((line, index) => {
    const unsure = line.words.some((word) => {
      if (word.confidence < DOUBTFUL_BELOW) return true;
      const bare = word.text.replace(EDGES, '');
      return Boolean(isWord) && WORD_LIKE.test(bare) && !isWord!(bare);
    });
    if (unsure) doubtful.push(index);
  });
  return doubtful;
}

/**
 * The page's lines with some of them replaced: `chosen` holds what became of the lines at
 * `indexes` (in their order, each result line tagged with the index it came from, lines added
 * between them untagged), and each goes back where its line was, added lines after it.
 */
export function spliceLines(lines: readonly OcrLine[], indexes: readonly number[], chosen: ReadonlyArray<OcrLine & { from?: number }>): OcrLine[] {
  const replaced = new Set(indexes);
  const byIndex = new Map<number, OcrLine[]>();
  let current = indexes[0] ?? -1;
  for (const line of chosen) {
    if (line.from !== undefined) current = line.from;
    const { from: _from, ...plain } = line;
    if (!byIndex.has(current)) byIndex.set(current, []);
    byIndex.get(current)!.push(plain);
  }
  return lines.flatMap((line, index) => (replaced.has(index) ? (byIndex.get(index) ?? []) : [line]));
}
