// Benchmark (not a test): OCR PDF on the server path (our core on Node, native tesseract)
// against OCRmyPDF with its defaults, in the same run, on the same files: three scanned pages
// made from known text (300 dpi JPEG, turned up to half a degree, noisy) and the corpus's
// scanned PDFs. Figures: CER of pdftotext's reading against the known text, the median
// distance between the centres of the words both found (pdftotext -bbox), output size against
// the input's, and time.
// Needs Debian's `ocrmypdf` (a bench-only package: `apt-get install ocrmypdf`).
// Run: npm run bench:ocr-pdf [-- --files synthetic,linn]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runTool } from '@textlift/core';
import { characterErrorRate } from '../test-support/cer.ts';
import { corpusDir, corpusExpected } from '../test-support/corpus.ts';
import { scannedPage, scannedPdf } from '../test-support/scanned-pdf.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createNodeHost } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { median } from './server-process.ts';

if (spawnSync('sh', ['-c', 'command -v ocrmypdf'], { stdio: 'ignore' }).status !== 0) {
  console.error('ocrmypdf is not installed: apt-get install ocrmypdf');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'textlift-bench-ocr-pdf-'));
const { values } = parseArgs({ options: { files: { type: 'string' } } });

interface BenchFile {
  name: string;
  file: string;
  language: 'eng' | 'rus';
  /** The text printed on the pages, where known. */
  truth?: string;
}

const corpus = (name: string, file: string, language: BenchFile['language'], truth?: string): BenchFile => ({
  name,
  file: `${corpusDir}/pdf/${file}`,
  language,
  truth,
});
const linnTruth = corpusExpected('pdf/linn-scanned-2col.pdf');
const pages = [0, 1, 2].map((index) => scannedPage(index));
const made: BenchFile = { name: 'synthetic', file: path.join(dir, 'synthetic.pdf'), language: 'eng', truth: pages.map((page) => page.text).join('\n\n') };
writeFileSync(made.file, await scannedPdf(pages));
const all: BenchFile[] = [
  made,
  corpus('linn', 'linn-scanned-2col.pdf', 'eng', linnTruth),
  // The same brochure page, scanned to CCITT G4.
  corpus('ccitt', 'ccitt-scanned.pdf', 'eng', linnTruth),
  corpus('c02-22', 'c02-22-scanned.pdf', 'eng'),
  corpus('ru-form', 'issue7229-scanned-ru-form.pdf', 'rus'),
];
const chosen = values.files ? all.filter((file) => values.files!.split(',').includes(file.name)) : all;

const text = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

/** Every word with its page and centre, from pdftotext -bbox. */
function words(file: string): Array<{ page: number; text: string; x: number; y: number }> {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1e8 });
  const out: Array<{ page: number; text: string; x: number; y: number }> = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
    if (match) out.push({ page, text: match[5]!, x: (Number(match[1]) + Number(match[3])) / 2, y: (Number(match[2]) + Number(match[4])) / 2 });
  }
  return out;
}

/** For each of our words that OCRmyPDF's layer has too (same text, same page), the distance to the nearest such word's centre. */
function boxDistances(ours: string, theirs: string): number[] {
  const byText = new Map<string, Array<{ page: number; x: number; y: number }>>();
  for (const word of words(theirs)) byText.set(`${word.page}\u0000${word.text}`, [...(byText.get(`${word.page}\u0000${word.text}`) ?? []), word]);
  return words(ours).flatMap((word) => {
    const same = byText.get(`${word.page}\u0000${word.text}`);
    if (!same) return [];
    // Beyond 30 pt it is another occurrence of the word, not this one placed apart.
    const nearest = Math.min(...same.map((other) => Math.hypot(other.x - word.x, other.y - word.y)));
    return nearest <= 30 ? [nearest] : [];
  });
}

const provider = await createOcrProvider(loadConfig());
const rows: string[] = [];
const figures: Array<{ cer?: [number, number]; box: number; size: [number, number]; time: [number, number] }> = [];
for (const bench of chosen) {
  const input = readFileSync(bench.file);
  const { host, release } = createNodeHost(provider);
  let started = performance.now();
  const result = await runTool('ocr-pdf', { files: [{ name: path.basename(bench.file), bytes: input }] }, { language: bench.language }, { host });
  const ourSeconds = (performance.now() - started) / 1000;
  release();
  const ours = path.join(dir, `${bench.name}-ours.pdf`);
  writeFileSync(ours, result.outputs[0]!.bytes);

  const theirs = path.join(dir, `${bench.name}-ocrmypdf.pdf`);
  started = performance.now();
  const reference = spawnSync('ocrmypdf', ['-q', '-l', bench.language, bench.file, theirs], { encoding: 'utf8' });
  const theirSeconds = (performance.now() - started) / 1000;
  if (reference.status !== 0) {
    console.error(`ocrmypdf failed on ${bench.name}: ${reference.stderr}`);
    continue;
  }
  const cer = bench.truth ? ([characterErrorRate(text(ours), bench.truth), characterErrorRate(text(theirs), bench.truth)] as [number, number]) : undefined;
  const distances = boxDistances(ours, theirs);
  const size: [number, number] = [statSync(ours).size / input.length, statSync(theirs).size / input.length];
  const box = distances.length > 0 ? median(distances) : NaN;
  figures.push({ cer, box, size, time: [ourSeconds, theirSeconds] });
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  rows.push(
    `| ${bench.name} | ${cer ? `${percent(cer[0])} / ${percent(cer[1])}` : '–'} | ${box.toFixed(2)} pt (${distances.length} words) | ${size[0].toFixed(3)}× / ${size[1].toFixed(3)}× | ${ourSeconds.toFixed(1)} s / ${theirSeconds.toFixed(1)} s | ${(ourSeconds / theirSeconds).toFixed(2)} |`,
  );
  console.error(`${bench.name} done`);
}
await provider.close();

const withCer = figures.filter((figure) => figure.cer);
console.log(
  `\nOCR PDF: TextLift (server path, ${provider.name}) / OCRmyPDF ${execFileSync('ocrmypdf', ['--version'], { encoding: 'utf8' }).trim()} (defaults), same run`,
);
console.log('| file | CER (pdftotext) ours / OCRmyPDF | median box-centre distance | size ÷ input ours / OCRmyPDF | time ours / OCRmyPDF | time ratio |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `| **median** | ${withCer.length ? `${(median(withCer.map((f) => f.cer![0])) * 100).toFixed(2)}% / ${(median(withCer.map((f) => f.cer![1])) * 100).toFixed(2)}%` : '–'} | ${median(figures.map((f) => f.box)).toFixed(2)} pt | ${median(figures.map((f) => f.size[0])).toFixed(3)}× / ${median(figures.map((f) => f.size[1])).toFixed(3)}× | ${median(figures.map((f) => f.time[0])).toFixed(1)} s / ${median(figures.map((f) => f.time[1])).toFixed(1)} s | ${median(figures.map((f) => f.time[0] / f.time[1])).toFixed(2)} |`,
);
