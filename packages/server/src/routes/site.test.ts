import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { THEME_COOKIE } from '@textlift/core';
import { registerSiteRoutes } from './site.ts';

let app: FastifyInstance;
let webRoot: string;

/** A build of one page, its not-found page, the two documents, a hashed asset (with its compressed copies) and a plain file. */
function writeSite(root: string) {
  const body = '<p>Extract text from images.</p>'.repeat(50);
  const page = `<!doctype html><html lang="en"><head><link rel="canonical" href="%ORIGIN%/"></head><body>${body}</body></html>`;
  writeFileSync(path.join(root, 'index.html'), page);
  writeFileSync(path.join(root, '404.html'), '<!doctype html><html lang="en"><body>Not found</body></html>');
  writeFileSync(path.join(root, 'sitemap.xml'), '<urlset><url><loc>%ORIGIN%/</loc></url></urlset>');
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nSitemap: %ORIGIN%/sitemap.xml\n');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  mkdirSync(path.join(root, 'assets'));
  const script = Buffer.from('console.log("hydrated");'.repeat(100));
  writeFileSync(path.join(root, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(root, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets/index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"TextLift"}');
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite/bundle-report.json'), '{}');
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'textlift-site-'));
  writeSite(webRoot);
  app = Fastify();
  app.get('/api/v1/hello', async () => ({ hello: 'world' }));
  await registerSiteRoutes(app, { webRoot, publicUrl: 'https://textlift.example' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('pages revalidate with an ETag', () => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    test(`the home page sent as ${encoding} answers 304, without its body, to its own ETag`, async () => {
      const first = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await app.inject({ url: '/', headers: { 'accept-encoding': encoding, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });
  }

  test('each encoding and each theme has its own ETag, and a stale one gets the page again', async () => {
    const etagOf = async (headers: Record<string, string>) => (await app.inject({ url: '/', headers })).headers.etag;
    const tags = new Set([
      await etagOf({ 'accept-encoding': 'br' }),
      await etagOf({ 'accept-encoding': 'gzip' }),
      await etagOf({}),
      await etagOf({ 'accept-encoding': 'br', cookie: `${THEME_COOKIE}=dark` }),
    ]);
    expect(tags.size).toBe(4);
    const stale = await app.inject({ url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': '"not-this-page"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBeGreaterThan(0);
  });

  test('the sitemap and a plain file revalidate too; a hashed asset keeps its year-long immutable caching', async () => {
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect((await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': sitemap.headers.etag as string } })).statusCode).toBe(304);
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.headers.etag).toBeTruthy();
    expect((await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': favicon.headers.etag as string } })).statusCode).toBe(304);
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an API answer is not given an ETag, and the build report is not served', async () => {
    const api = await app.inject({ url: '/api/v1/hello' });
    expect(api.json()).toEqual({ hello: 'world' });
    expect(api.headers.etag).toBeUndefined();
    expect((await app.inject({ url: '/.vite/bundle-report.json' })).statusCode).toBe(404);
  });
});

describe('offline use', () => {
  test('the service worker and the app manifest are asked again on every visit, with their own types', async () => {
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });
});

describe('Accept-Encoding is read with its q-values', () => {
  test('br;q=0 gets no brotli, for a page or a file: gzip where accepted, else the plain bytes', async () => {
    for (const url of ['/', '/assets/index-abc123.js']) {
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toMatch(/Extract text from images|hydrated/);
    }
  });

  test('brotli where it is accepted, gzip when preferred by its weight', async () => {
    expect((await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })).headers['content-encoding']).toBe('br');
    expect((await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0.5, gzip;q=1' } })).headers['content-encoding']).toBe('gzip');
    expect((await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })).headers['content-encoding']).toBeUndefined();
  });
});
