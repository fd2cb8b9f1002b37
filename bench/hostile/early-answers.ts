// Measurement: do clients read the answers the server gives before it has read their body?
// Starts this checkout's server in a process of its own (one job at a time, one waiting, 100 MB
// of uploads admitted), then with Node's fetch (undici): 6 × a 6 MB PDF posted to a tool that does
// not exist, and 30 uploads of 48 MB at once. Prints the statuses and network errors of each.
// Run: node bench/hostile/early-answers.ts (packages/server/src/hostile/early-answers.test.ts checks the same)
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paddedPdf, postOutcome as outcome, tally } from '../../packages/server/src/hostile/fixtures.ts';
import { startServer } from './server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

const log = path.join(tmpdir(), 'textlift-early-answers.log');
rmSync(log, { force: true });
const server = await startServer(
  root,
  {
    LOG_LEVEL: 'warn',
    TEXTLIFT_WEB_ROOT: '/nonexistent',
    TEXTLIFT_DATABASE: ':memory:',
    TEXTLIFT_API_RATE_LIMIT: '100000',
    TEXTLIFT_CONCURRENCY: '1',
    TEXTLIFT_QUEUE_LIMIT: '1',
    TEXTLIFT_UPLOAD_MEMORY_MB: '100',
    TEXTLIFT_OFFICE: 'off',
    TEXTLIFT_APERTIUM: 'off',
  },
  log,
);
const origin = `http://127.0.0.1:${server.port}`;
try {
  const six = new Blob([(await paddedPdf(6 * 1024 * 1024)) as Uint8Array<ArrayBuffer>]);
  const unknown: string[] = [];
  for (let i = 0; i < 6; i++) unknown.push(await outcome(`${origin}/api/v1/convert/no-such-tool`, six, 'a.pdf'));
  console.log(`6 MB PDF to /api/v1/convert/no-such-tool, 6 times: ${tally(unknown)}`);
  const big = new Blob([(await paddedPdf(48 * 1024 * 1024)) as Uint8Array<ArrayBuffer>]);
  const started = performance.now();
  const flood = await Promise.all(Array.from({ length: 30 }, () => outcome(`${origin}/api/v1/convert/pdf-to-text`, big, 'a.pdf')));
  console.log(`30 × 48 MB to pdf-to-text at once (concurrency 1, queue 1): ${tally(flood)} in ${Math.round(performance.now() - started)} ms`);
} finally {
  await server.stop();
}
