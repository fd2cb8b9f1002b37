// Hostile connections against the real server: uploads that stall, headers sent a byte at a
// time, more connections than the cap. Timeouts are set to about 1 s so the test stays short.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closedWithin, connect, fdCount, form, multipartUpload, scannedPdf, sleep, socketCount, until, start, type Server } from './fixtures.ts';

async function timedHealth(server: Server): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.origin}/healthz`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - started;
}

describe('stalled clients are cut', () => {
  let server: Server;
  beforeAll(async () => {
    // Room in the queue for all 50 uploads: each is cut by the idle timeout, not refused.
    server = await start({ concurrency: 1, queueLimit: 100, idleTimeoutMs: 1000, headersTimeoutMs: 1000, requestTimeoutMs: 3000 });
  });
  afterAll(() => server.app.close());

  test('50 connections that stall mid-headers or mid-body are closed by the server within 2.5 s; the site answers meanwhile', async () => {
    await timedHealth(server);
    const fdsBefore = fdCount();
    const upload = multipartUpload('pdf-to-text', 10 * 1024 * 1024);
    const sockets = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const socket = await connect(server.port);
        if (i % 2 === 0) {
          // Headers begun, never ended.
          socket.write('POST /api/v1/convert/pdf-to-text HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        } else {
          // A few bytes of a 10 MB body, then nothing.
          socket.write(upload.head);
          socket.write(upload.before);
          socket.write('%PDF-1.7\n');
        }
        return socket;
      }),
    );
    const closes = sockets.map((socket) => closedWithin(socket, 4000));
    await sleep(200);
    const fdsOpen = fdCount();
    const healthMs = await timedHealth(server);
    const times = await Promise.all(closes);
    expect(times.every((ms) => ms >= 0)).toBe(true);
    const slowest = Math.max(...times);
    expect(slowest).toBeLessThan(2500);
    expect(healthMs).toBeLessThan(500);
    // Both ends of each connection live in this process: +2 descriptors per stalled client.
    expect(fdsOpen - fdsBefore).toBeGreaterThanOrEqual(100);
    expect(await until(() => fdCount() <= fdsBefore + 5, 1000)).toBeGreaterThanOrEqual(0);
    console.info(
      `50 stalled: closed after ${Math.round(Math.min(...times))}-${Math.round(slowest)} ms (idle 1 s); /healthz meanwhile ${Math.round(healthMs)} ms; ` +
        `fds ${fdsBefore} → ${fdsOpen} → ${fdCount()}, sockets now ${socketCount()}`,
    );
  });

  test('headers sent a byte every 300 ms are cut by the headers timeout; a body trickled the same way by the request timeout', async () => {
    const headerDrip = await connect(server.port);
    const head = `POST /api/v1/convert/pdf-to-text HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(200)}`;
    const bodyDrip = await connect(server.port);
    const upload = multipartUpload('pdf-to-text', 1024 * 1024);
    bodyDrip.write(upload.head);
    const headerClosed = closedWithin(headerDrip, 6000);
    const bodyClosed = closedWithin(bodyDrip, 6000);
    let i = 0;
    const drip = setInterval(() => {
      if (!headerDrip.destroyed) headerDrip.write(head[i++ % head.length]!);
      if (!bodyDrip.destroyed) bodyDrip.write('x');
    }, 300);
    const [headerMs, bodyMs] = await Promise.all([headerClosed, bodyClosed]);
    clearInterval(drip);
    // 1 s, checked every 250 ms.
    expect(headerMs).toBeGreaterThan(0);
    expect(headerMs).toBeLessThan(2000);
    // 3 s for the whole request: never idle for 1 s, still cut.
    expect(bodyMs).toBeGreaterThan(2500);
    expect(bodyMs).toBeLessThan(4500);
  });

  test('a conversion longer than the idle timeout is not cut: the connection is silent while it runs', async () => {
    const response = await fetch(`${server.origin}/api/v1/convert/pdf-to-text`, { method: 'POST', body: form(await scannedPdf(2), 'two.pdf') });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('12 point text');
  });
});

describe('the connection cap', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ maxConnections: 10 });
  });
  afterAll(() => server.app.close());

  test('past maxConnections new connections are closed at once; the site answers again when they go', async () => {
    const sockets = await Promise.all(Array.from({ length: 15 }, () => connect(server.port)));
    const closes = await Promise.all(sockets.map((socket) => closedWithin(socket, 500)));
    expect(closes.filter((ms) => ms >= 0)).toHaveLength(5);
    for (const socket of sockets) socket.destroy();
    await sleep(50);
    expect(await timedHealth(server)).toBeLessThan(500);
  });
});
