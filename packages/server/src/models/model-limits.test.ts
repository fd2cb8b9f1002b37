import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../../../../test-support/fake-npm-registry.ts';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { buildApp } from '../app.ts';
import { MODEL_URL_FOLDER } from './model-route.ts';

/** Any real best_int file does: the limits are about requests, not readings. */
const model = readFileSync(createRequire(import.meta.url).resolve('@tesseract.js-data/fra/4.0.0_best_int/fra.traineddata.gz'));

let registry: FakeNpmRegistry;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  registry = await startFakeNpmRegistry({ cat: { model }, glg: { model }, eus: { model }, afr: { model }, cym: { model }, mlt: { model } });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'textlift-model-limits-'));
  app = await buildApp({ logLevel: 'silent', webRoot: '/nonexistent', dataDir, npmRegistry: registry.url, modelDownloadRateLimit: 2, modelRateLimit: 6 });
});
afterAll(async () => {
  await app?.close();
  await registry?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ask = (code: string, remoteAddress: string) => app.inject({ method: 'GET', url: `${MODEL_URL_FOLDER}/${code}.traineddata.gz`, remoteAddress });
const tarballsAsked = () => registry.requests.filter((url) => url.startsWith('/tarballs/'));

test('one address makes the server download a few new models an hour, is then refused 429 for more, and still gets those on disk', async () => {
  const visitor = '203.0.113.7';
  expect((await ask('cat', visitor)).statusCode).toBe(200);
  // On disk now: asking again downloads nothing and counts nothing.
  expect((await ask('cat', visitor)).statusCode).toBe(200);
  expect((await ask('glg', visitor)).statusCode).toBe(200);
  const refused = await ask('eus', visitor);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ error: { code: 'rate-limited', message: expect.stringMatching(/try again in \d+ s/) } });
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(60);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  // Refused before the registry was asked.
  expect(tarballsAsked()).toEqual(['/tarballs/cat-1.0.0.tgz', '/tarballs/glg-1.0.0.tgz']);
  // What is on disk is served as before, cached for good.
  const cached = await ask('glg', visitor);
  expect(cached.statusCode).toBe(200);
  expect(cached.rawPayload.equals(model)).toBe(true);
  expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // Another address has its own count.
  expect((await ask('eus', '198.51.100.20')).statusCode).toBe(200);
  expect(tarballsAsked()).toHaveLength(3);
});

test('past the per-minute limit of the route, even a model on disk is refused 429 with Retry-After, in our error shape', async () => {
  const script = '192.0.2.50';
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await ask('cat', script)).statusCode);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  const refused = await ask('cat', script);
  expect(refused.json()).toMatchObject({ error: { code: 'rate-limited' } });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  // A bundled language's file is counted too (here absent from the build: 404 until the limit).
  expect((await ask('eng', script)).statusCode).toBe(429);
  expect((await ask('eng', '192.0.2.51')).statusCode).toBe(404);
});

test('naming a language new to the server in an API call counts as a download too: past the limit, 429 before the registry is asked', async () => {
  const script = '203.0.113.90';
  expect((await ask('afr', script)).statusCode).toBe(200);
  expect((await ask('cym', script)).statusCode).toBe(200);
  const convert = (language: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(corpusFile('ocr/uw3-line-010001.png'))]), 'line.png');
    form.append('language', language);
    return app.inject({ method: 'POST', url: '/api/v1/convert/image-to-text', payload: form, remoteAddress: script });
  };
  const refused = await convert('mlt');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ error: { code: 'rate-limited' } });
  expect(tarballsAsked()).not.toContain('/tarballs/mlt-1.0.0.tgz');
  // A language already on the server costs nothing: the page is read.
  const read = await convert('afr');
  expect(read.statusCode, read.body).toBe(200);
});
