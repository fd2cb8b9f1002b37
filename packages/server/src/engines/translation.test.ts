import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keepLast, runTool, type ConversionHost, type OcrEngine, type OcrOptions } from '@textlift/core';
import { apertiumEngine } from '@textlift/core/translation/apertium';
import { libreTranslateEngine } from '@textlift/core/translation/libretranslate';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { startLibreTranslateStub, type LibreTranslateStub } from '../../../../test-support/libretranslate-stub.ts';
import { wordsFound } from '../../../../test-support/word-share.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { findApertium, type ApertiumServer } from './apertium-server.ts';
import { createNodeHost, runOnNode } from './node-host.ts';
import { createOcrProvider, type OcrProvider } from './ocr-provider.ts';
import { ServerTranslation } from './translation.ts';

const quiet = { info: () => {}, warn: () => {} };
let apy: ApertiumServer;
let stub: LibreTranslateStub;

beforeAll(async () => {
  // Debian's apertium-apy, apertium-eng-spa and apertium-fr-es: `npm test` installs them (scripts/system-deps.mjs).
  const found = await findApertium(loadConfig().apertiumModes, quiet);
  if (!found) throw new Error('Apertium is not installed: apt-get install apertium-apy apertium-eng-spa apertium-fr-es');
  apy = found;
  expect(await apy.start()).toBe(true);
  stub = await startLibreTranslateStub({ apiKey: 'secret' });
});

afterAll(async () => {
  await Promise.all([apy?.close(), stub?.close()]);
});

describe('the Apertium adapter, against the real APy our server starts', () => {
  test('APy listens on the loopback only', () => {
    // The kernel's own list of listening sockets (state 0A) on APy's port: every one bound to 127.0.0.1.
    const port = Number(new URL(apy.url()).port).toString(16).toUpperCase().padStart(4, '0');
    const listening = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${port}`) && fields[3] === '0A')
      .map((fields) => fields[1]!.split(':')[0]);
    expect(listening).toEqual(['0100007F']);
  });

  test('is started again after it dies, the next engine standing in meanwhile, and translates again', async () => {
    const engine = apertiumEngine({ url: apy.url });
    const translation = new ServerTranslation(apy, { url: stub.url, apiKey: 'secret' });
    expect((await translation.engineFor({ source: 'en', target: 'es' })).id).toBe('apertium');
    const before = apy.url();
    process.kill(-apy.pid!, 'SIGKILL');
    // While it waits to be restarted (a second), Apertium is not offered: LibreTranslate takes English to Spanish.
    await expect.poll(() => apy.start(), { timeout: 5000 }).toBe(false);
    expect((await translation.engineFor({ source: 'en', target: 'es' })).id).toBe('libretranslate');
    await expect.poll(() => apy.start(), { timeout: 20_000, interval: 200 }).toBe(true);
    expect(apy.url()).not.toBe(before);
    expect(await engine.translate(['The dog is black.'], { source: 'en', target: 'es' })).toEqual(['El perro es negro.']);
  });

  test('translates English to Spanish line for line, and English to French through Spanish', async () => {
    const engine = apertiumEngine({ url: apy.url });
    expect(await engine.availability({ source: 'en', target: 'es' })).toBe('available');
    expect(await engine.availability({ source: 'en', target: 'fr' })).toBe('available');
    expect(await engine.availability({ source: 'en', target: 'de' })).toBe('unavailable');

    const spanish = await engine.translate(['The dog is black.', 'Could not open the door.', 'Good morning'], { source: 'en', target: 'es' });
    expect(spanish).toHaveLength(3);
    expect(spanish[0]).toMatch(/^El perro es negro\.$/);
    // Apertium moves the capital onto "Podría"; the adapter puts it back at the start.
    expect(spanish[1]).toMatch(/^No podría abrir la puerta\.$/);
    expect(spanish[2]).toMatch(/^Buenos días$/i);

    const french = await engine.translate(['The dog is black.'], { source: 'en', target: 'fr' });
    expect(french[0]).toMatch(/^Le chien est noir\.$/);
  });

  test('shares at least half of its Spanish words with the human translations of Debian messages', async () => {
    const lines = readFileSync(new URL('../../../../test-support/debian-es-messages.tsv', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('\t') as [string, string, string]);
    expect(lines.length).toBeGreaterThan(1000);
    const engine = apertiumEngine({ url: apy.url });
    let shared = 0;
    let words = 0;
    for (let start = 0; start < lines.length; start += 100) {
      const batch = lines.slice(start, start + 100);
      const out = await engine.translate(
        batch.map(([, english]) => english),
        { source: 'en', target: 'es' },
      );
      for (const [index, [, , human]] of batch.entries()) {
        // The output's words that the human version also has.
        const counted = wordsFound(out[index]!, human);
        shared += counted.found;
        words += counted.words;
      }
    }
    const share = shared / words;
    console.log(
      `Apertium English→Spanish on ${lines.length} Debian messages: ${(share * 100).toFixed(1)}% of its words shared with the human translation ` +
        `(${shared} of ${words})`,
    );
    expect(share).toBeGreaterThanOrEqual(0.5);
  });
});

describe('the LibreTranslate adapter, against a stub of its API', () => {
  test('offers what /languages lists, Chinese by its script code, and sends the key', async () => {
    const engine = libreTranslateEngine({ url: `${stub.url}/`, apiKey: 'secret' });
    expect(await engine.availability({ source: 'en', target: 'de' })).toBe('available');
    expect(await engine.availability({ source: 'en', target: 'zh' })).toBe('available');
    expect(await engine.availability({ source: 'en', target: 'fr' })).toBe('unavailable');
    expect(await engine.translate(['Good morning', 'The file'], { source: 'en', target: 'zh' })).toEqual(['[zh-Hans] Good morning', '[zh-Hans] The file']);
    expect(stub.requests.at(-1)).toMatchObject({ q: ['Good morning', 'The file'], source: 'en', target: 'zh-Hans', format: 'text', api_key: 'secret' });
  });

  test("reports a refused key as the engine failing, with the server's words", async () => {
    const engine = libreTranslateEngine({ url: stub.url, apiKey: 'wrong' });
    await expect(engine.translate(['Hello'], { source: 'en', target: 'de' })).rejects.toMatchObject({
      code: 'engine-failed',
      message: expect.stringContaining('Invalid API key'),
    });
  });

  test('a server that does not answer fails its question, and the chooser counts it unable', async () => {
    const engine = libreTranslateEngine({ url: 'http://127.0.0.1:9' });
    await expect(engine.availability({ source: 'en', target: 'de' })).rejects.toMatchObject({ code: 'engine-failed' });
    const translation = new ServerTranslation(undefined, { url: 'http://127.0.0.1:9' });
    await expect(translation.engineFor({ source: 'en', target: 'de' })).rejects.toMatchObject({ code: 'no-translator' });
  });
});

describe("Image Translator, the API's core on Node", () => {
  let provider: OcrProvider;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig());
  });
  afterAll(async () => {
    await provider.close();
  });

  test('reads an English page and translates it into Spanish, paragraphs kept', async () => {
    const translation = new ServerTranslation(apy, undefined);
    const result = await runOnNode(
      provider,
      'image-translator',
      { files: [{ name: 'page.jpg', bytes: corpusFile('ocr/pytesseract-test.jpg') }] },
      { target: 'es', source: 'eng' },
      { translation },
    );
    expect(result.data?.translation).toMatchObject({ engine: 'apertium', source: 'en', target: 'es' });
    expect(result.data?.translation?.original).toContain('The quick brown dog jumped over the');
    const paragraphs = result.text!.split('\n\n');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toMatch(/^Esto es /);
    expect(paragraphs[1]).toContain('El perro marrón rápido');
    expect(paragraphs[1]).toContain('zorro perezoso');
    expect(result.outputs[0]).toMatchObject({ name: 'page-es.txt', type: 'text/plain; charset=utf-8' });
    expect(new TextDecoder().decode(result.outputs[0]!.bytes)).toBe(result.text);
  });

  // The browser's host keeps the last reading (keepLast): a new target translates the text already read.
  test('a host that keeps readings reads the picture once for two targets, and again for another OCR language', async () => {
    const translation = new ServerTranslation(apy, undefined);
    const { host, release } = createNodeHost(provider, { translation });
    let readings = 0;
    const counting: ConversionHost = {
      ...host,
      reuse: keepLast(),
      engines: {
        ...host.engines,
        ocr: {
          async engine() {
            const engine = await host.engines.ocr.engine();
            return Object.assign(Object.create(engine) as OcrEngine, {
              recognize: (image: Uint8Array, options: OcrOptions) => {
                readings += 1;
                return engine.recognize(image, options);
              },
            });
          },
        },
      },
    };
    const input = { files: [{ name: 'page.jpg', bytes: corpusFile('ocr/pytesseract-test.jpg') }] };
    try {
      const spanish = await runTool('image-translator', input, { target: 'es', source: 'eng' }, { host: counting });
      const once = readings;
      expect(once).toBeGreaterThan(0);
      const french = await runTool('image-translator', input, { target: 'fr', source: 'eng' }, { host: counting });
      expect(readings).toBe(once);
      expect(french.data?.translation).toMatchObject({ original: spanish.data?.translation?.original, target: 'fr' });
      expect(french.text).toContain('chien');
      expect(spanish.text).toContain('perro');
      await runTool('image-translator', input, { target: 'es', source: 'fra' }, { host: counting });
      expect(readings).toBeGreaterThan(once);
    } finally {
      release();
    }
  });

  test('says no engine translates German before reading the image, and refuses a missing target', async () => {
    const translation = new ServerTranslation(apy, undefined);
    const input = { files: [{ name: 'page.jpg', bytes: corpusFile('ocr/pytesseract-test.jpg') }] };
    await expect(runOnNode(provider, 'image-translator', input, { target: 'de' }, { translation })).rejects.toMatchObject({
      code: 'no-translator',
      details: { source: 'en', target: 'de' },
    });
    await expect(runOnNode(provider, 'image-translator', input, {}, { translation })).rejects.toMatchObject({
      code: 'bad-request',
      details: { field: 'target' },
    });
  });
});

describe('the translation API, with Apertium and a LibreTranslate server configured', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      logLevel: 'warn',
      webRoot: '/nonexistent',
      apiRateLimit: 1000,
      apertium: 'auto',
      libreTranslateUrl: stub.url,
      libreTranslateKey: 'secret',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  test('lists each engine with its pairs, and health names them in order', async () => {
    const { engines } = (await app.inject({ url: '/api/v1/translate/languages' })).json() as { engines: Array<{ id: string; pairs: unknown[] }> };
    expect(engines.map((engine) => engine.id)).toEqual(['apertium', 'libretranslate']);
    expect(engines[0]!.pairs).toContainEqual({ source: 'en', target: 'fr', via: 'es' });
    expect(engines[1]!.pairs).toContainEqual({ source: 'en', target: 'de' });
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ translation: { engines: ['apertium', 'libretranslate'] } });
  });

  test('POST /api/v1/translate: Apertium first, LibreTranslate for what Apertium lacks; never the key to the client', async () => {
    const spanish = await app.inject({ method: 'POST', url: '/api/v1/translate', payload: { text: 'The dog is black.\n\nGood morning', target: 'es' } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.json()).toEqual({ text: 'El perro es negro.\n\nBuenos días', engine: 'apertium', source: 'en', target: 'es' });
    const german = await app.inject({ method: 'POST', url: '/api/v1/translate', payload: { texts: ['Good morning'], target: 'de' } });
    expect(german.json()).toEqual({ texts: ['[de] Good morning'], engine: 'libretranslate', source: 'en', target: 'de' });
    expect(german.body).not.toContain('secret');
    // A client may name the engine (the page does, so that it credits the right one).
    const named = await app.inject({ method: 'POST', url: '/api/v1/translate', payload: { texts: ['Good morning'], target: 'es', engine: 'libretranslate' } });
    expect(named.json()).toMatchObject({ texts: ['[es] Good morning'], engine: 'libretranslate' });
  });

  test("refuses what it cannot translate or understand, in the API's error shape", async () => {
    const korean = await app.inject({ method: 'POST', url: '/api/v1/translate', payload: { text: 'Hello', target: 'ko' } });
    expect(korean.statusCode).toBe(422);
    expect(korean.json()).toMatchObject({ error: { code: 'no-translator' } });
    const noTarget = await app.inject({ method: 'POST', url: '/api/v1/translate', payload: { text: 'Hello' } });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json()).toMatchObject({ error: { code: 'bad-request', message: expect.stringContaining('target') } });
    const form = await app.inject({ method: 'POST', url: '/api/v1/translate', headers: { 'content-type': 'text/plain' }, payload: 'Hello' });
    expect(form.statusCode).toBe(415);
  });

  test('POST /api/v1/convert/image-translator answers the translation as .txt and names its engine', async () => {
    const boundary = 'xTextLiftBoundary';
    const image = corpusFile('ocr/pytesseract-test.jpg');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="target"\r\n\r\nfr\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="page.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Over real HTTP: the convert route works on the connection's socket, which inject has not.
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${origin}/api/v1/convert/image-translator`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-translation-engine')).toBe('apertium');
    expect(response.headers.get('content-disposition')).toContain('page-fr.txt');
    const text = await response.text();
    expect(text).toContain('Le chien marron rapide');
    expect(text.split('\n\n')).toHaveLength(2);
  });
});
