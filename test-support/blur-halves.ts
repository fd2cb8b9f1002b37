// Where the words of a real photo's or receipt's truth stand: in the left or the right half of
// the picture as taken (test-support/ocr-variants.ts blurs the left half). The picture as taken
// is read by the tesseract command (TSV, word boxes) turned the quarter turn that reads it best;
// a word of that reading that is also a word of the truth is placed by its box (one across the
// middle is in neither half). Words the truth holds on both sides ("le", "de", a price) are left
// out, so each half's recall counts only words that stand in that half alone. Used by
// bench/ocr/blur-halves.ts and the blur test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { normalizeWhitespace } from './cer.ts';
import { foldFor, type RealSample } from './real-sets.ts';
import { uprightRgb } from './ocr-variants.ts';

export interface Halves {
  /** Words (folded as the set is scored) that stand in the left half alone, with their counts. */
  left: Record<string, number>;
  right: Record<string, number>;
}

/** The placing is cached: it reads each picture up to four times. */
const cacheFile = path.resolve('node_modules/.cache/blur-halves.json');
const cache: Record<string, Halves> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};

const words = (text: string) => normalizeWhitespace(text).split(' ').filter(Boolean);
const countsOf = (list: string[]) => list.reduce((counts, word) => counts.set(word, (counts.get(word) ?? 0) + 1), new Map<string, number>());

/** The command's words with their left and right ends in the picture as taken, read turned by `turns` quarter turns clockwise. */
async function placedWords(sample: RealSample, turns: number): Promise<{ text: string; x0: number; x1: number }[]> {
  const rgb = await uprightRgb(readFileSync(sample.file));
  const file = path.join(tmpdir(), `blur-halves-${process.pid}.png`);
  await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .rotate(turns * 90)
    .png()
    .toFile(file);
  const tsv = spawnSync('tesseract', [file, 'stdout', '--tessdata-dir', path.resolve('.data/tessdata'), '-l', sample.language, '-c', 'tessedit_create_tsv=1'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  }).stdout;
  rmSync(file);
  return tsv
    .split('\n')
    .slice(1)
    .map((row) => row.split('\t'))
    .filter((cells) => cells[0] === '5' && cells[11]?.trim())
    .map((cells) => {
      const [left, top, width, height] = cells.slice(6, 10).map(Number) as [number, number, number, number];
      // Back to the picture as taken (W wide): a clockwise turn took x to y' (90°), W - x' (180°), W - y' (270°).
      const [a, b] =
        turns === 0
          ? [left, left + width]
          : turns === 1
            ? [top, top + height]
            : turns === 2
              ? [rgb.width - left - width, rgb.width - left]
              : [rgb.width - top - height, rgb.width - top];
      return { text: cells[11]!.trim(), x0: a, x1: b };
    });
}

export async function halvesOf(sample: RealSample): Promise<Halves> {
  const key = path.basename(sample.file);
  if (cache[key]) return cache[key];
  const fold = foldFor(sample.set);
  const truth = countsOf(words(fold(sample.expected)));
  const { width } = await uprightRgb(readFileSync(sample.file));
  let best: { found: number; placed: { text: string; x0: number; x1: number }[] } | undefined;
  for (const turns of [0, 1, 3, 2]) {
    const placed = (await placedWords(sample, turns)).map((word) => ({ ...word, text: fold(word.text) }));
    const found = placed.filter((word) => truth.has(word.text)).length;
    if (!best || found > best.found) best = { found, placed };
    if (found > 0.6 * [...truth.values()].reduce((a, b) => a + b, 0)) break;
  }
  const inTruth = best!.placed.filter((word) => truth.has(word.text));
  // A word across the middle is in neither half: the blur runs into it from the left.
  const left = countsOf(inTruth.filter((word) => word.x1 < width / 2).map((word) => word.text));
  const right = countsOf(inTruth.filter((word) => word.x0 >= width / 2).map((word) => word.text));
  const alone = (side: Map<string, number>, other: Map<string, number>) =>
    Object.fromEntries([...side].filter(([word]) => !other.has(word)).map(([word, n]) => [word, Math.min(n, truth.get(word)!)]));
  cache[key] = { left: alone(left, right), right: alone(right, left) };
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(cache, null, 1));
  return cache[key];
}

/** Share of a half's words found in the reading (each found word used once). */
export function halfRecall(half: Record<string, number>, text: string): number {
  const read = countsOf(words(text));
  let total = 0;
  let found = 0;
  for (const [word, n] of Object.entries(half)) {
    total += n;
    found += Math.min(n, read.get(word) ?? 0);
  }
  return found / Math.max(1, total);
}
