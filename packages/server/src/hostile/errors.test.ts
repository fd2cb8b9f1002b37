import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApiServer } from '../../../../test-support/api-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';

/** Hostile and malformed requests: every error has one shape, the right status and its headers. */

const HSTS = 'max-age=31536000; includeSubDomains';
const CONVERT = '/api/v1/convert/image-to-text';

let api: FastifyInstance;
let base: string;
const extraApps: FastifyInstance[] = [];

beforeAll(async () => {
  ({ app: api, origin: base } = await startApiServer());
});
afterAll(async () => {
  await Promise.all([api.close(), ...extraApps.map((app) => app.close())]);
});

/** A separate app (own config), closed after the file; API only unless a webRoot is given. */
async function appWith(overrides: Partial<ServerConfig>): Promise<FastifyInstance> {
  const app = await buildApp({ logLevel: 'silent', webRoot: '/nonexistent', databaseFile: ':memory:', ocrEngine: 'wasm', ...overrides });
  extraApps.push(app);
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Status, JSON type, exactly `{error:{code,message}}` (no stack, no Fastify fields) and the usual headers. */
async function expectError(response: Response, status: number, code: string, extraKeys: string[] = []) {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message', ...extraKeys].sort());
  expect(parsed.error).toMatchObject({ code, message: expect.stringMatching(/\S/) });
  expect(body).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules|statusCode/);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  return parsed.error as { code: string; message: string };
}

const multipart = (body: string, boundary = 'hostileBoundary') =>
  fetch(`${base}${CONVERT}`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });

describe('400 for malformed multipart bodies', () => {
  test('a body cut before its closing boundary', async () => {
    const body = '--hostileBoundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    await expectError(await multipart(body), 400, 'bad-request');
  });

  test('garbage with no boundary in it', async () => {
    await expectError(await multipart('this is not a multipart body at all'), 400, 'bad-request');
  });

  test('a multipart Content-Type without its boundary parameter', async () => {
    const response = await fetch(`${base}${CONVERT}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
    await expectError(response, 400, 'bad-request');
  });

  test('a part whose header block never ends', async () => {
    await expectError(await multipart('--hostileBoundary\r\nContent-Disposition: form-data; name="file"'), 400, 'bad-request');
  });
});

describe('400 for addresses that are not valid URL encoding', () => {
  for (const url of ['/%E0%A4%A', '/api/v1/convert/%E0%A4%A', '/api/v1/%ZZ']) {
    test(url, async () => {
      await expectError(await fetch(`${base}${url}`, { method: url.startsWith('/api/v1/convert') ? 'POST' : 'GET' }), 400, 'bad-request');
    });
  }

  test('a request that is not HTTP is answered 400 in the same shape, on the socket', async () => {
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
  });
});

describe('405 with Allow for a known address and the wrong method; 404 for an unknown one', () => {
  for (const method of ['DELETE', 'GET', 'PUT', 'PATCH']) {
    test(`${method} ${CONVERT}`, async () => {
      const response = await fetch(`${base}${CONVERT}`, { method });
      expect(response.headers.get('allow')).toBe('POST');
      await expectError(response, 405, 'method-not-allowed');
    });
  }

  test('GET and DELETE /api/v1/contact', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${base}/api/v1/contact`, { method });
      expect(response.headers.get('allow')).toBe('POST');
      await expectError(response, 405, 'method-not-allowed');
    }
  });

  test('HEAD on a POST route: 405 with Allow, no body', async () => {
    const response = await fetch(`${base}${CONVERT}`, { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  test('POST /healthz and /api/v1/openapi.json name GET and HEAD', async () => {
    for (const url of ['/healthz', '/api/v1/openapi.json']) {
      const response = await fetch(`${base}${url}`, { method: 'POST' });
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      await expectError(response, 405, 'method-not-allowed');
    }
  });

  test('an unknown API address is 404 in the same shape, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['POST', '/api/v1/convert'],
      ['DELETE', '/api/v2/convert/image-to-text'],
    ]) {
      const response = await fetch(`${base}${url}`, { method });
      expect(response.headers.get('allow')).toBeNull();
      await expectError(response, 404, 'not-found');
    }
  });
});

describe('contact: 413, 415 and 400 in the same shape', () => {
  const contact = (body: BodyInit | undefined, contentType?: string) =>
    fetch(`${base}/api/v1/contact`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body });
  const message = (text: string) => JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: text });

  test('413 for a 2 MB JSON body', async () => {
    await expectError(await contact(message('x'.repeat(2 * 1024 * 1024)), 'application/json'), 413, 'too-large');
  });

  test('413 for a chunked body that grows past the limit (no Content-Length)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"Ana","message":"'));
        if (sent++ < 128) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${base}/api/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413, 'too-large');
  });

  test('415 for text/plain, a form post, XML and no Content-Type at all', async () => {
    await expectError(await contact('name=Ana&email=ana@example.com', 'text/plain'), 415, 'unsupported-type');
    await expectError(await contact('name=Ana', 'application/x-www-form-urlencoded'), 415, 'unsupported-type');
    await expectError(await contact('<message/>', 'application/xml'), 415, 'unsupported-type');
    await expectError(await contact(new Uint8Array([123, 125])), 415, 'unsupported-type');
  });

  test('400 for JSON that does not parse, an empty JSON body, and fields that do not validate', async () => {
    await expectError(await contact('{"name":', 'application/json'), 400, 'bad-request');
    await expectError(await contact('', 'application/json'), 400, 'bad-request');
    const invalid = await expectError(await contact(JSON.stringify({ name: 'Ana' }), 'application/json; charset=utf-8'), 400, 'bad-request', ['fields']);
    expect((invalid as unknown as { fields: Record<string, string> }).fields).toMatchObject({ email: 'emailRequired' });
  });

  test('429 past the contact rate limit, in the same shape, with Retry-After', async () => {
    const limited = await appWith({ contactRateLimit: 1 });
    const post = () =>
      limited.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' } });
    expect((await post()).statusCode).toBe(201);
    const second = await post();
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toMatch(/^\d+$/);
    expect(second.json()).toEqual({ error: { code: 'rate-limited', message: expect.any(String) } });
  });
});

describe('other framework errors in the same shape', () => {
  test('400 for a convert body no parser takes, or with no Content-Type (as for any body not multipart)', async () => {
    const response = await fetch(`${base}${CONVERT}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(8) });
    await expectError(response, 400, 'bad-request');
    const untyped = await api.inject({ method: 'POST', url: CONVERT, payload: 'x' });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json()).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
  });

  test('an unexpected failure is a 500 with a generic message: no stack, no path, no internals', async () => {
    const app = await appWith({});
    app.get('/api/v1/explode', async () => {
      throw new Error(`ENOENT: open '${path.join(tmpdir(), 'secret.key')}'`);
    });
    const origin = await listen(app);
    const error = await expectError(await fetch(`${origin}/api/v1/explode`), 500, 'engine-failed');
    expect(error.message).not.toContain('secret');
  });
});

describe('503 with Retry-After when a job times out', () => {
  const textToPdf = (origin: string) => {
    const form = new FormData();
    form.append('text', 'Hello');
    return fetch(`${origin}/api/v1/convert/text-to-pdf`, { method: 'POST', body: form });
  };

  test('a job stopped at the time limit', async () => {
    const origin = await listen(await appWith({ jobTimeoutMs: 1, concurrency: 1 }));
    const response = await textToPdf(origin);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(response, 503, 'timeout');
  });
});

describe('while the server closes', () => {
  test('a request on a connection still open is 503 busy with Retry-After, in the same shape', async () => {
    const app = await buildApp({ logLevel: 'silent', webRoot: '/nonexistent', databaseFile: ':memory:', ocrEngine: 'wasm' });
    const { port } = new URL(await listen(app));
    const body = JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' });
    const socket = connect(Number(port), '127.0.0.1');
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (raw += chunk));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // A first request whose body is still coming when the close begins keeps the connection open…
    socket.write(
      `POST /api/v1/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // …and a second one pipelined behind it arrives while closing.
    socket.write(`${body.slice(10)}GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
    await Promise.all([socketClosed, closed]);
    const [first, second] = raw.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 201 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(second).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'busy', message: expect.any(String) } });
  });
});

describe('security headers: HSTS by configuration and by X-Forwarded-Proto, X-Frame-Options always', () => {
  const hstsOf = async (app: FastifyInstance, headers: Record<string, string> = {}, url = '/healthz') =>
    (await app.inject({ method: 'GET', url, headers })).headers['strict-transport-security'];
  const https = { 'x-forwarded-proto': 'https' };

  test('auto (the default): not over plain HTTP', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  test('auto: X-Forwarded-Proto is believed only from a trusted proxy', async () => {
    const untrusted = await appWith({ hsts: 'auto', trustProxy: false });
    expect(await hstsOf(untrusted, https)).toBeUndefined();
    const trusted = await appWith({ hsts: 'auto', trustProxy: true });
    expect(await hstsOf(trusted, https)).toBe(HSTS);
    expect(await hstsOf(trusted, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hstsOf(trusted)).toBeUndefined();
    // Only the proxies named are trusted: inject's peer is 127.0.0.1.
    expect(await hstsOf(await appWith({ hsts: 'auto', trustProxy: '10.0.0.0/8' }), https)).toBeUndefined();
    expect(await hstsOf(await appWith({ hsts: 'auto', trustProxy: '127.0.0.1' }), https)).toBe(HSTS);
  });

  test('on: always, on errors too; off: never, even over HTTPS', async () => {
    const on = await appWith({ hsts: 'on' });
    expect(await hstsOf(on)).toBe(HSTS);
    expect(await hstsOf(on, {}, '/api/v1/nothing')).toBe(HSTS);
    const off = await appWith({ hsts: 'off', trustProxy: true });
    expect(await hstsOf(off, https)).toBeUndefined();
  });

  test('TEXTLIFT_HSTS and TEXTLIFT_TRUST_PROXY are read and checked', () => {
    const saved = { hsts: process.env.TEXTLIFT_HSTS, proxy: process.env.TEXTLIFT_TRUST_PROXY };
    try {
      delete process.env.TEXTLIFT_HSTS;
      delete process.env.TEXTLIFT_TRUST_PROXY;
      expect(loadConfig()).toMatchObject({ hsts: 'auto', trustProxy: false });
      process.env.TEXTLIFT_HSTS = 'off';
      process.env.TEXTLIFT_TRUST_PROXY = 'on';
      expect(loadConfig()).toMatchObject({ hsts: 'off', trustProxy: true });
      process.env.TEXTLIFT_TRUST_PROXY = '10.0.0.1, 10.0.0.2';
      expect(loadConfig().trustProxy).toBe('10.0.0.1, 10.0.0.2');
      process.env.TEXTLIFT_HSTS = 'yes';
      expect(() => loadConfig()).toThrow(/TEXTLIFT_HSTS/);
    } finally {
      for (const [name, value] of [
        ['TEXTLIFT_HSTS', saved.hsts],
        ['TEXTLIFT_TRUST_PROXY', saved.proxy],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe('with the site: page addresses keep the 404 page, the API keeps JSON', () => {
  let site: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'textlift-site-'));
    mkdirSync(path.join(webRoot, 'blog'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(path.join(webRoot, '404.html'), '<!doctype html><title>not found page</title>');
    writeFileSync(path.join(webRoot, 'blog', '404.html'), '<!doctype html><title>blog not found page</title>');
    writeFileSync(path.join(webRoot, 'sitemap.xml'), '<urlset/>');
    writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *');
    site = await appWith({ webRoot });
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  test('an unknown page is the 404 page (HTML), with the security headers', async () => {
    const response = await site.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('not found page');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect((await site.inject({ method: 'GET', url: '/blog/nope' })).body).toContain('blog not found page');
  });

  test('GET on an API address that only takes POST is 405 JSON, not the page', async () => {
    for (const url of ['/api/v1/contact', CONVERT]) {
      const response = await site.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.json()).toEqual({ error: { code: 'method-not-allowed', message: expect.any(String) } });
    }
    const missing = await site.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
  });

  test('POST on a page is 405 with Allow: GET, HEAD; on an unknown address 404 JSON', async () => {
    const page = await site.inject({ method: 'POST', url: '/', payload: {} });
    expect(page.statusCode).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    expect(page.json()).toMatchObject({ error: { code: 'method-not-allowed' } });
    const missing = await site.inject({ method: 'DELETE', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not-found' } });
  });

  test('a bad URL on the site is 400 JSON', async () => {
    const response = await site.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
  });
});
