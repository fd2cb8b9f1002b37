// Benchmark (not a test): the PDF tools against the native reference tool in the same run.
// Merge 2 × 200 pages vs qpdf; PDF to JPG of 20 pages at 150 dpi vs pdftoppm; Text to PDF of
// 100 pages (time and size). Time is the conversion in a warm process (median of RUNS); peak
// memory is a whole process doing it once, under GNU time, like the reference's.
// Run: npm run bench:pdf-tools
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { runTool, type JobInput } from '@textlift/core';
import { corpusFile } from '../test-support/corpus.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createNodeHost } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { median } from './server-process.ts';

const RUNS = 5;
const dir = mkdtempSync(path.join(tmpdir(), 'textlift-bench-'));
const provider = await createOcrProvider({ ...loadConfig(), ocrEngine: 'wasm' }, { prepare: false });

/** A PDF of `pages` text pages, like a long report. */
async function textPdf(pages: number, label: string): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let line = 0; line < 40; line++)
      page.drawText(`${label} page ${n}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 56, y: 780 - line * 18, size: 10, font });
  }
  const file = path.join(dir, `${label}.pdf`);
  writeFileSync(file, await doc.save());
  return file;
}

async function timeOurs(slug: string, input: JobInput, options: Record<string, unknown>) {
  const times: number[] = [];
  let bytes: Uint8Array = new Uint8Array();
  for (let i = 0; i < RUNS; i++) {
    const { host, release } = createNodeHost(provider);
    const started = performance.now();
    const result = await runTool(slug, input, options, { host });
    times.push(performance.now() - started);
    bytes = result.outputs[0]!.bytes;
    release();
  }
  return { ms: median(times), bytes };
}

function timeCommand(command: string, args: string[]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = spawnSync(command, args);
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Peak resident memory (MB) of a command, from GNU time. */
function peakMb(command: string, args: string[]): number {
  const result = spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], { encoding: 'utf8' });
  return Number(/(\d+)\s*$/.exec(result.stderr)?.[1] ?? 0) / 1024;
}

const oursPeak = (slug: string, options: object, inputs: string[]) =>
  peakMb(process.execPath, ['bench/pdf-tools/run-one.ts', slug, JSON.stringify(options), path.join(dir, `peak-${slug}.out`), ...inputs]);

const rows: string[][] = [];
const row = (job: string, ours: { ms: number; mb: number }, reference: { name: string; ms: number; mb: number }, note = '') =>
  rows.push([
    job,
    (ours.ms / 1000).toFixed(3),
    ours.mb.toFixed(0),
    reference.name,
    (reference.ms / 1000).toFixed(3),
    reference.mb.toFixed(0),
    (ours.ms / reference.ms).toFixed(2),
    (ours.mb / reference.mb).toFixed(2),
    note,
  ]);

// Merge 2 × 200 pages.
const a = await textPdf(200, 'a');
const b = await textPdf(200, 'b');
const merged = await timeOurs('merge-pdf', { files: [a, b].map((file) => ({ name: path.basename(file), bytes: readFileSync(file) })) }, {});
const qpdfArgs = ['--empty', '--pages', a, b, '--', path.join(dir, 'qpdf-merged.pdf')];
row(
  'Merge PDF, 2 × 200 pages',
  { ms: merged.ms, mb: oursPeak('merge-pdf', {}, [a, b]) },
  { name: 'qpdf', ms: timeCommand('qpdf', qpdfArgs), mb: peakMb('qpdf', qpdfArgs) },
  `${(merged.bytes.length / 1024).toFixed(0)} KB vs ${(statSync(path.join(dir, 'qpdf-merged.pdf')).size / 1024).toFixed(0)} KB`,
);

// PDF to JPG, 20 pages at 150 dpi: tracemonkey's 14 and the first 6 of GeoTopo.
const geo6 = path.join(dir, 'geo6.pdf');
spawnSync('qpdf', [
  '--empty',
  '--pages',
  path.join('..', 'shared', 'corpus', 'pdf', 'tracemonkey.pdf'),
  path.join('..', 'shared', 'corpus', 'pdf', 'GeoTopo-komprimiert-de.pdf'),
  '1-6',
  '--',
  geo6,
]);
const jpg = await timeOurs('pdf-to-jpg', { files: [{ name: 'twenty.pdf', bytes: readFileSync(geo6) }] }, { dpi: 150, quality: 85 });
const ppmArgs = ['-jpeg', '-jpegopt', 'quality=85', '-r', '150', geo6, path.join(dir, 'ppm')];
row(
  'PDF to JPG, 20 pages at 150 dpi',
  { ms: jpg.ms, mb: oursPeak('pdf-to-jpg', { dpi: 150, quality: 85 }, [geo6]) },
  { name: 'pdftoppm', ms: timeCommand('pdftoppm', ppmArgs), mb: peakMb('pdftoppm', ppmArgs) },
  `${(jpg.ms / 20).toFixed(0)} ms/page`,
);

// Text to PDF, 100 pages of prose (the reference: pdf-lib's own drawing with a standard font is no
// like-for-like tool; the figure is time and size).
// Prose paragraphs (the scan's transcription with its line breaks joined) to about 100 pages.
const paragraph = corpusFile('ocr/linn.expected.txt')
  .toString('utf8')
  .replace(/\s*\n\s*/g, ' ');
let text = '';
while (text.length < 100 * 3000) text += `${paragraph}\n\n`;
const textFile = path.join(dir, 'text.txt');
writeFileSync(textFile, text);
const textPdfResult = await timeOurs('text-to-pdf', { text }, {});
const pages = (await PDFDocument.load(textPdfResult.bytes)).getPageCount();
rows.push([
  `Text to PDF, ${text.length.toLocaleString('en')} characters`,
  (textPdfResult.ms / 1000).toFixed(3),
  oursPeak('text-to-pdf', {}, [textFile]).toFixed(0),
  '—',
  '',
  '',
  '',
  '',
  `${pages} pages, ${(textPdfResult.bytes.length / 1024).toFixed(0)} KB`,
]);

console.log('| job | ours s (median) | ours peak MB | reference | reference s | reference peak MB | time ratio | memory ratio | note |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const cells of rows) console.log(`| ${cells.join(' | ')} |`);
await provider.close();
