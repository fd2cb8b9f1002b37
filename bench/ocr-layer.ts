// Benchmark (not a test): how poppler reads OCR PDF's text layer, ours against OCRmyPDF's, on
// pages set in columns: the corpus's two-column brochure (JPEG and CCITT), generated scans of
// two and three columns with headings in three faces and sizes, and the three prose pages of
// bench/ocr-pdf. Figures per file: CER of `pdftotext` in its default mode (poppler's own
// reading order, which most tools use) and in -raw (the content stream's order), and the median
// distance between the centres of the words both layers hold (`pdftotext -bbox`: where a
// selection highlights). For the generated pages, also poppler's default mode on the page born
// digital (its text in the same faces and places): what it makes of the layout itself.
// Each page is read by the engine once: its readings are kept in .bench-cache/ocr-layer/, keyed
// by the image read, so a change to the layer's geometry is measured in seconds; --fresh reads
// again. OCRmyPDF's outputs are kept there too. Needs Debian's `ocrmypdf` for those.
// Run: node bench/ocr-layer.ts [--files linn,cols2-serif-10] [--fresh]
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument } from '@cantoo/pdf-lib';
import { runTool, type ConversionHost, type OcrEngine, type OcrResult } from '@textlift/core';
import { characterErrorRate } from '../test-support/cer.ts';
import { columnPagePdf, columnScan, type ColumnScanOptions } from '../test-support/column-scans.ts';
import { corpusDir, corpusExpected } from '../test-support/corpus.ts';
import { scannedPage, scannedPdf, type ScannedPage } from '../test-support/scanned-pdf.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createNodeHost } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { median } from './server-process.ts';
import { boxDistances } from './word-boxes.ts';

const { values } = parseArgs({ options: { files: { type: 'string' }, fresh: { type: 'boolean' } } });
const cache = path.resolve('.bench-cache/ocr-layer');
mkdirSync(path.join(cache, 'readings'), { recursive: true });

interface BenchFile {
  name: string;
  /** The input PDF, made on first use. */
  file: () => Promise<string>;
  truth: string;
  /** The page born digital, where it was generated. */
  born?: () => Promise<string>;
}

const linnTruth = corpusExpected('pdf/linn-scanned-2col.pdf');
async function made(name: string, page: () => ScannedPage): Promise<BenchFile> {
  const file = path.join(cache, `${name}.pdf`);
  const truthFile = path.join(cache, `${name}.txt`);
  if (!existsSync(file) || !existsSync(truthFile)) {
    const scan = page();
    writeFileSync(file, await scannedPdf([scan]));
    writeFileSync(truthFile, scan.text);
  }
  return { name, file: async () => file, truth: readFileSync(truthFile, 'utf8') };
}
async function columns(name: string, options: ColumnScanOptions): Promise<BenchFile> {
  const file = path.join(cache, `${name}-born.pdf`);
  return {
    ...(await made(name, () => columnScan(options))),
    born: async () => {
      if (!existsSync(file)) writeFileSync(file, await columnPagePdf(options));
      return file;
    },
  };
}
const all: BenchFile[] = [
  { name: 'linn', file: async () => `${corpusDir}/pdf/linn-scanned-2col.pdf`, truth: linnTruth },
  { name: 'ccitt', file: async () => `${corpusDir}/pdf/ccitt-scanned.pdf`, truth: linnTruth },
  await columns('cols2-serif-10', { columns: 2, family: 'Serif', size: 10, seed: 0 }),
  await columns('cols2-sans-9', { columns: 2, family: 'Sans', size: 9, seed: 1 }),
  await columns('cols3-condensed-9', { columns: 3, family: 'Condensed', size: 9, seed: 2 }),
  await columns('cols3-serif-11', { columns: 3, family: 'Serif', size: 11, seed: 3 }),
  await columns('cols2-serif-9', { columns: 2, family: 'Serif', size: 9, seed: 4 }),
  await columns('cols2-condensed-11', { columns: 2, family: 'Condensed', size: 11, seed: 5 }),
  await made('prose0', () => scannedPage(0)),
  await made('prose1', () => scannedPage(1)),
  await made('prose2', () => scannedPage(2)),
];
const chosen = values.files ? all.filter((file) => values.files!.split(',').includes(file.name)) : all;

const pdftotext = (file: string, ...args: string[]) => execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8', maxBuffer: 1e8 });

/** The engine, its readings kept on disk by the image and options they were read with. */
function cachingEngine(engine: OcrEngine): OcrEngine {
  return new Proxy(engine, {
    get(target, key, receiver) {
      if (key !== 'recognize') return Reflect.get(target, key, receiver);
      return async (image: Uint8Array, options: Parameters<OcrEngine['recognize']>[1]): Promise<OcrResult> => {
        const { signal: _signal, onProgress: _progress, ...kept } = options;
        const key = createHash('sha256').update(image).update(JSON.stringify(kept)).digest('hex').slice(0, 32);
        const file = path.join(cache, 'readings', `${key}.json`);
        if (!values.fresh && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OcrResult;
        const result = await target.recognize(image, options);
        writeFileSync(file, JSON.stringify(result));
        return result;
      };
    },
  });
}

const provider = await createOcrProvider(loadConfig());
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const rows: string[] = [];
const summary: Array<{ gap: number; box: number }> = [];
for (const bench of chosen) {
  const input = await bench.file();
  const bytes = readFileSync(input);
  const theirs = path.join(cache, `${bench.name}-ocrmypdf.pdf`);
  if (!existsSync(theirs)) {
    const reference = spawnSync('ocrmypdf', ['-q', '-l', 'eng', input, theirs], { encoding: 'utf8' });
    if (reference.status !== 0) throw new Error(`ocrmypdf failed on ${bench.name}: ${reference.stderr}`);
  }
  const { host, release } = createNodeHost(provider);
  const cached: ConversionHost = { ...host, engines: { ...host.engines, ocr: { engine: async () => cachingEngine(await host.engines.ocr.engine()) } } };
  const result = await runTool('ocr-pdf', { files: [{ name: 'in.pdf', bytes }] }, { language: 'eng' }, { host: cached });
  release();
  const ours = path.join(cache, `${bench.name}-ours.pdf`);
  writeFileSync(ours, result.outputs[0]!.bytes);
  // Whether a reading's page count is the input's: a guard that the files are what they say.
  if ((await PDFDocument.load(result.outputs[0]!.bytes)).getPageCount() !== (await PDFDocument.load(bytes)).getPageCount()) throw new Error(bench.name);
  const cer = (file: string, raw: boolean) => characterErrorRate(raw ? pdftotext(file, '-raw') : pdftotext(file), bench.truth);
  const [ourDefault, theirDefault, ourRaw, theirRaw] = [cer(ours, false), cer(theirs, false), cer(ours, true), cer(theirs, true)];
  const distances = boxDistances(ours, theirs);
  const box = distances.length > 0 ? median(distances) : NaN;
  summary.push({ gap: ourDefault - theirDefault, box });
  const born = bench.born ? percent(cer(await bench.born(), false)) : '–';
  const gap = ((ourDefault - theirDefault) * 100).toFixed(2);
  const both = (ourCer: number, theirCer: number) => `${percent(ourCer)} / ${percent(theirCer)}`;
  rows.push(
    `| ${bench.name} | ${both(ourDefault, theirDefault)} | ${gap} | ${both(ourRaw, theirRaw)} | ${box.toFixed(2)} pt (${distances.length}) | ${born} |`,
  );
  console.error(`${bench.name} done`);
}
await provider.close();

console.log('\nOCR PDF text layer read by pdftotext: ours / OCRmyPDF (CER against the printed text)');
console.log('| file | default mode | gap (points) | -raw | median box-centre distance (words) | born digital, default mode |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `| **worst gap / median box** | | ${(Math.max(...summary.map((s) => s.gap)) * 100).toFixed(2)} | | ${median(summary.map((s) => s.box)).toFixed(2)} pt | |`,
);
