// The half-blurred pictures' readings scored by half (not a test): does the blur on the left
// half hurt the sharp right half (a decision made on the whole page), and how far is the
// blurred half from its reading unblurred? Reads nothing of the sweep again: it scores the
// `--out` files of bench/ocr/sweep.ts, each truth word placed in its half by
// test-support/blur-halves.ts (the tesseract command's word boxes on the picture as taken).
//
// Run: node bench/ocr/blur-halves.ts RUN.jsonl [MORE.jsonl ...]
//   prints, per set, variant and engine (and per file of runs), the mean recall of the sharp
//   half's words and of the blurred half's, beside the same picture's as taken (turn-0).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { foldFor, realSamples, type RealSample } from '../../test-support/real-sets.ts';
import { halfRecall, halvesOf } from '../../test-support/blur-halves.ts';
import { mean, percent } from './readers.ts';

/** A half with fewer words of its own than this is not scored (COD photos: the page fills the left half). */
const MIN_HALF_WORDS = 10;

interface Row {
  set: RealSample['set'];
  image: string;
  variant: string;
  engine: string;
  cer: number;
  recall: number;
  text: string;
}

const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (files.length === 0) throw new Error('usage: node bench/ocr/blur-halves.ts RUN.jsonl [MORE.jsonl ...]');
const samples = new Map(realSamples().map((sample) => [path.basename(sample.file), sample]));
console.log('| set | variant | engine | run | n | mean CER | sharp half recall (n) | blurred half recall (n) | sharp vs as taken | blurred vs as taken |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const file of files) {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
  const scored = [];
  for (const row of rows) {
    const sample = samples.get(row.image)!;
    const halves = await halvesOf(sample);
    const text = foldFor(sample.set)(row.text);
    // A half with few words of its own (a page lying in one half of the frame) is not scored.
    const recall = (half: Record<string, number>) => (Object.values(half).reduce((a, b) => a + b, 0) >= MIN_HALF_WORDS ? halfRecall(half, text) : Number.NaN);
    scored.push({ ...row, right: recall(halves.right), left: recall(halves.left) });
  }
  const groups = [...new Set(scored.map((row) => `${row.set}|${row.variant}|${row.engine}`))];
  for (const group of groups) {
    const [set, variant, engine] = group.split('|');
    const list = scored.filter((row) => row.set === set && row.variant === variant && row.engine === engine);
    const taken = scored.filter(
      (row) => row.set === set && row.variant === 'turn-0' && row.engine === engine && list.some((other) => other.image === row.image),
    );
    const scoredMean = (rowsOf: typeof list, key: 'left' | 'right') => mean(rowsOf.map((row) => row[key]).filter((value) => !Number.isNaN(value)));
    const delta = (key: 'left' | 'right') =>
      taken.length === list.length && variant !== 'turn-0' ? `${((scoredMean(list, key) - scoredMean(taken, key)) * 100).toFixed(1)} pt` : '—';
    const half = (key: 'left' | 'right') => `${percent(scoredMean(list, key))} (${list.filter((row) => !Number.isNaN(row[key])).length})`;
    console.log(
      `| ${set} | ${variant} | ${engine} | ${path.basename(file)} | ${list.length} | ${percent(mean(list.map((row) => row.cer)))} | ${half('right')} | ` +
        `${half('left')} | ${delta('right')} | ${delta('left')} |`,
    );
  }
}
