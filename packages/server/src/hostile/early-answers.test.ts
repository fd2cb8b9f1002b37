// Answers given before the body is read (no such tool, busy) reach a client that is still
// sending: Node's fetch (undici) reads its status, never EPIPE. The server runs in a process of
// its own, as in production: in the test's own process the client never saw the reset.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../free-port.ts';
import { healthyWithin, paddedPdf, postOutcome, serverProcessEnv, tally } from './fixtures.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  child = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: root,
    env: serverProcessEnv(port, {
      TEXTLIFT_OFFICE: 'off',
      TEXTLIFT_APERTIUM: 'off',
      TEXTLIFT_API_RATE_LIMIT: '100000',
      // One job at a time, one waiting, 100 MB of uploads admitted: a flood is mostly refused early.
      TEXTLIFT_CONCURRENCY: '1',
      TEXTLIFT_QUEUE_LIMIT: '1',
      TEXTLIFT_UPLOAD_MEMORY_MB: '100',
    }),
    stdio: 'ignore',
  });
  origin = `http://127.0.0.1:${port}`;
  if (!(await healthyWithin(origin, 30_000))) throw new Error('the server did not start');
}, 40_000);
afterAll(() => {
  child?.kill('SIGKILL');
});

test('a 6 MB PDF posted to a tool that does not exist: 404 in the API shape, six times of six', async () => {
  const file = new Blob([(await paddedPdf(6 * 1024 * 1024)) as Uint8Array<ArrayBuffer>]);
  const results: string[] = [];
  for (let i = 0; i < 6; i++) results.push(await postOutcome(`${origin}/api/v1/convert/no-such-tool`, file, 'a.pdf'));
  expect(tally(results)).toBe('404 ×6');
});

test('30 uploads of 48 MB at once against a small queue: each reads 200, or 503 with Retry-After', async () => {
  // One Blob sent 30 times: fetch streams it, the test holds 48 MB once.
  const file = new Blob([(await paddedPdf(48 * 1024 * 1024)) as Uint8Array<ArrayBuffer>]);
  const results = await Promise.all(Array.from({ length: 30 }, () => postOutcome(`${origin}/api/v1/convert/pdf-to-text`, file, 'a.pdf')));
  expect(
    results.filter((result) => result !== '200' && result !== '503'),
    tally(results),
  ).toEqual([]);
  expect(results.filter((result) => result === '503').length, tally(results)).toBeGreaterThan(0);
}, 60_000);
