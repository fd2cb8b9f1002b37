/**
 * GET /v1/create-qr-code/ through the whole app (inject): goqr.me's parameters in, an image out
 * that zbar (ASCII) and jsQR (Unicode, read as UTF-8) decode to the data sent.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { expectThirdRateLimited } from '../../../../test-support/api-server.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 1000 });
});
afterAll(() => app.close());

const dir = mkdtempSync(`${tmpdir()}/textlift-create-qr-code-`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The query as a browser writes it: every value percent-encoded as UTF-8. */
const query = (parameters: Record<string, string>) =>
  Object.entries(parameters)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');

const get = (parameters: Record<string, string> | string, path = '/v1/create-qr-code/') =>
  app.inject({ method: 'GET', url: `${path}?${typeof parameters === 'string' ? parameters : query(parameters)}` });

let fileCount = 0;
function zbar(bytes: Uint8Array): string {
  const file = `${dir}/${++fileCount}`;
  writeFileSync(file, bytes);
  try {
    return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\n$/, '');
  } catch {
    return '';
  }
}

async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** jsQR's bytes, decoded as the charset named. */
async function jsqr(bytes: Uint8Array, charset: 'utf-8' | 'latin1' = 'utf-8'): Promise<string | undefined> {
  const image = await pixels(bytes);
  const code = jsQR(image.data, image.width, image.height);
  if (!code) return undefined;
  return charset === 'utf-8' ? new TextDecoder().decode(Uint8Array.from(code.binaryData)) : Buffer.from(code.binaryData).toString('latin1');
}

const svgToPng = async (svg: Uint8Array) => new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());

const hello = 'HelloWorld! https://example.com/a?b=1&c=2';

describe('formats', () => {
  test('PNG by default, 200 × 200, cached for a day', async () => {
    const response = await get({ data: hello });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 200, height: 200 });
    expect(zbar(response.rawPayload)).toBe(hello);
  });

  test.each([
    ['png', 'image/png', 'png'],
    ['gif', 'image/gif', 'gif'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['jpg', 'image/jpeg', 'jpeg'],
  ])('format=%s answers %s of the size asked', async (format, type, sharpFormat) => {
    const response = await get({ data: hello, size: '300x300', format });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: sharpFormat, width: 300, height: 300 });
    expect(zbar(response.rawPayload)).toBe(hello);
  });

  test('format=svg answers SVG of that width and height, read once rasterised', async () => {
    const response = await get({ data: hello, size: '250x250', format: 'svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg [^>]*width="250" height="250"/);
    const png = await svgToPng(response.rawPayload);
    expect(await sharp(png).metadata()).toMatchObject({ width: 250, height: 250 });
    expect(zbar(png)).toBe(hello);
  });

  test('the address without the trailing slash answers the same', async () => {
    const response = await get({ data: hello, size: '120x120' }, '/v1/create-qr-code');
    expect(response.statusCode).toBe(200);
    expect(zbar(response.rawPayload)).toBe(hello);
  });

  test('1000 × 1000, the largest, with a long URL at ecc=H', async () => {
    const url = `https://example.com/track?id=${'0123456789abcdef'.repeat(40)}`;
    const response = await get({ data: url, size: '1000x1000', ecc: 'H' });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 1000, height: 1000 });
    expect(zbar(response.rawPayload)).toBe(url);
  });

  test('a size that is not square gives a square of the smaller side', async () => {
    const response = await get({ data: hello, size: '300x200' });
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 200, height: 200 });
  });
});

describe('Unicode', () => {
  const text = 'Привет, 世界! İstanbul ıspanak 😀';
  test.each(['png', 'gif', 'svg'])('UTF-8 data in %s reads back as sent', async (format) => {
    const response = await get({ data: text, size: '400x400', format });
    expect(response.statusCode).toBe(200);
    const image = format === 'svg' ? await svgToPng(response.rawPayload) : response.rawPayload;
    expect(await jsqr(image)).toBe(text);
  });

  test('charset-source=ISO-8859-1 takes %E9 as é; charset-target=ISO-8859-1 writes Latin-1 bytes', async () => {
    const fromLatin1 = await get('data=caf%E9+cr%E8me&charset-source=ISO-8859-1');
    expect(fromLatin1.statusCode).toBe(200);
    expect(await jsqr(fromLatin1.rawPayload)).toBe('café crème');
    const toLatin1 = await get({ data: 'café crème', 'charset-target': 'ISO-8859-1' });
    expect(toLatin1.statusCode).toBe(200);
    expect(await jsqr(toLatin1.rawPayload, 'latin1')).toBe('café crème');
  });
});

describe('colours and margins', () => {
  /** The pixel where the code's top-left finder pattern starts, from the module count zbar does not tell: scan for it. */
  function firstDark(data: Uint8ClampedArray, size: number, background: number[]): [number, number] {
    for (let i = 0; i < size; i++) {
      const offset = (i * size + i) * 4;
      if ([data[offset], data[offset + 1], data[offset + 2]].join() !== background.join()) return [i, i];
    }
    throw new Error('no dark pixel on the diagonal');
  }

  test('color=255-0-0 and bgcolor=ffffff are honoured exactly in PNG and GIF', async () => {
    for (const format of ['png', 'gif']) {
      const response = await get({ data: hello, size: '300x300', color: '255-0-0', bgcolor: 'ffffff', format });
      const { data } = await pixels(response.rawPayload);
      expect([...data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
      const [x, y] = firstDark(data, 300, [255, 255, 255]);
      expect([...data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 4)]).toEqual([255, 0, 0, 255]);
      const colours = new Set<string>();
      for (let i = 0; i < data.length; i += 4) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      expect([...colours].sort(), format).toEqual(['255,0,0', '255,255,255']);
    }
  });

  test('hex colours with or without #, three or six digits', async () => {
    const response = await get({ data: hello, color: '#00f', bgcolor: 'FFFF00', format: 'svg' });
    expect(response.body).toContain('fill="#ffff00"');
    expect(response.body).toContain('fill="#0000ff"');
  });

  test('margin is pixels of background, qzone is modules of it', async () => {
    const plain = await pixels((await get({ data: hello, size: '300x300', margin: '0' })).rawPayload);
    const zoned = await pixels((await get({ data: hello, size: '300x300', margin: '20', qzone: '4' })).rawPayload);
    const white = [255, 255, 255];
    const [plainStart] = firstDark(plain.data, 300, white);
    const [zonedStart] = firstDark(zoned.data, 300, white);
    expect(plainStart).toBeLessThan(10);
    expect(zonedStart).toBeGreaterThanOrEqual(20 + 4);
  });
});

describe('bad parameters are 400 naming the parameter', () => {
  test.each([
    ['size', { data: hello, size: '2000x2000' }],
    ['size', { data: hello, size: '9x9' }],
    ['size', { data: hello, size: '300' }],
    ['ecc', { data: hello, ecc: 'X' }],
    ['color', { data: hello, color: '300-0-0' }],
    ['bgcolor', { data: hello, bgcolor: 'white' }],
    ['margin', { data: hello, margin: '51' }],
    ['qzone', { data: hello, qzone: '-1' }],
    ['format', { data: hello, format: 'bmp' }],
    ['format', { data: hello, format: 'eps' }],
    ['data', { size: '200x200' }],
    ['data', { data: '' }],
    ['data', { data: 'x'.repeat(2954) }],
    // Within the character cap, but more than level H holds.
    ['data', { data: 'x'.repeat(1300), ecc: 'H' }],
    ['charset-source', { data: hello, 'charset-source': 'KOI8-R' }],
  ])('%s: %j', async (parameter, parameters) => {
    const response = await get(parameters as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
    expect(body.error.message).toContain(parameter);
  });

  test('data that is not UTF-8 without charset-source', async () => {
    const response = await get('data=caf%E9');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('data');
  });

  test('a size too small for the data names the size it needs', async () => {
    const response = await get({ data: 'x'.repeat(1000), size: '50x50' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/size.*\d+ × \d+ pixels/);
  });

  test('POST is 405 with Allow', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/create-qr-code/', payload: 'data=x' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});

describe('server integration', () => {
  test('the security headers stay, and the site may show these images (img-src self)', async () => {
    const response = await get({ data: hello });
    expect(response.headers['content-security-policy']).toMatch(/img-src 'self'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('counts against the per-client rate limit of the API', async () => {
    await expectThirdRateLimited((limited) => limited.inject({ method: 'GET', url: `/v1/create-qr-code/?data=x` }), 200);
  });

  test('/api/v1/openapi.json describes it', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/v1/create-qr-code/'].get;
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['data', 'size', 'ecc', 'color', 'bgcolor', 'margin', 'qzone', 'format']),
    );
  });
});
