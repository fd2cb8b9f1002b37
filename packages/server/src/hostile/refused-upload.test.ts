// A client refused before its body is read (busy, no such tool) may still be sending when the
// answer is written, and may pause while it sends: 30 uploads of 48 MB at once, on a busy
// machine, left one of them silent longer than the keep-alive timeout. The connection is
// then still an upload, held to the idle timeout, not an idle keep-alive one.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closedWithin, connect, multipartUpload, pump, responseHead, sleep, start, type Server } from './fixtures.ts';

const KEEP_ALIVE_MS = 300;
let server: Server;

beforeAll(async () => {
  server = await start({ keepAliveTimeoutMs: KEEP_ALIVE_MS, idleTimeoutMs: 30_000 });
});
afterAll(async () => {
  await server?.app.close();
});

test('a refused upload that pauses longer than the keep-alive timeout is not cut: its client finishes sending', async () => {
  const socket = await connect(server.port);
  const upload = multipartUpload('no-such-tool', 4 * 1024 * 1024);
  const head = responseHead(socket);
  socket.write(upload.head);
  socket.write(upload.before);
  await pump(socket, 1024 * 1024);
  expect((await head)?.status).toBe(404);

  // Well under the idle timeout (30 s): a close within it is the keep-alive timeout's.
  const closed = closedWithin(socket, 15_000);
  await sleep(5 * KEEP_ALIVE_MS);
  expect(socket.destroyed).toBe(false);
  expect(await pump(socket, 3 * 1024 * 1024)).toBe(3 * 1024 * 1024);
  socket.write(upload.after);
  // Once the body is in, the connection is an idle keep-alive one again, closed after its timeout.
  expect(await closed).toBeGreaterThan(0);
});
