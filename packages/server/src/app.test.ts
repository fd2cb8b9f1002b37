import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { characterErrorRate } from '../../../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../../../test-support/corpus.ts';
import { blankPng, truncated } from '../../../test-support/images.ts';
import { expectThirdRateLimited, startApiServer } from '../../../test-support/api-server.ts';
import { buildApp } from './app.ts';
import { photoOfText } from '../../../test-support/images.ts';
import { letterWords as words } from '../../../test-support/word-share.ts';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ({ app, origin: base } = await startApiServer());
});
afterAll(() => app.close());

const fixture = (name: string) => readFileSync(new URL(`../../../test-support/fixtures/${name}`, import.meta.url));
/** The text of test-support/fixtures/photo-text.*. */
const FIXTURE_TEXT = 'Photos from an iPhone are saved as HEIC files and read like any other';
const PHOTO_LINES = ['Large photos from new phones', 'are scaled down before reading'];
/** Words in order, letters only: what a reading must get right, whatever its line breaks. */

function convert(slug: string, files: Array<[Uint8Array, string]>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [bytes, name] of files) form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return fetch(`${base}/api/v1/convert/${slug}`, { method: 'POST', body: form });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe('POST /api/v1/convert/image-to-text', () => {
  test('answers the text of a clean page as a UTF-8 attachment', async () => {
    const response = await convert('image-to-text', [[corpusFile('ocr/pytesseract-test.jpg'), 'page.jpg']], { language: 'eng' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=page_extracted.txt');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const text = await response.text();
    expect(characterErrorRate(text, corpusExpected('ocr/pytesseract-test.jpg'))).toBeLessThanOrEqual(0.005);
  });

  test('reads a TIFF scan', async () => {
    // English named: the page says the same in six languages, and any of them is a right finding.
    const response = await convert('image-to-text', [[corpusFile('ocr/eurotext.tif'), 'eurotext.tif']], { language: 'eng' });
    expect(response.status).toBe(200);
    expect(characterErrorRate(await response.text(), corpusExpected('ocr/eurotext.tif'))).toBeLessThanOrEqual(0.03);
  });

  test('reads a 48 MP phone photo (8000×6000 JPEG), scaled down as it is decoded', async () => {
    const photo = await photoOfText(8000, 6000, PHOTO_LINES);
    const response = await convert('image-to-text', [[photo, 'IMG_0001.jpg']], { language: 'eng' });
    expect(response.status).toBe(200);
    expect(words(await response.text())).toEqual(words(PHOTO_LINES.join(' ')));
  });

  test('reads an iPhone HEIC photo', async () => {
    const response = await convert('image-to-text', [[fixture('photo-text.heic'), 'IMG_0002.HEIC']], { language: 'eng' });
    expect(response.status).toBe(200);
    expect(words(await response.text())).toEqual(words(FIXTURE_TEXT));
  });

  test('reads an AVIF picture', async () => {
    const response = await convert('image-to-text', [[fixture('photo-text.avif'), 'picture.avif']], { language: 'eng' });
    expect(response.status).toBe(200);
    expect(words(await response.text())).toEqual(words(FIXTURE_TEXT));
  });

  test('reads a PDF as PDF to Text reads it', async () => {
    const response = await convert('image-to-text', [[corpusFile('pdf/tracemonkey.pdf'), 'paper.pdf']]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=paper_extracted.txt');
    expect(await response.text()).toContain('Trace-based Just-in-Time Type Specialization');
  });

  test('415 for a file that is not an image, whatever its name', async () => {
    await expectError(await convert('image-to-text', [[new TextEncoder().encode('just text'), 'photo.png']]), 415, 'unsupported-type');
  });

  test('422 for an empty file', async () => {
    await expectError(await convert('image-to-text', [[new Uint8Array(), 'empty.png']]), 422, 'empty-file');
  });

  test('422 for a PNG cut in half', async () => {
    await expectError(await convert('image-to-text', [[truncated(corpusFile('ocr/linn.png')), 'cut.png']]), 422, 'corrupt');
  });

  test('422 for a 20000×20000 PNG, without decoding it', async () => {
    const before = process.memoryUsage().rss;
    await expectError(await convert('image-to-text', [[blankPng(20000, 20000), 'bomb.png']]), 422, 'too-large-to-open');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  test('422 for an image with no text', async () => {
    await expectError(await convert('image-to-text', [[blankPng(400, 300), 'blank.png']]), 422, 'no-text');
  });

  test('413 for a file over the 50 MB limit', async () => {
    const big = new Uint8Array(51 * 1024 * 1024);
    big.set(corpusFile('ocr/linn.png').subarray(0, 64));
    await expectError(await convert('image-to-text', [[big, 'big.png']]), 413, 'too-large');
  });

  test('400 for an unknown language, an unknown field, two files or no file', async () => {
    const page = corpusFile('ocr/pytesseract-test.jpg');
    await expectError(await convert('image-to-text', [[page, 'a.jpg']], { language: 'xxx' }), 400, 'bad-request');
    await expectError(await convert('image-to-text', [[page, 'a.jpg']], { colour: 'red' }), 400, 'bad-request');
    await expectError(
      await convert('image-to-text', [
        [page, 'a.jpg'],
        [page, 'b.jpg'],
      ]),
      400,
      'bad-request',
    );
    await expectError(await convert('image-to-text', []), 400, 'no-file');
  });

  test('400 for a body that is not multipart, 404 for an unknown tool', async () => {
    await expectError(await fetch(`${base}/api/v1/convert/image-to-text`, { method: 'POST', body: 'x' }), 400, 'bad-request');
    await expectError(await convert('no-such-tool', [[new Uint8Array([1]), 'a']]), 404, 'not-found');
  });
});

describe('POST /api/v1/convert/pdf-to-text', () => {
  test('answers the text layer as {name}_extracted.txt, and the server stays responsive meanwhile', async () => {
    const pending = convert('pdf-to-text', [[corpusFile('pdf/tracemonkey.pdf'), 'tracemonkey.pdf']]);
    // The PDF is parsed in a worker thread: the event loop keeps answering.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(250);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=tracemonkey_extracted.txt');
    expect(await response.text()).toContain('Trace-based Just-in-Time Type Specialization');
  });

  test('422 asks for a password; the password field opens the file', async () => {
    const locked = corpusFile('pdf/issue6010_1.pdf');
    await expectError(await convert('pdf-to-text', [[locked, 'locked.pdf']]), 422, 'password-required');
    await expectError(await convert('pdf-to-text', [[locked, 'locked.pdf']], { password: 'nope' }), 422, 'wrong-password');
    const opened = await convert('pdf-to-text', [[locked, 'locked.pdf']], { password: 'abc' });
    expect(await opened.text()).toBe('Issue 6010');
  });

  test('415 for an image sent to the PDF tool; 422 for a damaged PDF', async () => {
    await expectError(await convert('pdf-to-text', [[corpusFile('ocr/linn.png'), 'linn.pdf']]), 415, 'unsupported-type');
    await expectError(await convert('pdf-to-text', [[corpusFile('pdf/poppler-395-0-fuzzed.pdf'), 'bad.pdf']]), 422, 'corrupt');
  });
});

describe('POST /api/v1/convert/jpg-to-word', () => {
  test('answers a Word document whose paragraphs follow the page', async () => {
    const response = await convert('jpg-to-word', [[corpusFile('ocr/pytesseract-test.jpg'), 'page.jpg']]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=page.docx');
    const { default: mammoth } = await import('mammoth');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(await response.arrayBuffer()) });
    const paragraphs = value.split('\n').filter(Boolean);
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toBe('This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.');
  });

  test('format=both answers a .zip with the .docx and the .rtf', async () => {
    const response = await convert('jpg-to-word', [[corpusFile('ocr/pytesseract-test.jpg'), 'page.jpg']], { format: 'both' });
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=page.zip');
    const { unzipSync } = await import('fflate');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['page.docx', 'page.rtf']);
    expect(new TextDecoder().decode(entries['page.rtf'])).toContain('12 point text');
  });
});

describe('POST /api/v1/convert/pdf-to-word', () => {
  test('answers {name}.docx that mammoth reads', async () => {
    const response = await convert('pdf-to-word', [[corpusFile('tables/AnimalSounds.pdf'), 'AnimalSounds.pdf']]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=AnimalSounds.docx');
    const { default: mammoth } = await import('mammoth');
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(await response.arrayBuffer()) });
    expect(value).toContain('<td><p>Cat</p></td><td><p>Says</p></td><td><p>Meow</p></td>');
  });
});

describe('limits', () => {
  test('429 with Retry-After past the per-client rate limit', async () => {
    await expectThirdRateLimited((limited) => limited.inject({ method: 'POST', url: '/api/v1/convert/image-to-text', payload: 'x' }), 400);
  });

  test('/api/v1/openapi.json describes every registry tool with its input and option fields', async () => {
    const { isRequiredOption, toolList } = await import('@textlift/core');
    const document = await (await fetch(`${base}/api/v1/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    for (const tool of toolList) {
      const operation = document.paths[`/api/v1/convert/${tool.slug}`].post;
      const schema = operation.requestBody.content['multipart/form-data'].schema;
      const input = tool.input.kind === 'text' ? 'text' : 'file';
      expect(Object.keys(schema.properties).sort()).toEqual([input, ...Object.keys(tool.options)].sort());
      const required = Object.entries(tool.options)
        .filter(([, field]) => isRequiredOption(field))
        .map(([name]) => name);
      expect(schema.required).toEqual([input, ...required]);
      for (const [name, field] of Object.entries(tool.options)) expect(schema.properties[name]).toEqual(field.json);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415', '422', '503']));
    }
    expect(document.paths['/api/v1/convert/image-translator'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file', 'target']);
    expect(document.paths['/api/v1/translate'].post.requestBody.content['application/json'].schema.required).toEqual(['target']);
  });

  test('/healthz names the OCR engine and the runtime', async () => {
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', ocr: { engine: expect.stringMatching(/native|wasm/) } });
    expect(health.node).toMatch(/^v24\./);
  });
});

describe('POST /api/v1/contact', () => {
  test('stores a valid message and refuses an invalid one field by field', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { DatabaseSync } = await import('node:sqlite');
    const file = `${mkdtempSync(`${tmpdir()}/textlift-`)}/contact.sqlite`;
    const contactApp = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', databaseFile: file });
    try {
      const post = (payload: object) => contactApp.inject({ method: 'POST', url: '/api/v1/contact', payload });
      const invalid = await post({ name: ' ', email: 'nope' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields).toEqual({
        name: 'nameRequired',
        email: 'emailInvalid',
        subject: 'subjectRequired',
        message: 'messageRequired',
      });
      expect((await post({ name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' })).statusCode).toBe(201);
      const db = new DatabaseSync(file, { readOnly: true });
      expect(db.prepare('SELECT name, email, subject, message FROM contact_messages').all()).toEqual([
        { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' },
      ]);
      db.close();
    } finally {
      await contactApp.close();
    }
  });
});
