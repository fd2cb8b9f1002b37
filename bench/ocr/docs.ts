// The ocr-docs table of issue 21 (not a test): every real document image of
// ../shared/corpus/ocr-docs (court filings, depositions, multi-column articles, tables, a form,
// a chart, a slide, a receipt) read by our pipeline through the API's core and, in the same run
// on the same file, by the tesseract command with its defaults. The truths are words, not
// reading order (a table's cells may go by row or by column), so each reading is scored
// order-free over the multiset of words (test-support/cer.ts wordScores): precision (words
// read that are on the page), recall (words of the page read) and F1, exact words after
// whitespace folding. Per document, ours against the CLI's and the difference in F1; then the
// mean and median rows, and how many documents ours reads below the CLI.
//
// Run: node bench/ocr/docs.ts [flags]      (npm run bench:ocr-docs -- [flags])
//   --engines native,wasm,cli,tjs   readers (default native,cli)
//   --wasm                          add our pipeline on tesseract.js
//   --docs table,chart              name substrings
//   --out FILE.json                 every reading (text included)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { wordScores } from '../../test-support/cer.ts';
import { corpusDir } from '../../test-support/corpus.ts';
import { median } from '../server-process.ts';
import { createReader, listFlag, mean, percent, pipelineVersion, readerIds, READER_NAMES, type Reader, type ReaderId } from './readers.ts';

const startedAt = performance.now();
const version = pipelineVersion();
const args = process.argv.slice(2);
const engines = readerIds(args, ['native', 'cli']);
if (args.includes('--wasm') && !engines.includes('wasm')) engines.splice(engines.indexOf('native') + 1, 0, 'wasm');
const filters = listFlag(args, 'docs');
const outFile = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;

const dir = path.join(corpusDir, 'ocr-docs');
const documents = readdirSync(dir)
  .filter((file) => /\.(png|jpe?g|tiff?|webp|bmp)$/i.test(file) && !file.includes('.expected'))
  .filter((file) => !filters || filters.some((filter) => file.includes(filter)))
  .sort()
  .map((file) => ({ file: path.join(dir, file), name: file, expected: readFileSync(path.join(dir, file.replace(/\.[^.]+$/, '.expected.txt')), 'utf8') }));
if (documents.length === 0) throw new Error('no document matches --docs');

const short: Record<ReaderId, string> = { native: 'ours', wasm: 'ours wasm', cli: 'CLI', tjs: 'tjs' };
const ours = engines.filter((engine) => engine === 'native' || engine === 'wasm');
const reference = engines.includes('cli') ? 'cli' : undefined;

const readers: Reader[] = [];
for (const id of engines) readers.push(await createReader(id));
// Model loading is not a page's reading: the smallest document once first, not counted.
const smallest = [...documents].sort((a, b) => statSync(a.file).size - statSync(b.file).size)[0]!;
for (const reader of readers) await reader.read(readFileSync(smallest.file), 'eng');

interface Score {
  precision: number;
  recall: number;
  f1: number;
  seconds: number;
  error?: string;
  text: string;
}
const scores = new Map<string, Map<ReaderId, Score>>();
for (const document of documents) {
  const bytes = readFileSync(document.file);
  const byEngine = new Map<ReaderId, Score>();
  for (const reader of readers) {
    const reading = await reader.read(bytes, 'eng');
    const score = { ...wordScores(reading.text, document.expected), seconds: reading.seconds, error: reading.error, text: reading.text };
    byEngine.set(reader.id, score);
    console.error(
      `${document.name} ${reader.id}: P ${percent(score.precision)} R ${percent(score.recall)} F1 ${percent(score.f1)} ` +
        `${score.seconds.toFixed(1)} s${score.error ? ` (${score.error})` : ''}`,
    );
  }
  scores.set(document.name, byEngine);
}
for (const reader of readers) await reader.close();

type Column = { head: string; value: (byEngine: Map<ReaderId, Score>) => number; format: (value: number) => string };
const pct = (value: number) => percent(value, 1);
const signed = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} pt`;
const columns: Column[] = [];
for (const engine of engines) {
  columns.push({ head: `${short[engine]} P`, value: (s) => s.get(engine)!.precision, format: pct });
  columns.push({ head: `${short[engine]} R`, value: (s) => s.get(engine)!.recall, format: pct });
  columns.push({ head: `${short[engine]} F1`, value: (s) => s.get(engine)!.f1, format: pct });
}
if (reference)
  for (const engine of ours) columns.push({ head: `ΔF1 ${short[engine]} − CLI`, value: (s) => s.get(engine)!.f1 - s.get(reference)!.f1, format: signed });
for (const engine of engines) columns.push({ head: `${short[engine]} s`, value: (s) => s.get(engine)!.seconds, format: (value) => value.toFixed(2) });

console.log(
  `\nocr-docs: ${documents.length} documents, order-free word precision / recall / F1 against .expected.txt (exact words); ` +
    `${engines.map((engine) => `${short[engine]} = ${READER_NAMES[engine]}`).join('; ')}; pipeline at ${version}\n`,
);
console.log(`| document | words | ${columns.map((column) => column.head).join(' | ')} |`);
console.log(`|---|---|${columns.map(() => '---').join('|')}|`);
for (const document of documents) {
  const byEngine = scores.get(document.name)!;
  const words = document.expected.split(/\s+/).filter(Boolean).length;
  console.log(`| ${document.name} | ${words} | ${columns.map((column) => column.format(column.value(byEngine))).join(' | ')} |`);
}
const all = [...scores.values()];
console.log(`| **mean** | | ${columns.map((column) => column.format(mean(all.map(column.value)))).join(' | ')} |`);
console.log(`| **median** | | ${columns.map((column) => column.format(median(all.map(column.value)))).join(' | ')} |`);

if (reference) {
  console.log('');
  for (const engine of ours) {
    const below = documents.filter((document) => scores.get(document.name)!.get(engine)!.f1 < scores.get(document.name)!.get(reference)!.f1);
    const named = below.length ? ` (${below.map((document) => document.name).join(', ')})` : '';
    const timeRatio = median(all.map((s) => s.get(engine)!.seconds / s.get(reference)!.seconds));
    console.log(
      `- ${READER_NAMES[engine]}: below the CLI's F1 on ${below.length} of ${documents.length}${named}; ` +
        `time ratio to the CLI, median per document ${timeRatio.toFixed(2)}`,
    );
  }
}
if (outFile) writeFileSync(outFile, JSON.stringify(Object.fromEntries([...scores].map(([name, byEngine]) => [name, Object.fromEntries(byEngine)])), null, 1));
console.log(`\ntotal run time ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
