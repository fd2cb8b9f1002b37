// Answers given before the body is read (no such tool, busy) reach a client that is still
// sending: Node's fetch (undici) reads its status, never EPIPE. The server runs in a process of
// its own, as in production: in the test's own process the client never saw the reset.
// The flood is in a file of its own (early-answers-flood.test.ts): its client must not reuse a
// connection this one left idle, which the server closes after its keep-alive timeout, a race
// any HTTP/1.1 client can lose, not an early answer's.
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

test('a 6 MB PDF posted to a tool that does not exist: 404 in the API shape, six times of six', async () => {
  const file = new Blob([(await paddedPdf(6 * 1024 * 1024)) as Uint8Array<ArrayBuffer>]);
  const results: string[] = [];
  for (let i = 0; i < 6; i++) results.push(await postOutcome(`${origin}/api/v1/convert/no-such-tool`, file, 'a.pdf'));
  expect(tally(results)).toBe('404 ×6');
});
