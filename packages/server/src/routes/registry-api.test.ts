import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRequiredOption, toolList, type ToolDefinition } from '@textlift/core';
import { startApiServer } from '../../../../test-support/api-server.ts';
import { corpusFile } from '../../../../test-support/corpus.ts';

let app: FastifyInstance;
let base: string;
const dir = mkdtempSync(path.join(tmpdir(), 'textlift-api-'));

beforeAll(async () => {
  ({ app, origin: base } = await startApiServer());
});
afterAll(() => app.close());

/** The scanners: a valid input holds a code, and the answer is the codes as JSON. */
const scansCodes = (tool: ToolDefinition) => tool.answers === 'codes';

/** A small valid input of the tool's declared kind: its first accepted type, as many files as it needs. */
function validInput(tool: ToolDefinition): FormData {
  const form = new FormData();
  if (tool.input.kind === 'text') {
    form.append('text', 'Hello from the registry test.');
    return form;
  }
  const sample = scansCodes(tool)
    ? { bytes: corpusFile('qr/qrcode-6_1.png'), name: 'code.png' }
    : tool.input.accepts[0] === 'application/pdf'
      ? { bytes: corpusFile('tables/AnimalSounds.pdf'), name: 'sample.pdf' }
      : tool.input.accepts.includes('application/msword')
        ? { bytes: corpusFile('word/mammoth-simple-list.docx'), name: 'sample.docx' }
        : { bytes: corpusFile('ocr/pytesseract-test.jpg'), name: 'sample.jpg' };
  for (let i = 0; i < tool.input.minFiles; i++) form.append('file', blob(sample.bytes), sample.name);
  // An option without a default must be sent (the Image Translator's target): its first value.
  for (const [name, field] of Object.entries(tool.options)) {
    if (isRequiredOption(field) && field.kind === 'choice') form.append(name, field.values[0]!);
  }
  return form;
}

/** A Blob of file bytes (a Buffer's memory may be shared, which Blob's types refuse). */
const blob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)]);

const post = (slug: string, body: FormData) => fetch(`${base}/api/v1/convert/${slug}`, { method: 'POST', body });

async function convertsValidInput(tool: ToolDefinition) {
  const ok = await post(tool.slug, validInput(tool));
  expect(ok.status, await ok.clone().text().catch(() => '')).toBe(200);
  if (scansCodes(tool)) {
    expect((await ok.json()).results).toEqual([{ format: 'QR_CODE', text: '1234567890' }]);
  } else {
    expect(ok.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
}

describe('every registry tool over the API', () => {
  for (const tool of toolList) {
    test(`${tool.slug}: a valid input is converted; a wrong kind of input is refused with its declared status`, async () => {
      // The Word tools' conversions, LibreOffice's 5 s start each, are in word-tools.test.ts.
      if (tool.needs !== 'office') await convertsValidInput(tool);

      const wrong = new FormData();
      wrong.append('file', new Blob([new TextEncoder().encode('plain text, not a document')]), 'notes.txt');
      if (tool.input.kind === 'files') for (let i = 1; i < tool.input.minFiles; i++) wrong.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'b.pdf');
      const refused = await post(tool.slug, wrong);
      const expected = tool.input.kind === 'text' ? [400, 'bad-request'] : [415, 'unsupported-type'];
      expect([refused.status, (await refused.json()).error.code]).toEqual(expected);

      const unknown = validInput(tool);
      unknown.append('colour', 'blue');
      const badOption = await post(tool.slug, unknown);
      expect([badOption.status, (await badOption.json()).error.code]).toEqual([400, 'bad-request']);
    });
  }
});

function save(bytes: ArrayBuffer, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(bytes));
  return file;
}

describe('the PDF tools over the API', () => {
  test('merge-pdf answers merged.pdf with every page, in order; one file is too few', async () => {
    const form = new FormData();
    form.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'a.pdf');
    form.append('file', blob(corpusFile('pdf/tracemonkey.pdf')), 'b.pdf');
    const response = await post('merge-pdf', form);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="merged.pdf"');
    const file = save(await response.arrayBuffer(), 'merged.pdf');
    execFileSync('qpdf', ['--check', file]);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+15\n/);

    const one = new FormData();
    one.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'a.pdf');
    const refused = await post('merge-pdf', one);
    expect([refused.status, (await refused.json()).error.code]).toEqual([400, 'too-few-files']);
  });

  test('text-to-pdf answers converted_document.pdf whose text reads back; blank text is refused', async () => {
    const form = new FormData();
    form.append('text', 'Grüße aus Łódź — Привет!');
    const response = await post('text-to-pdf', form);
    expect(response.headers.get('content-disposition')).toContain('filename="converted_document.pdf"');
    const file = save(await response.arrayBuffer(), 'text.pdf');
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).toContain('Grüße aus Łódź — Привет!');

    const blank = new FormData();
    blank.append('text', '   ');
    const refused = await post('text-to-pdf', blank);
    expect([refused.status, (await refused.json()).error.code]).toEqual([400, 'no-text-input']);
  });

  test('pdf-to-jpg answers a .zip of page images at the chosen dpi; an unknown dpi is refused', async () => {
    const form = new FormData();
    form.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'animals.pdf');
    form.append('dpi', '72');
    const response = await post('pdf-to-jpg', form);
    expect(response.status).toBe(200);
    const disposition = response.headers.get('content-disposition') ?? '';
    const { unzipSync } = await import('fflate');
    const body = new Uint8Array(await response.arrayBuffer());
    const entries = disposition.includes('.zip') ? unzipSync(body) : { 'animals_page_1.jpg': body };
    expect(Object.keys(entries)).toContain('animals_page_1.jpg');

    const bad = new FormData();
    bad.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'animals.pdf');
    bad.append('dpi', '96');
    const refused = await post('pdf-to-jpg', bad);
    expect([refused.status, (await refused.json()).error.code]).toEqual([400, 'bad-request']);
  });

  test('image-to-pdf answers one PDF page per image', async () => {
    const form = new FormData();
    form.append('file', blob(corpusFile('ocr/pytesseract-test.jpg')), 'one.jpg');
    form.append('file', blob(corpusFile('ocr/linn.png')), 'two.png');
    form.append('pageSize', 'letter');
    const response = await post('image-to-pdf', form);
    expect(response.status).toBe(200);
    const file = save(await response.arrayBuffer(), 'images.pdf');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/\(letter\)/);
  });
});
