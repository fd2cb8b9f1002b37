import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../../../../test-support/fake-npm-registry.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { runOnNode } from '../engines/node-host.ts';
import { createOcrProvider } from '../engines/ocr-provider.ts';
import { MODEL_URL_FOLDER } from './model-route.ts';

/** French's best_int standing in for Catalan's package: a real model, so a real page is read with it. */
const standIn = readFileSync(createRequire(import.meta.url).resolve('@tesseract.js-data/fra/4.0.0_best_int/fra.traineddata.gz'));
const SENTENCE = 'Le cinquième jour, notre équipage quitta le port';

let registry: FakeNpmRegistry;
let app: FastifyInstance;
let dataDir: string;
let origin: string;

beforeAll(async () => {
  registry = await startFakeNpmRegistry({ cat: { model: standIn } });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'textlift-models-api-'));
  app = await buildApp({ logLevel: 'silent', webRoot: '/nonexistent', dataDir, npmRegistry: registry.url, apiRateLimit: 1000 });
  // Over HTTP, as the convert route takes its uploads from a socket.
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await registry?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A clean printed line, as a screenshot of it. */
async function printed(text: string): Promise<Buffer> {
  const line = `<text x="40" y="95" font-family="DejaVu Sans" font-size="44" fill="#111">${text}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="160"><rect width="100%" height="100%" fill="#fff"/>${line}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function convert(image: Buffer, language: string) {
  const form = new FormData();
  form.set('language', language);
  form.set('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'line.png');
  const response = await fetch(`${origin}/api/v1/convert/image-to-text`, { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
}

test('a page in a language not bundled is read through the API with the model fetched on its first use', async () => {
  const answer = await convert(await printed(SENTENCE), 'cat');
  expect(answer.status, answer.text).toBe(200);
  expect(answer.text.replace(/\s+/g, ' ').trim()).toBe(SENTENCE);
  expect(registry.requests.filter((url) => url.startsWith('/tarballs/'))).toEqual(['/tarballs/cat-1.0.0.tgz']);
  // One that cannot be had is its error, not a reading with another model.
  const missing = await convert(await printed(SENTENCE), 'afr');
  expect(missing.status).toBe(503);
  expect(JSON.parse(missing.text)).toMatchObject({ error: { code: 'language-unavailable' } });
});

test('the page gets the model from our origin, cached for good under a strong ETag; an unknown code is not found', async () => {
  const url = `${MODEL_URL_FOLDER}/cat.traineddata.gz`;
  const first = await app.inject({ method: 'GET', url });
  expect(first.statusCode).toBe(200);
  expect(first.rawPayload.equals(standIn)).toBe(true);
  expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(first.headers.etag).toMatch(/^"sha512-[A-Za-z0-9+/]+={0,2}"$/);
  const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
  expect(again.statusCode).toBe(304);
  expect(registry.requests.filter((asked) => asked.startsWith('/tarballs/'))).toHaveLength(1);
  expect((await app.inject({ method: 'GET', url: `${MODEL_URL_FOLDER}/xyz.traineddata.gz` })).statusCode).toBe(404);
  const unavailable = await app.inject({ method: 'GET', url: `${MODEL_URL_FOLDER}/afr.traineddata.gz` });
  expect(unavailable.statusCode).toBe(503);
  expect(unavailable.json()).toMatchObject({ error: { code: 'language-unavailable' } });
});

test('the WASM fallback (tesseract.js) reads the same fetched model from the same folder', { timeout: 60_000 }, async () => {
  const provider = await createOcrProvider(loadConfig({ ocrEngine: 'wasm', concurrency: 1, dataDir, npmRegistry: registry.url }));
  try {
    const result = await runOnNode(provider, 'image-to-text', { files: [{ name: 'line.png', bytes: await printed(SENTENCE) }] }, { language: 'cat' });
    expect(result.text?.replace(/\s+/g, ' ').trim()).toBe(SENTENCE);
    await expect(
      runOnNode(provider, 'image-to-text', { files: [{ name: 'line.png', bytes: await printed(SENTENCE) }] }, { language: 'afr' }),
    ).rejects.toMatchObject({
      code: 'language-unavailable',
    });
  } finally {
    await provider.close();
  }
});
