import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { listen, loggedUrl, loggerOptions, siteAddress } from './logger.ts';

/** A stream that keeps what is written to it, as lines without colour codes. */
function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, lines: () => stripVTControlCharacters(text).split('\n').filter(Boolean) };
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function appLoggingTo(level: string, terminal: boolean) {
  const out = sink();
  const app = Fastify(loggerOptions(level, terminal, out.stream));
  app.get('/tools/:slug', async () => 'ok');
  app.get('/boom', async () => {
    throw new Error('the engine fell over');
  });
  apps.push(app);
  return { app, out };
}

test('in a terminal: one short line per request, errors with their stack', async () => {
  const { app, out } = appLoggingTo('info', true);
  await app.inject('/tools/pdf-to-text?x=1');
  await app.inject('/boom');
  const lines = out.lines();
  expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/tools\/pdf-to-text\?x=… 200 \d+ ms$/);
  expect(lines.filter((line) => line.includes('GET /tools/'))).toHaveLength(1);
  const boom = lines.findIndex((line) => /^\d\d:\d\d:\d\d ERROR the engine fell over$/.test(line));
  expect(boom).toBeGreaterThan(0);
  expect(lines[boom + 1]).toBe('    Error: the engine fell over');
  expect(lines[boom + 2]).toMatch(/^ +at .*logger\.test\.ts/);
  expect(lines.some((line) => /^\d\d:\d\d:\d\d GET \/boom 500 \d+ ms$/.test(line))).toBe(true);
  expect(lines.join('\n')).not.toMatch(/"level"|incoming request|request completed/);
});

test('not a terminal: pino’s JSON, a record when a request arrives and one when it is answered', async () => {
  const { app, out } = appLoggingTo('info', false);
  await app.inject('/tools/merge-pdf');
  const records = out.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
  expect(records[0]!.req).toMatchObject({ method: 'GET', url: '/tools/merge-pdf' });
  expect(records[1]!.res).toEqual({ statusCode: 200 });
  expect(records[1]!.reqId).toBe(records[0]!.reqId);
});

test('a query’s values stay out of the logs, its names stay in', async () => {
  for (const terminal of [true, false]) {
    const { app, out } = appLoggingTo('info', terminal);
    await app.inject('/tools/qr?data=WIFI%3AS%3Ahome%3BP%3Asecret-pass&size=300x300&&flag');
    const logged = out.lines().join('\n');
    expect(logged).toContain('/tools/qr?data=…&size=…&flag=…');
    expect(logged).not.toMatch(/secret|home|300x300/);
  }
  expect(loggedUrl('/api/v1/openapi.json')).toBe('/api/v1/openapi.json');
});

test('LOG_LEVEL holds in a terminal: at warn, requests are not listed, errors are', async () => {
  const { app, out } = appLoggingTo('warn', true);
  await app.inject('/tools/merge-pdf');
  await app.inject('/boom');
  const lines = out.lines();
  expect(lines.some((line) => line.includes('/tools/merge-pdf'))).toBe(false);
  expect(lines.some((line) => line.includes('ERROR the engine fell over'))).toBe(true);
  expect(lines.some((line) => line.includes('GET /boom'))).toBe(false);
});

test('in a terminal the start is one line: where the site is and how to stop it', async () => {
  const { app, out } = appLoggingTo('info', true);
  await listen(app, '127.0.0.1', 0, true);
  const port = (app.server.address() as { port: number }).port;
  expect(out.lines()).toEqual([
    expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d TextLift is running at http://127\\.0\\.0\\.1:${port}  \\(Ctrl\\+C to stop\\)$`)),
  ]);
  expect(app.log.level).toBe('info');
});

test('the address to open', () => {
  expect(siteAddress('0.0.0.0', 8080)).toBe('http://localhost:8080');
  expect(siteAddress('::', 8080)).toBe('http://localhost:8080');
  expect(siteAddress('192.0.2.7', 80)).toBe('http://192.0.2.7:80');
  expect(siteAddress('::1', 4000)).toBe('http://[::1]:4000');
});
