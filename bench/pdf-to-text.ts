// Benchmark (not a test): PDF to Text pages per second on a long text PDF (117 pages), our
// core on Node (pdf.js, the same code as the page's worker) against poppler's pdftotext.
// Run: npm run bench:pdf
import { execFileSync } from 'node:child_process';
import { runTool } from '@textlift/core';
import { wordF1 } from '../test-support/cer.ts';
import { corpusDir, corpusFile } from '../test-support/corpus.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createNodeHost } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { median } from './server-process.ts';

const RUNS = 3;
const FILE = 'pdf/GeoTopo-komprimiert-de.pdf';
const PAGES = 117;

const provider = await createOcrProvider(loadConfig());
const bytes = corpusFile(FILE);
const ours: number[] = [];
let text = '';
for (let i = 0; i < RUNS; i++) {
  const { host, release } = createNodeHost(provider);
  const started = performance.now();
  text = (await runTool('pdf-to-text', { files: [{ name: 'geo.pdf', bytes }] }, {}, { host })).text ?? '';
  ours.push(performance.now() - started);
  release();
}
const reference: number[] = [];
let referenceText = '';
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  referenceText = execFileSync('pdftotext', [`${corpusDir}/${FILE}`, '-'], { encoding: 'utf8', maxBuffer: 1e8, stdio: ['ignore', 'pipe', 'ignore'] });
  reference.push(performance.now() - started);
}
await provider.close();

const rate = (ms: number) => (PAGES / (ms / 1000)).toFixed(1);
console.log(`\nPDF to Text on ${FILE} (${PAGES} pages, text layer), median of ${RUNS}`);
console.log('| reader | median | pages/s | × pdftotext time |\n|---|---|---|---|');
console.log(
  `| TextLift core (pdf.js 6, Node) | ${(median(ours) / 1000).toFixed(2)} s | ${rate(median(ours))} | ${(median(ours) / median(reference)).toFixed(2)} |`,
);
console.log(`| pdftotext (poppler) | ${(median(reference) / 1000).toFixed(2)} s | ${rate(median(reference))} | 1.00 |`);
console.log(`\nword F1 of our text against pdftotext's: ${wordF1(text, referenceText).toFixed(3)}`);
