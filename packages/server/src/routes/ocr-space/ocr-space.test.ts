import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ocrSpace } from 'ocr-space-api-wrapper';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { buildApp } from '@textlift/server';
import { characterErrorRate } from '../../../../../test-support/cer.ts';
import { truncated } from '../../../../../test-support/images.ts';
import type { OcrSpaceAnswer } from './answer.ts';
import { registerOcrSpaceRoutes } from './routes.ts';
import { SearchablePdfStore } from './searchable-pdfs.ts';

// The OCR.space API driven by OCR.space's own Node client (ocr-space-api-wrapper), and by hand
// for what the client never sends (urlencoded bodies, mixed-case fields, True/False).

let app: FastifyInstance;
let origin: string;
const dir = mkdtempSync(path.join(tmpdir(), 'textlift-ocr-space-'));
const fetched: string[] = [];
let png: Buffer;
const apiKey = 'test-key';

/** Words drawn at known places: font size 56 px in DejaVu Sans, baselines at y. */
const SIZE = 56;
const drawn = [
  { text: 'Quick brown foxes', x: 60, y: 140 },
  { text: 'jump over lazy dogs', x: 60, y: 260 },
];
const drawnText = drawn.map((line) => line.text).join('\n');

async function textPng(): Promise<Buffer> {
  const lines = drawn.map((line) => `<text x="${line.x}" y="${line.y}" font-family="DejaVu Sans" font-size="${SIZE}" fill="#111">${line.text}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="340"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A line a page, long enough (20 letters and more) to be read from the text layer, not by OCR. */
const PDF_LINES = ['The first page says hello to you', 'The second page says goodbye to you'];

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of PDF_LINES) {
    const page = doc.addPage([595, 842]);
    page.drawText(line, { x: 72, y: 700, size: 24, font });
  }
  return doc.save();
}

beforeAll(async () => {
  png = await textPng();
  writeFileSync(path.join(dir, 'words.png'), png);
  writeFileSync(path.join(dir, 'pages.pdf'), await twoPagePdf());
  writeFileSync(path.join(dir, 'broken.png'), truncated(png));
  app = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => app.close());

const ocrUrl = () => `${origin}/parse/image`;
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(ocrUrl(), { method: 'POST', body, headers: { apikey: apiKey, ...headers } }).then(async (response) => ({
    status: response.status,
    json: (await response.json()) as OcrSpaceAnswer,
  }));

describe('with ocr-space-api-wrapper', () => {
  test('an image file: its text, within 5% CER of what was drawn', async () => {
    const answer = await ocrSpace(path.join(dir, 'words.png'), { apiKey, ocrUrl: ocrUrl(), language: 'eng' });
    expect(answer).toMatchObject({ OCRExitCode: 1, IsErroredOnProcessing: false, SearchablePDFURL: expect.stringContaining('not requested') });
    expect(answer.ParsedResults).toHaveLength(1);
    const [page] = answer.ParsedResults;
    expect(page).toMatchObject({ FileParseExitCode: 1, ErrorMessage: '', TextOverlay: { HasOverlay: false, Lines: [] } });
    expect(page!.ParsedText).toMatch(/\r\n$/);
    expect(characterErrorRate(page!.ParsedText.replace(/\r\n/g, '\n').trim(), drawnText)).toBeLessThan(0.05);
    expect(typeof answer.ProcessingTimeInMilliseconds).toBe('string');
  });

  test('isOverlayRequired: each word boxed on its ink, where it was drawn', async () => {
    const answer = await ocrSpace(path.join(dir, 'words.png'), { apiKey, ocrUrl: ocrUrl(), isOverlayRequired: true });
    const overlay = answer.ParsedResults[0]!.TextOverlay;
    expect(overlay.HasOverlay).toBe(true);
    expect(overlay.Lines.map((line: { LineText: string }) => line.LineText)).toEqual(drawn.map((line) => line.text));
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    for (const [index, line] of overlay.Lines.entries()) {
      expect(line.MinTop).toBe(Math.min(...line.Words.map((word: { Top: number }) => word.Top)));
      for (const word of line.Words) {
        // Ink inside the box: at least a tenth of its pixels dark.
        let dark = 0;
        for (let y = word.Top; y < word.Top + word.Height; y++)
          for (let x = word.Left; x < word.Left + word.Width; x++) if (data[y * info.width + x]! < 128) dark++;
        expect(dark / (word.Width * word.Height)).toBeGreaterThan(0.1);
        // On the line it was drawn on: from about a cap height above the baseline to a descender below.
        const baseline = drawn[index]!.y;
        expect(word.Top).toBeGreaterThan(baseline - SIZE);
        expect(word.Top).toBeLessThan(baseline - SIZE * 0.5);
        expect(word.Top + word.Height).toBeGreaterThanOrEqual(baseline - 2);
        expect(word.Top + word.Height).toBeLessThan(baseline + SIZE * 0.35);
      }
      // The first word starts where the line was drawn.
      expect(Math.abs(line.Words[0].Left - drawn[index]!.x)).toBeLessThan(8);
    }
    // "lazy" follows "over" on the second line, left to right.
    const second = overlay.Lines[1].Words.map((word: { WordText: string; Left: number }) => [word.WordText, word.Left]);
    expect(second.map(([word]: [string]) => word)).toEqual(['jump', 'over', 'lazy', 'dogs']);
    expect(second[2][1]).toBeGreaterThan(second[1][1]);
  });

  test('a PDF: one result per page, each with its text', async () => {
    const answer = await ocrSpace(path.join(dir, 'pages.pdf'), { apiKey, ocrUrl: ocrUrl(), isOverlayRequired: true });
    expect(answer.OCRExitCode).toBe(1);
    expect(answer.ParsedResults.map((page) => page.ParsedText)).toEqual(PDF_LINES.map((line) => `${line}\r\n`));
    // Boxes in the page drawn at 300 dpi: x 72 pt is 300 px; the baseline, 142 pt from the top, 592 px.
    const words = answer.ParsedResults[1]!.TextOverlay.Lines[0].Words;
    expect(words.map((word: { WordText: string }) => word.WordText)).toEqual(PDF_LINES[1]!.split(' '));
    expect(Math.abs(words[0].Left - 300)).toBeLessThan(3);
    const baseline = (842 - 700) * (300 / 72);
    // 24 pt is 100 px: the box from its ascent above the baseline to its descent below.
    expect(Math.abs(words[0].Top - (baseline - 80))).toBeLessThan(3);
    expect(Math.abs(words[0].Top + words[0].Height - (baseline + 20))).toBeLessThan(3);
  });

  test('a base64 data URI', async () => {
    const answer = await ocrSpace(`data:image/png;base64,${png.toString('base64')}`, { apiKey, ocrUrl: ocrUrl(), OCREngine: '2' });
    expect(answer.OCRExitCode).toBe(1);
    expect(characterErrorRate(answer.ParsedResults[0]!.ParsedText.replace(/\r\n/g, '\n').trim(), drawnText)).toBeLessThan(0.05);
  });

  test('a searchable PDF, fetched back and read by pdftotext', async () => {
    const answer = await ocrSpace(path.join(dir, 'words.png'), { apiKey, ocrUrl: ocrUrl(), isCreateSearchablePdf: true });
    expect(answer.SearchablePDFURL).toMatch(new RegExp(`^${origin}/parse/searchable-pdf/[0-9a-f]{32}$`));
    const response = await fetch(answer.SearchablePDFURL);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    writeFileSync(path.join(dir, 'searchable.pdf'), Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', [path.join(dir, 'searchable.pdf'), '-'], { encoding: 'utf8' });
    expect(characterErrorRate(text.trim(), drawnText)).toBeLessThan(0.05);
    expect((await fetch(`${origin}/parse/searchable-pdf/${'0'.repeat(32)}`)).status).toBe(404);
  });

  test('a corrupt image: errored, with OCR.space exit codes, HTTP 200', async () => {
    const answer = await ocrSpace(path.join(dir, 'broken.png'), { apiKey, ocrUrl: ocrUrl() });
    expect(answer).toMatchObject({ OCRExitCode: 3, IsErroredOnProcessing: true, ErrorMessage: [expect.any(String)] });
    expect(answer.ParsedResults[0]).toMatchObject({ FileParseExitCode: -10, ParsedText: '' });
  });
});

describe('by hand, what other clients send', () => {
  test('urlencoded base64Image with mixed-case fields and True; isTable gives the lines', async () => {
    const body = new URLSearchParams({
      BASE64IMAGE: `data:image/png;base64,${png.toString('base64')}`,
      isoverlayrequired: 'True',
      Language: 'ENG',
      IsTable: 'True',
    });
    const { status, json } = await post(body);
    expect(status).toBe(200);
    expect(json.OCRExitCode).toBe(1);
    const [page] = json.ParsedResults!;
    expect(page!.TextOverlay.HasOverlay).toBe(true);
    const lines = page!.TextOverlay.Lines.map((line) => line.LineText);
    expect(lines).toHaveLength(2);
    expect(page!.ParsedText).toBe(`${lines.join('\r\n')}\r\n`);
  });

  test('a bad boolean and an unknown language: OCRExitCode 99, HTTP 200', async () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(png)]), 'words.png');
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      return data;
    };
    const bad = await post(form({ isOverlayRequired: 'yes' }));
    expect(bad).toMatchObject({ status: 200, json: { OCRExitCode: 99, IsErroredOnProcessing: true } });
    expect(bad.json.ErrorMessage![0]).toMatch(/isOverlayRequired/);
    const unknown = await post(form({ language: 'xyz' }));
    expect(unknown.json).toMatchObject({ OCRExitCode: 99, IsErroredOnProcessing: true });
    expect(unknown.json.ErrorMessage![0]).toMatch(/E201.*language.*xyz/);
    expect(unknown.json.ParsedResults).toBeUndefined();
  });

  test('no input, and a file too large: refused with the limit in the message', async () => {
    const none = await post(new URLSearchParams({ language: 'eng' }));
    expect(none.json).toMatchObject({ OCRExitCode: 99, ErrorMessage: [expect.stringMatching(/E301/)] });
    const huge = new FormData();
    huge.append('file', new Blob([new Uint8Array(51 * 1024 * 1024)]), 'huge.png');
    const large = await post(huge);
    expect(large.status).toBe(200);
    expect(large.json).toMatchObject({ OCRExitCode: 99, IsErroredOnProcessing: true });
    expect(large.json.ErrorMessage![0]).toMatch(/51200 KB \(50 MB\)/);
  });

  test('a URL to a private address (the cloud metadata one) is refused, not fetched', async () => {
    const response = await fetch(`${origin}/parse/imageurl?apikey=${apiKey}&url=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}`);
    const json = (await response.json()) as OcrSpaceAnswer;
    expect(json).toMatchObject({ OCRExitCode: 99, ErrorMessage: [expect.stringMatching(/not a public one/)] });
  });
});

describe('GET /parse/imageurl with a fetcher', () => {
  test('reads the file the fetcher brings', async () => {
    const Fastify = (await import('fastify')).default;
    const { JobQueue } = await import('../../job-queue.ts');
    const { ConversionPool } = await import('../../conversion-pool.ts');
    const { loadConfig } = await import('../../config.ts');
    const config = loadConfig({ logLevel: 'warn' });
    const queue = new JobQueue(1, 4, config.jobTimeoutMs);
    const pool = new ConversionPool(config);
    const server = Fastify({ logger: { level: 'error' } });
    const checked: Array<string | undefined> = [];
    await registerOcrSpaceRoutes(server, {
      queue,
      pool,
      searchablePdfs: new SearchablePdfStore(),
      fetchUrl: async (url) => {
        fetched.push(url);
        return { bytes: new Uint8Array(png), name: 'words.png', type: 'image/png' };
      },
      checkFormKey: async (_request, key) => {
        checked.push(key);
      },
    });
    try {
      const response = await server.inject({
        method: 'GET',
        url: `/parse/imageurl?apikey=k1&url=${encodeURIComponent('https://example.com/words.png')}&language=eng`,
      });
      expect(response.statusCode).toBe(200);
      const json = response.json();
      expect(json.OCRExitCode).toBe(1);
      expect(characterErrorRate(json.ParsedResults[0].ParsedText.replace(/\r\n/g, '\n').trim(), drawnText)).toBeLessThan(0.05);
      expect(fetched).toEqual(['https://example.com/words.png']);
      // The key came only in the query: handed to the rate limits' check.
      expect(checked).toEqual(['k1']);
    } finally {
      await server.close();
      await pool.close();
    }
  });
});
