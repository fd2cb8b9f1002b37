// Benchmark (not a test): OCR PDF on the server path (our core on Node, native tesseract) and
// on the device path (the same core with the browser's engine, tesseract.js, here in Node)
// against OCRmyPDF with its defaults, in the same run, on the same files: three scanned pages
// made from known text (300 dpi JPEG, turned up to half a degree, noisy) and the corpus's
// scanned PDFs. Figures: CER of pdftotext's reading against the known text, the median
// distance between the centres of the words both found (pdftotext -bbox), output size against
// the input's, time, and for the device path how far its layer's words are from the server's.
// Needs Debian's `ocrmypdf` (a bench-only package: `apt-get install ocrmypdf`).
// Run: npm run bench:ocr-pdf [-- --files synthetic,linn] [--paths server,device]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runTool } from '@textlift/core';
import { characterErrorRate, wordF1 } from '../test-support/cer.ts';
import { corpusDir, corpusExpected } from '../test-support/corpus.ts';
import { scannedPage, scannedPdf } from '../test-support/scanned-pdf.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createNodeHost } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { median } from './server-process.ts';
import { boxDistances } from './word-boxes.ts';

if (spawnSync('sh', ['-c', 'command -v ocrmypdf'], { stdio: 'ignore' }).status !== 0) {
  console.error('ocrmypdf is not installed: apt-get install ocrmypdf');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'textlift-bench-ocr-pdf-'));
const { values } = parseArgs({ options: { files: { type: 'string' }, paths: { type: 'string' } } });

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

/** Our two hosts' OCR: the server's (native tesseract where installed) and the browser's engine, tesseract.js, run here in Node. */
const paths = (values.paths ?? 'server,device').split(',') as Array<'server' | 'device'>;
const providers = new Map<'server' | 'device', Awaited<ReturnType<typeof createOcrProvider>>>();
for (const name of paths) providers.set(name, await createOcrProvider(name === 'device' ? { ...loadConfig(), ocrEngine: 'wasm' } : loadConfig()));

interface Figure {
  cer?: [number, number];
  box: number;
  size: [number, number];
  time: [number, number];
}
const rows: string[] = [];
const figures = new Map<string, Figure[]>(paths.map((name) => [name, []]));
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const pair = (ours: string, theirs: string) => `${ours} / ${theirs}`;
for (const bench of chosen) {
  const input = readFileSync(bench.file);
  const theirs = path.join(dir, `${bench.name}-ocrmypdf.pdf`);
  let started = performance.now();
  const reference = spawnSync('ocrmypdf', ['-q', '-l', bench.language, bench.file, theirs], { encoding: 'utf8' });
  const theirSeconds = (performance.now() - started) / 1000;
  if (reference.status !== 0) {
    console.error(`ocrmypdf failed on ${bench.name}: ${reference.stderr}`);
    continue;
  }
  const outputs = new Map<string, string>();
  for (const [name, provider] of providers) {
    const { host, release } = createNodeHost(provider);
    started = performance.now();
    const result = await runTool('ocr-pdf', { files: [{ name: path.basename(bench.file), bytes: input }] }, { language: bench.language }, { host });
    const ourSeconds = (performance.now() - started) / 1000;
    release();
    const ours = path.join(dir, `${bench.name}-${name}.pdf`);
    writeFileSync(ours, result.outputs[0]!.bytes);
    outputs.set(name, ours);

    const cer = bench.truth ? ([characterErrorRate(text(ours), bench.truth), characterErrorRate(text(theirs), bench.truth)] as [number, number]) : undefined;
    const distances = boxDistances(ours, theirs);
    const size: [number, number] = [statSync(ours).size / input.length, statSync(theirs).size / input.length];
    const box = distances.length > 0 ? median(distances) : NaN;
    figures.get(name)!.push({ cer, box, size, time: [ourSeconds, theirSeconds] });
    // The device's layer beside the server's: the same code, with the browser's OCR engine.
    const server = outputs.get('server');
    const sameAsServer = name === 'device' && server ? percent(wordF1(text(ours), text(server))) : '–';
    const cells = [
      bench.name,
      name,
      cer ? pair(percent(cer[0]), percent(cer[1])) : '–',
      `${box.toFixed(2)} pt (${distances.length} words)`,
      pair(`${size[0].toFixed(3)}×`, `${size[1].toFixed(3)}×`),
      pair(`${ourSeconds.toFixed(1)} s`, `${theirSeconds.toFixed(1)} s`),
      (ourSeconds / theirSeconds).toFixed(2),
      sameAsServer,
    ];
    rows.push(`| ${cells.join(' | ')} |`);
    console.error(`${bench.name} (${name}) done`);
  }
}
for (const provider of providers.values()) await provider.close();

const engines = [...providers].map(([name, provider]) => `${name}: ${provider.name}`).join(', ');
console.log(`\nOCR PDF: TextLift (${engines}) / OCRmyPDF ${execFileSync('ocrmypdf', ['--version'], { encoding: 'utf8' }).trim()} (defaults), same run`);
console.log(
  [
    '| file | path | CER (pdftotext) ours / OCRmyPDF | median box-centre distance | size ÷ input ours / OCRmyPDF | time ours / OCRmyPDF | time ratio |',
    "words as the server's (F1) |",
  ].join(' '),
);
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
for (const [name, list] of figures) {
  const withCer = list.filter((figure) => figure.cer);
  const cells = [
    '**median**',
    name,
    withCer.length ? pair(percent(median(withCer.map((f) => f.cer![0]))), percent(median(withCer.map((f) => f.cer![1])))) : '–',
    `${median(list.map((f) => f.box)).toFixed(2)} pt`,
    pair(`${median(list.map((f) => f.size[0])).toFixed(3)}×`, `${median(list.map((f) => f.size[1])).toFixed(3)}×`),
    pair(`${median(list.map((f) => f.time[0])).toFixed(1)} s`, `${median(list.map((f) => f.time[1])).toFixed(1)} s`),
    median(list.map((f) => f.time[0] / f.time[1])).toFixed(2),
    '',
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
