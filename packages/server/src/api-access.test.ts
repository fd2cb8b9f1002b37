import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkFormKey, parseKeysFile, parseKeysList, registerApiAccess, type ApiAccessConfig } from './api-access.ts';
import { loadConfig } from './config.ts';
import { registerErrorHandling } from './http-errors.ts';
import { loggerOptions } from './logger.ts';

const KEY_A = 'tl_live_4f9c2a7e1b8d4c6f';
const KEY_B = 'tl_live_0d3e5b9a7c1f2e84';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * An API scope as app.ts builds it, with three routes: one counted on arrival, one whose client
 * may send its key in the form (apiKeyInForm, checkFormKey after parsing), and one that reads a
 * form key without deferring (checkFormKey on top of the count on arrival).
 */
async function apiWith(config: Partial<ApiAccessConfig>, options: { terminal?: boolean } = {}) {
  const stream = new PassThrough();
  let log = '';
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const app = Fastify(loggerOptions('info', options.terminal ?? false, stream));
  apps.push(app);
  registerErrorHandling(app);
  const access = await registerApiAccess(app, { apiKeys: [], apiRateLimit: 2, apiAnonRateLimit: 2, apiKeyRateLimit: 3, ...config });
  // Outside the API, with a limit of its own, as the contact form has.
  app.post('/contact-like', { config: { rateLimit: { max: 1, timeWindow: '10 minutes' } } }, async () => ({ ok: true }));
  await app.register(async (api) => {
    api.addHook('onRequest', access.onRequest);
    api.addHook('onResponse', access.onResponse);
    api.get('/api/ping', async (request) => {
      request.log.info({ headers: request.headers }, 'headers as a careless route might log them');
      return { ok: true };
    });
    api.post('/parse/form', { config: { apiKeyInForm: true } }, async (request) => {
      const body = request.body as { apikey?: string; broken?: boolean };
      if (body.broken) throw new Error('the form could not be read');
      await checkFormKey(request, body.apikey);
      return { ok: true };
    });
    api.post('/api/form-late', async (request) => {
      await checkFormKey(request, (request.body as { apikey?: string }).apikey);
      return { ok: true };
    });
  });
  const ping = (headers: Record<string, string> = {}, url = '/api/ping') => app.inject({ method: 'GET', url, headers });
  const form = (body: Record<string, unknown>, url = '/parse/form', headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: body, headers });
  return { app, ping, form, log: () => log };
}

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectRateLimited(reply: Reply, message: RegExp) {
  expect(reply.statusCode).toBe(429);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 600).toBe(true);
  expect(reply.json()).toEqual({ error: { code: 'rate-limited', message: expect.stringMatching(message) } });
}

const statuses = async (count: number, send: () => Promise<Reply>) => {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await send()).statusCode);
  return codes;
};

describe('without keys', () => {
  test('every client is counted by address at apiRateLimit, any key header ignored', async () => {
    const { ping } = await apiWith({ apiRateLimit: 2, apiAnonRateLimit: 1 });
    expect(await statuses(2, () => ping({ apikey: KEY_A }))).toEqual([200, 200]);
    expectRateLimited(await ping(), /^Too many requests; try again in \d+ s\.$/);
  });
});

describe('with keys', () => {
  const keyed = { apiKeys: [KEY_A, KEY_B], apiAnonRateLimit: 2, apiKeyRateLimit: 3 };

  test('anonymous: the smaller limit per address, refused at N+1 with 429 and Retry-After', async () => {
    const { ping } = await apiWith(keyed);
    expect(await statuses(2, () => ping())).toEqual([200, 200]);
    expectRateLimited(await ping(), /^Too many requests without an API key; try again in \d+ s\.$/);
  });

  test('a valid key in the apikey header: its own, larger bucket, separate per key and from the address', async () => {
    const { ping } = await apiWith(keyed);
    expect(await statuses(3, () => ping({ apikey: KEY_A }))).toEqual([200, 200, 200]);
    expectRateLimited(await ping({ apikey: KEY_A }), /^Too many requests with this API key/);
    // Another key from the same address is counted apart, and so is the address without a key.
    expect(await statuses(3, () => ping({ apikey: KEY_B }))).toEqual([200, 200, 200]);
    expect(await statuses(2, () => ping())).toEqual([200, 200]);
    expect((await ping()).statusCode).toBe(429);
  });

  test('Authorization: Bearer counts in the same bucket as the apikey header', async () => {
    const { ping } = await apiWith(keyed);
    expect(await statuses(2, () => ping({ authorization: `Bearer ${KEY_A}` }))).toEqual([200, 200]);
    expect((await ping({ apikey: KEY_A })).statusCode).toBe(200);
    expectRateLimited(await ping({ authorization: `bearer ${KEY_A}` }), /with this API key/);
  });

  test('an invalid key is treated as none: the anonymous bucket of its address', async () => {
    const { ping } = await apiWith(keyed);
    expect((await ping({ apikey: 'not-a-key' })).statusCode).toBe(200);
    expect((await ping({ authorization: `Bearer ${KEY_A}x` })).statusCode).toBe(200);
    expectRateLimited(await ping({ apikey: KEY_A.slice(0, -1) }), /without an API key/);
    // A valid key still gets through from the address that is now limited.
    expect((await ping({ apikey: KEY_A })).statusCode).toBe(200);
  });

  test('a key in the form (apiKeyInForm route): counted against the key, not the address', async () => {
    const { ping, form } = await apiWith(keyed);
    expect(await statuses(2, () => ping())).toEqual([200, 200]);
    // The address is spent, yet a valid form key gets its own three.
    expect(await statuses(3, () => form({ apikey: KEY_A }))).toEqual([200, 200, 200]);
    expectRateLimited(await form({ apikey: KEY_A }), /with this API key/);
    // And the header form of the same key shares that bucket.
    expect((await ping({ apikey: KEY_A })).statusCode).toBe(429);
  });

  test('an invalid or missing form key is counted against the address at the anonymous limit', async () => {
    const { form } = await apiWith(keyed);
    expect((await form({ apikey: 'wrong' })).statusCode).toBe(200);
    expect((await form({})).statusCode).toBe(200);
    expectRateLimited(await form({ apikey: 'wrong' }), /without an API key/);
  });

  test('a form that fails before its key is read still counts against the address', async () => {
    const { ping, form } = await apiWith(keyed);
    expect(await statuses(2, () => form({ broken: true }))).toEqual([500, 500]);
    expect((await ping()).statusCode).toBe(429);
  });

  test('a form key on a route that counts on arrival lifts nothing, but a valid one is counted against its key too', async () => {
    const { ping, form } = await apiWith(keyed);
    expect(await statuses(2, () => form({ apikey: KEY_A }, '/api/form-late'))).toEqual([200, 200]);
    expect((await form({ apikey: KEY_A }, '/api/form-late')).statusCode).toBe(429);
    expect((await ping({ apikey: KEY_A })).statusCode).toBe(200);
    expect((await ping({ apikey: KEY_A })).statusCode).toBe(429);
  });

  test('a route outside the API with its own limit still counts by address, whatever key comes', async () => {
    const { app } = await apiWith(keyed);
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/contact-like', payload: {}, headers });
    expect((await post({ apikey: KEY_A })).statusCode).toBe(200);
    expectRateLimited(await post({ apikey: KEY_B }), /^Too many requests; try again in \d+ s\.$/);
    expect((await post({})).statusCode).toBe(429);
  });

  test('a key sent in a header and in the form is counted once', async () => {
    const { form } = await apiWith(keyed);
    expect(await statuses(3, () => form({ apikey: KEY_A }, '/parse/form', { apikey: KEY_A }))).toEqual([200, 200, 200]);
    expect((await form({ apikey: KEY_A }, '/parse/form', { apikey: KEY_A })).statusCode).toBe(429);
  });
});

describe('in the server app.ts builds', () => {
  test('the API scope counts per key and per address (the QR image route, drawn without a queue)', async () => {
    const { buildApp } = await import('./app.ts');
    const app = await buildApp({
      logLevel: 'silent',
      webRoot: '/nonexistent',
      databaseFile: ':memory:',
      apiKeys: [KEY_A],
      apiAnonRateLimit: 1,
      apiKeyRateLimit: 2,
    });
    apps.push(app);
    const qr = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/v1/create-qr-code/?data=x', headers });
    expect((await qr()).statusCode).toBe(200);
    expectRateLimited(await qr({ apikey: 'guess' }), /without an API key/);
    expect(await statuses(2, () => qr({ authorization: `Bearer ${KEY_A}` }))).toEqual([200, 200]);
    expectRateLimited(await qr({ apikey: KEY_A }), /with this API key/);
  });
});

describe('keys stay out of the logs', () => {
  test.each([false, true])('terminal %s: no key from a header, a Bearer token, the query or the form is written', async (terminal) => {
    const { ping, form, log } = await apiWith({ apiKeys: [KEY_A, KEY_B] }, { terminal });
    await ping({ apikey: KEY_A });
    await ping({ authorization: `Bearer ${KEY_B}` });
    await ping({}, `/api/ping?language=eng&apikey=${KEY_A}&url=x`);
    await ping({}, `/api/ping?APIKEY=${KEY_B}`);
    await form({ apikey: KEY_A });
    const written = log();
    expect(written).toContain('/api/ping');
    expect(written).toContain('headers as a careless route might log them');
    expect(written).not.toContain(KEY_A);
    expect(written).not.toContain(KEY_B);
    expect(written).toContain('apikey=…&url=…');
    if (!terminal) expect(written).toContain('"apikey":"[Redacted]"');
  });
});

describe('configured keys', () => {
  test('a keys file: one a line, # comments whole or after a space, blank lines and CRLF', () => {
    const text = '# TextLift API keys\r\nalpha-1\r\n\r\n  beta-2   # the mobile app\n#gamma-3\nde#lta-4\n\t\n';
    expect(parseKeysFile(text)).toEqual(['alpha-1', 'beta-2', 'de#lta-4']);
  });

  test('TEXTLIFT_API_KEYS: comma-separated, spaces ignored', () => {
    expect(parseKeysList(' alpha-1, beta-2 ,,gamma-3 ')).toEqual(['alpha-1', 'beta-2', 'gamma-3']);
  });

  test('loadConfig takes the keys of both, the limits from their variables, the anonymous one defaulting to the per-client limit', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'textlift-keys-'));
    try {
      writeFileSync(path.join(dir, 'keys'), '# ops\nfile-key-1\nfile-key-2\n');
      vi.stubEnv('TEXTLIFT_API_KEYS', 'env-key-1,env-key-2');
      vi.stubEnv('TEXTLIFT_API_KEYS_FILE', path.join(dir, 'keys'));
      vi.stubEnv('TEXTLIFT_API_RATE_LIMIT', '40');
      vi.stubEnv('TEXTLIFT_API_KEY_RATE_LIMIT', '900');
      const config = loadConfig();
      expect(config.apiKeys).toEqual(['env-key-1', 'env-key-2', 'file-key-1', 'file-key-2']);
      expect(config.apiAnonRateLimit).toBe(40);
      expect(config.apiKeyRateLimit).toBe(900);
      vi.stubEnv('TEXTLIFT_API_ANON_RATE_LIMIT', '5');
      expect(loadConfig().apiAnonRateLimit).toBe(5);
      vi.stubEnv('TEXTLIFT_API_KEYS_FILE', path.join(dir, 'missing'));
      expect(() => loadConfig()).toThrow(/^TEXTLIFT_API_KEYS_FILE cannot be read/);
    } finally {
      vi.unstubAllEnvs();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('url input: on by default with the Image to Text cap, off by TEXTLIFT_URL_INPUT=off', async () => {
    const { findTool } = await import('@textlift/core/tools');
    const imageToText = findTool('image-to-text')?.input;
    try {
      const config = loadConfig();
      expect(config.urlInput).toBe(true);
      expect(config.urlInputMaxBytes).toBe(imageToText?.kind === 'files' ? imageToText.maxBytes : Number.NaN);
      expect(config.urlInputTimeoutMs).toBe(15_000);
      vi.stubEnv('TEXTLIFT_URL_INPUT', 'off');
      vi.stubEnv('TEXTLIFT_URL_INPUT_MAX_MB', '5');
      expect(loadConfig()).toMatchObject({ urlInput: false, urlInputMaxBytes: 5 * 1024 * 1024 });
      vi.stubEnv('TEXTLIFT_URL_INPUT', 'yes');
      expect(() => loadConfig()).toThrow(/TEXTLIFT_URL_INPUT must be on or off/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
