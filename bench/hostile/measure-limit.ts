// Measurement (not a test): does one job pass under a given worker heap limit? One limit per
// process, since a thread past its limit can abort the whole process (nodejs/node#47224).
// Run: LIMIT=384 JOB=word1000 node bench/hostile/measure-limit.ts
// JOB: word1000 (PDF to Word, 1000 text pages), text1000 (PDF to Text, same), geo (GeoTopo to
// Word), text1M (Text to PDF, a million characters).
import { loadConfig } from '../../packages/server/src/config.ts';
import { ConversionPool } from '../../packages/server/src/conversion-pool.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';
import { corpusFile } from '../../test-support/corpus.ts';
import { textPdf } from '../../packages/server/src/hostile/fixtures.ts';

const limit = Number(process.env.LIMIT);
const job = process.env.JOB ?? 'word1000';
const config = loadConfig({ concurrency: 1, logLevel: 'warn', workerHeapMb: limit });
const ocr = await createOcrProvider(config);
const input =
  job === 'geo'
    ? { files: [{ name: 'a.pdf', bytes: corpusFile('pdf/GeoTopo-komprimiert-de.pdf') }] }
    : job === 'text1M'
      ? { text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(17_000).slice(0, 1_000_000) }
      : { files: [{ name: 'a.pdf', bytes: await textPdf(1000) }] };
const slug = job === 'text1M' ? 'text-to-pdf' : job === 'text1000' ? 'pdf-to-text' : 'pdf-to-word';
const pool = new ConversionPool(config, ocr);
const started = performance.now();
try {
  await pool.run({ slug, input, options: {} }, new AbortController().signal);
  console.log(`${job} at ${limit} MB: ok in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.log(`${job} at ${limit} MB: ${(error as Error).message}`);
}
await pool.close();
await ocr.close();
