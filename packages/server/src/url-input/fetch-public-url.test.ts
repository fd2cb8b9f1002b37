import http from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConversionError } from '@textlift/core';
import { fetchPublicUrl, urlFetcher, type FetchPublicUrlOptions } from './fetch-public-url.ts';

/**
 * The test server listens on 127.0.0.2 (loopback too, on Linux) and only that address is let
 * through by allowAddress: a redirect to 127.0.0.1, the same machine, must still be refused.
 */
const SERVER_ADDRESS = '127.0.0.2';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const MAX_BYTES = 1000;
/** Long enough for a loopback answer, short for the stalled ones; a stall never ends, so the cap always fires. */
const TIMEOUT_MS = 2000;
const STALL_TIMEOUT_MS = 300;

let server: http.Server;
let port = 0;
const requested: string[] = [];

/** Names the tests resolve, as an injected DNS would answer them. */
const names: Record<string, string[]> = {
  'files.test': [SERVER_ADDRESS],
  'intranet.test': ['10.0.0.7'],
  'metadata.test': ['169.254.169.254'],
  'router.test': ['192.168.1.1'],
  'v6local.test': ['::1'],
  'mixed.test': [SERVER_ADDRESS, '172.20.0.5'],
};

function lookupFrom(table: Record<string, string[]>, calls: string[] = []): LookupFunction {
  return (hostname, _options, callback) => {
    calls.push(hostname);
    const found = table[hostname];
    if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

const options = (extra: Partial<FetchPublicUrlOptions> = {}): FetchPublicUrlOptions => ({
  maxBytes: MAX_BYTES,
  timeoutMs: TIMEOUT_MS,
  lookup: lookupFrom(names),
  allowAddress: (address) => address === SERVER_ADDRESS,
  ...extra,
});

const at = (path: string) => `http://files.test:${port}${path}`;

async function refusal(url: string, extra: Partial<FetchPublicUrlOptions> = {}): Promise<ConversionError> {
  const error = await fetchPublicUrl(url, options(extra)).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    requested.push(url.pathname);
    switch (url.pathname) {
      case '/scan.png':
        response.writeHead(200, { 'content-type': 'image/png; charset=binary', 'content-length': PNG.length });
        return response.end(PNG);
      case '/download':
        response.writeHead(200, { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="receipt 12.png"' });
        return response.end(PNG);
      case '/redirect':
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return response.end();
      case '/loop':
        response.writeHead(301, { location: '/loop' });
        return response.end();
      case '/missing':
        response.writeHead(404);
        return response.end('not here');
      case '/declared-large':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': MAX_BYTES + 1 });
        return response.end(new Uint8Array(MAX_BYTES + 1));
      case '/endless': {
        // No Content-Length, and no end: the reader must stop on its own once past the cap.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = new Uint8Array(256);
        const write = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', write);
        };
        return write();
      }
      case '/stall-headers':
        return; // Never answers.
      case '/stall-body':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 500 });
        response.write(new Uint8Array(10));
        return; // The rest never comes.
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, SERVER_ADDRESS, resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchPublicUrl: what it fetches', () => {
  test('a file from an allowed host: its bytes, the name in its address, its media type', async () => {
    const file = await fetchPublicUrl(at('/scan.png'), options());
    expect([...file.bytes]).toEqual([...PNG]);
    expect(file.name).toBe('scan.png');
    expect(file.type).toBe('image/png');
    // Its own buffer, not a slice of Node's pool, so it can move to a conversion thread.
    expect(file.bytes.byteOffset).toBe(0);
    expect(file.bytes.buffer.byteLength).toBe(PNG.length);
  });

  test('the name a Content-Disposition gives wins over the address', async () => {
    expect((await fetchPublicUrl(at('/download'), options())).name).toBe('receipt 12.png');
  });

  test('redirects are followed, up to three, each target checked', async () => {
    const twice = at(`/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent('/scan.png')}`)}`);
    expect((await fetchPublicUrl(twice, options())).name).toBe('scan.png');
  });

  test('the connection goes to the address checked: a second DNS answer (rebinding) is never asked for', async () => {
    const calls: string[] = [];
    let answers = 0;
    const rebinding: LookupFunction = (hostname, _options, callback) => {
      calls.push(hostname);
      answers += 1;
      callback(null, [{ address: answers === 1 ? SERVER_ADDRESS : '10.0.0.9', family: 4 }]);
    };
    const file = await fetchPublicUrl(`http://rebind.test:${port}/scan.png`, options({ lookup: rebinding }));
    expect([...file.bytes]).toEqual([...PNG]);
    expect(calls).toEqual(['rebind.test']);
  });
});

describe('fetchPublicUrl: what it refuses', () => {
  test.each(['ftp://files.test/scan.png', 'file:///etc/passwd', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)', 'gopher://files.test/'])(
    'a scheme other than http(s): %s',
    async (url) => {
      const error = await refusal(url);
      expect(error.code).toBe('bad-request');
      expect(error.message).toMatch(/^Only http and https addresses are fetched/);
    },
  );

  test('a user name or password in the url', async () => {
    const error = await refusal(`http://user:secret@files.test:${port}/scan.png`);
    expect(error.message).toBe('The url must not carry a user name or password.');
  });

  test('text that is no url', async () => {
    expect((await refusal('not a url')).message).toBe('The url is not a valid address.');
  });

  test.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://172.16.5.4/', 'private'],
    ['http://192.168.0.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['http://100.64.1.1/', 'carrierGradeNat'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://224.0.0.251/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://192.0.2.10/', 'reserved'],
    ['http://[::1]/', 'loopback'],
    ['http://[fe80::1]/', 'linkLocal'],
    ['http://[fd00::1]/', 'uniqueLocal'],
    ['http://[::ffff:127.0.0.1]/', 'ipv4Mapped of loopback'],
    ['http://[::ffff:169.254.169.254]/', 'ipv4Mapped of linkLocal'],
    ['http://[2002:a00:1::]/', '6to4 of private'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'rfc6052 of linkLocal'],
    ['http://[2001:db8::1]/', 'reserved'],
  ])('a literal non-public address: %s', async (url, range) => {
    const error = await refusal(url, { lookup: lookupFrom({}) });
    expect(error.code).toBe('bad-request');
    expect(error.message).toContain(`a ${range} address, not a public one`);
  });

  test.each([
    ['http://2130706433/', 'decimal'],
    ['http://0x7f.1/', 'hex'],
    ['http://0x7f000001/', 'hex, whole'],
    ['http://0177.0.0.1/', 'octal'],
    ['http://127.1/', 'short'],
    ['http://017700000001/', 'octal, whole'],
    ['http://0xA9.0xFE.0xA9.0xFE/latest/meta-data/', 'hex metadata'],
  ])('a loopback or metadata address written another way: %s (%s)', async (url) => {
    const error = await refusal(url, { lookup: lookupFrom({}) });
    expect(error.message).toMatch(/^Refused: (127\.0\.0\.1 is a loopback|169\.254\.169\.254 is a linkLocal) address/);
  });

  test.each([
    ['intranet.test', 'private'],
    ['metadata.test', 'linkLocal'],
    ['v6local.test', 'loopback'],
    // One private answer among allowed ones is enough to refuse.
    ['mixed.test', 'private'],
  ])('a name that resolves to a non-public address: %s', async (host, range) => {
    const error = await refusal(`http://${host}:${port}/scan.png`);
    expect(error.message).toBe(`Refused: ${host} leads to a ${range} address, not a public one; only files on public hosts are fetched.`);
  });

  test('a name that does not resolve', async () => {
    expect((await refusal('http://nowhere.test/scan.png')).message).toBe('The host nowhere.test was not found.');
  });

  test.each([
    ['http://127.0.0.1:PORT/scan.png', 'loopback'],
    ['http://[::1]:PORT/scan.png', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/iam/', 'linkLocal'],
    ['http://intranet.test/', 'private'],
    ['http://router.test/admin', 'private'],
    ['http://2130706433:PORT/scan.png', 'loopback'],
  ])('a redirect from an allowed host to %s', async (target, range) => {
    const before = requested.filter((path) => path === '/scan.png').length;
    const error = await refusal(at(`/redirect?to=${encodeURIComponent(target.replace('PORT', String(port)))}`));
    expect(error.message).toContain(`a ${range} address, not a public one`);
    // Refused before connecting: the file behind the redirect was never asked for.
    expect(requested.filter((path) => path === '/scan.png').length).toBe(before);
  });

  test('a redirect to another scheme', async () => {
    expect((await refusal(at(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`))).message).toMatch(/^Only http and https/);
  });

  test('more than three redirects', async () => {
    const before = requested.filter((path) => path === '/loop').length;
    const error = await refusal(at('/loop'));
    expect(error.message).toBe('The url redirected more than 3 times.');
    expect(requested.filter((path) => path === '/loop').length - before).toBe(4);
  });

  test('an answer that is not 2xx', async () => {
    const error = await refusal(at('/missing'));
    expect(error.message).toBe('The url answered 404 Not Found, not a file.');
  });

  test('a Content-Length over the cap, before any of the body is read', async () => {
    const error = await refusal(at('/declared-large'));
    expect(error.code).toBe('too-large');
    expect(error.details.maxBytes).toBe(MAX_BYTES);
  });

  test('a body that passes the cap while streaming (no Content-Length, no end)', async () => {
    const error = await refusal(at('/endless'));
    expect(error.code).toBe('too-large');
  });

  test('a server that never answers', async () => {
    const error = await refusal(at('/stall-headers'), { timeoutMs: STALL_TIMEOUT_MS });
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('The url did not send its file within 0.3 s.');
  });

  test('a body that stalls halfway: the time cap covers the body too', async () => {
    const error = await refusal(at('/stall-body'), { timeoutMs: STALL_TIMEOUT_MS });
    expect(error.code).toBe('timeout');
  });

  test('a caller that gives up: cancelled', async () => {
    const controller = new AbortController();
    const pending = fetchPublicUrl(at('/stall-headers'), options({ signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('urlFetcher', () => {
  test('off: refuses every url with a clear message', async () => {
    const fetchUrl = urlFetcher({ urlInput: false, urlInputMaxBytes: MAX_BYTES, urlInputTimeoutMs: TIMEOUT_MS });
    await expect(fetchUrl(at('/scan.png'))).rejects.toMatchObject({
      code: 'bad-request',
      message: 'This server does not fetch files by url; send the file itself.',
    });
  });

  test('on: the configured checks hold (no test allowances here)', async () => {
    const fetchUrl = urlFetcher({ urlInput: true, urlInputMaxBytes: MAX_BYTES, urlInputTimeoutMs: TIMEOUT_MS });
    await expect(fetchUrl(`http://${SERVER_ADDRESS}:${port}/scan.png`)).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('loopback'),
    });
  });
});
