// Measurement (not a test): the V8 heap a conversion thread reaches for each kind of job, sampled
// every 25 ms from the main thread (Worker.getHeapStatistics), with no heap limit.
// Run: node bench/hostile/measure-heap.ts
import type { Worker } from 'node:worker_threads';
import { loadConfig } from '../../packages/server/src/config.ts';
import { ConversionPool } from '../../packages/server/src/conversion-pool.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';
import { corpusFile } from '../../test-support/corpus.ts';
import { scannedPdf, textPdf } from '../../packages/server/src/hostile/fixtures.ts';

const config = loadConfig({ concurrency: 1, logLevel: 'warn', workerHeapMb: 4096 });
const ocr = await createOcrProvider(config);
const jpg = corpusFile('ocr/pytesseract-test.jpg');
const trace = corpusFile('pdf/tracemonkey.pdf');
const geo = corpusFile('pdf/GeoTopo-komprimiert-de.pdf');
const long = await textPdf(1000);
const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(17_000).slice(0, 1_000_000);
type Input = { files?: Array<{ name: string; bytes: Uint8Array }>; text?: string };
const jobs: Array<[string, string, Input, Record<string, string>]> = [
  ['image-to-text jpg', 'image-to-text', { files: [{ name: 'a.jpg', bytes: jpg }] }, {}],
  ['jpg-to-word jpg', 'jpg-to-word', { files: [{ name: 'a.jpg', bytes: jpg }] }, {}],
  ['pdf-to-text tracemonkey', 'pdf-to-text', { files: [{ name: 'a.pdf', bytes: trace }] }, {}],
  ['pdf-to-word tracemonkey', 'pdf-to-word', { files: [{ name: 'a.pdf', bytes: trace }] }, {}],
  ['pdf-to-word GeoTopo', 'pdf-to-word', { files: [{ name: 'a.pdf', bytes: geo }] }, {}],
  ['pdf-to-text scanned×3', 'pdf-to-text', { files: [{ name: 'a.pdf', bytes: await scannedPdf(3) }] }, {}],
  ['pdf-to-jpg tracemonkey 300dpi', 'pdf-to-jpg', { files: [{ name: 'a.pdf', bytes: trace }] }, { dpi: '300' }],
  ['text-to-pdf 1M chars', 'text-to-pdf', { text }, {}],
  ['image-to-pdf 20 jpg', 'image-to-pdf', { files: Array.from({ length: 20 }, (_, i) => ({ name: `${i}.jpg`, bytes: jpg })) }, {}],
  ['pdf-to-text 1000 text pages', 'pdf-to-text', { files: [{ name: 'a.pdf', bytes: long }] }, {}],
  ['pdf-to-word 1000 text pages', 'pdf-to-word', { files: [{ name: 'a.pdf', bytes: long }] }, {}],
  [
    'merge 2× 1000 pages',
    'merge-pdf',
    {
      files: [
        { name: 'a.pdf', bytes: long },
        { name: 'b.pdf', bytes: long },
      ],
    },
    {},
  ],
];
for (const [label, slug, input, options] of jobs) {
  if (process.env.ONLY && !label.includes(process.env.ONLY)) continue;
  const pool = new ConversionPool(config, ocr);
  let peakUsed = 0;
  let peakTotal = 0;
  const threads = (pool as unknown as { pool: { threads: Worker[] } }).pool;
  const sampler = setInterval(() => {
    for (const worker of threads.threads) {
      worker.getHeapStatistics().then(
        (stats) => {
          peakUsed = Math.max(peakUsed, stats.used_heap_size);
          peakTotal = Math.max(peakTotal, stats.total_heap_size);
        },
        () => {},
      );
    }
  }, 25);
  const started = performance.now();
  let status = 'ok';
  try {
    const copy = { ...input, files: input.files?.map((f) => ({ name: f.name, bytes: new Uint8Array(f.bytes) })) };
    await pool.run({ slug, input: copy, options }, new AbortController().signal);
  } catch (error) {
    status = String((error as Error).message).slice(0, 60);
  }
  clearInterval(sampler);
  await pool.close();
  console.log(
    `${label.padEnd(32)} heap used peak ${(peakUsed / 2 ** 20).toFixed(0).padStart(4)} MB, ` +
      `heap total peak ${(peakTotal / 2 ** 20).toFixed(0).padStart(4)} MB, ${Math.round(performance.now() - started)} ms ${status}`,
  );
}
await ocr.close();
