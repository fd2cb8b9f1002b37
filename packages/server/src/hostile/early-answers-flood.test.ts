// A flood of uploads against a small queue: each client reads its 200 or 503, none gets EPIPE
// (see early-answers.test.ts). Its own file, so its client opens its own connections.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { paddedPdf, postOutcome, startEarlyAnswerServer, tally } from './fixtures.ts';

let child: ChildProcess;
let origin: string;
beforeAll(async () => {
  ({ child, origin } = await startEarlyAnswerServer());
}, 40_000);
afterAll(() => {
  child?.kill('SIGKILL');
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
