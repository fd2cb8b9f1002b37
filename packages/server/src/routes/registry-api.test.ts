import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseContentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRequiredOption, toolList, type ToolDefinition, type ToolSlug } from '@textlift/core';
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

/**
 * The name each tool's answer downloads under for the inputs of validInput: an image "Mein
 * Foto.jpg", a one-page PDF "Bericht 报告.pdf", a Word file "Brief.docx", the text "Hello from
 * the registry test." (undefined for the scanners, which answer JSON).
 */
const downloadNames: Record<ToolSlug, string | undefined> = {
  'image-to-text': 'Mein Foto_extracted.txt',
  'pdf-to-text': 'Bericht 报告_extracted.txt',
  'jpg-to-word': 'Mein Foto.docx',
  'pdf-to-word': 'Bericht 报告.docx',
  'ocr-pdf': 'Mein Foto.pdf',
  'text-to-pdf': 'Hello from the registry test.pdf',
  'text-to-word': 'Hello from the registry test.docx',
  'image-to-pdf': 'Mein Foto.pdf',
  'image-translator': 'Mein Foto-es.txt',
  // One page: its JPEG alone, not a .zip of one (its text layer is PDF to Text's answer).
  'pdf-to-jpg': 'Bericht 报告_page_1.jpg',
  'word-to-pdf': 'Brief.pdf',
  'word-to-jpg': 'Brief_page_1.jpg',
  'merge-pdf': 'Bericht 报告_merged.pdf',
  'jpg-to-excel': 'Mein Foto.xlsx',
  'pdf-to-excel': 'Bericht 报告.xlsx',
  'qr-scanner': undefined,
  'barcode-scanner': undefined,
  'qr-generator': 'Hello from the registry test_qr-code.png',
  'invert-image': 'Mein Foto_inverted.jpg',
  'text-to-image': 'Hello from the registry test.png',
};

/** The name a client saves an answer under: RFC 6266's `filename*` where there is one, else `filename`. */
function savedName(response: Response): string | undefined {
  const header = response.headers.get('content-disposition');
  if (!header) return undefined;
  const { type, parameters } = parseContentDisposition(header);
  expect(type).toBe('attachment');
  // The plain `filename` beside it is printable ASCII, for clients that read no other.
  expect(parseContentDisposition(header, { extended: false }).parameters.filename).toMatch(/^[\x20-\x7e]+$/);
  // The parser gives `filename*`, decoded, as `filename` where both are there.
  return parameters.filename;
}

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
      ? { bytes: corpusFile('tables/AnimalSounds.pdf'), name: 'Bericht 报告.pdf' }
      : tool.input.accepts.includes('application/msword')
        ? { bytes: corpusFile('word/mammoth-simple-list.docx'), name: 'Brief.docx' }
        : { bytes: corpusFile('ocr/pytesseract-test.jpg'), name: 'Mein Foto.jpg' };
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
  expect(
    ok.status,
    await ok
      .clone()
      .text()
      .catch(() => ''),
  ).toBe(200);
  if (scansCodes(tool)) {
    expect((await ok.json()).results).toEqual([{ format: 'QR_CODE', text: '1234567890' }]);
  } else {
    expect(savedName(ok)).toBe(downloadNames[tool.slug as ToolSlug]);
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
  test("merge-pdf answers the first file's name _merged.pdf with every page, in order; one file is too few", async () => {
    const form = new FormData();
    form.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'a.pdf');
    form.append('file', blob(corpusFile('pdf/tracemonkey.pdf')), 'b.pdf');
    const response = await post('merge-pdf', form);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=a_merged.pdf');
    const file = save(await response.arrayBuffer(), 'merged.pdf');
    execFileSync('qpdf', ['--check', file]);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+15\n/);

    const one = new FormData();
    one.append('file', blob(corpusFile('tables/AnimalSounds.pdf')), 'a.pdf');
    const refused = await post('merge-pdf', one);
    expect([refused.status, (await refused.json()).error.code]).toEqual([400, 'too-few-files']);
  });

  test('text-to-pdf answers a PDF named after its first words whose text reads back; blank text is refused', async () => {
    const form = new FormData();
    form.append('text', 'Grüße aus Łódź — Привет!');
    const response = await post('text-to-pdf', form);
    // RFC 6266: the UTF-8 name percent-encoded (RFC 5987) beside an ASCII one without the accents.
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Grusse aus Lodz_!.pdf"; ` +
        `filename*=UTF-8''Gr%C3%BC%C3%9Fe%20aus%20%C5%81%C3%B3d%C5%BA%20%E2%80%94%20%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82!.pdf`,
    );
    const file = save(await response.arrayBuffer(), 'text.pdf');
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).toContain('Grüße aus Łódź — Привет!');

    const blank = new FormData();
    blank.append('text', '   ');
    const refused = await post('text-to-pdf', blank);
    expect([refused.status, (await refused.json()).error.code]).toEqual([400, 'no-text-input']);
  });

  test('pdf-to-jpg answers a .zip of page images at the chosen dpi, named after the PDF; an unknown dpi is refused', async () => {
    const form = new FormData();
    form.append('file', blob(corpusFile('pdf/tracemonkey.pdf')), 'animals.pdf');
    form.append('dpi', '72');
    const response = await post('pdf-to-jpg', form);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=animals_pages.zip');
    const { unzipSync } = await import('fflate');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['animals_extracted_text.txt', ...Array.from({ length: 14 }, (_, i) => `animals_page_${i + 1}.jpg`).sort()]);

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
