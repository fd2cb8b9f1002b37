import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, type PDFPage, type PDFRef } from '@cantoo/pdf-lib';
import { createCanvas } from '@napi-rs/canvas';
import mammoth from 'mammoth';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ConversionError,
  MAX_IMAGE_PIXELS,
  MAX_RASTER_SIDE,
  MERGE_PDF_MAX_PAGES,
  PDF_TO_JPG_MAX_PAGES,
  PDF_TO_TEXT_MAX_PAGES,
  PDF_TO_WORD_MAX_PAGES,
  findTool,
  runTool,
  type ConversionResult,
  type InputFile,
} from '@textlift/core';
import { createPdfEngine } from '@textlift/core/pdf/pdf-engine';
import { cpuSeconds } from '../../../../test-support/cpu-time.ts';
import { loadConfig } from '../config.ts';
import { createNodeHost } from './node-host.ts';
import { createOcrProvider, type OcrProvider } from './ocr-provider.ts';

// Hostile PDFs, made here with pdf-lib, through every PDF tool: each answers in bounded time with
// a result within the budgets or a clear error code, and the process's resident memory grows by
// less than a gigabyte. Before the budgets, on this machine: one 20000×20000 image took 5.1-6.7 GB
// and 76-90 s; a page 200000 pt wide failed as a damaged image (tesseract refused the 100503-pixel-
// wide render) or as a 500 (JPEG cannot be that wide); 3000 pages to Word took 20 s and 1.3 GB.

const GB = 1024 ** 3;
/**
 * Each job's bound in CPU seconds (its own and its tesseract's), which a busy machine does not
 * stretch as it stretches wall time; the hostile files took minutes before.
 */
const CPU_SECONDS = 20;

let provider: OcrProvider;
/**
 * Peak RSS in MB, written by a thread of its own every 25 ms: pdf.js runs in this thread on Node
 * and decodes an image in one go, during which no timer of this thread would fire.
 */
const peak = new Int32Array(new SharedArrayBuffer(4));
let sampler: Worker;
const files: Record<string, Uint8Array> = {};
const figures: string[] = [];

const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);

beforeAll(async () => {
  provider = await createOcrProvider(loadConfig());
  sampler = new Worker(
    `const { workerData: peak } = require('node:worker_threads');
     setInterval(() => { const mb = Math.round(process.memoryUsage.rss() / 1048576); if (mb > Atomics.load(peak, 0)) Atomics.store(peak, 0, mb); }, 25);`,
    { eval: true, workerData: peak },
  );
  const zeros = await deflatedZeros(20_000 * 20_000);
  files.hugeImage = await imagePdf(zeros, { text: false });
  files.hugeImageText = await imagePdf(zeros, { text: true });
  files.hugeMask = await imagePdf(zeros, { text: true, asMask: true });
  files.lyingJpeg = await lyingJpegPdf();
  files.wide = await widePdf({ text: true, picture: true });
  files.wideBlank = await widePdf({ text: false, picture: false });
  files.thick = await thickPdf(3000);
  files.longScan = await longScanPdf(200);
});

afterAll(async () => {
  await sampler?.terminate();
  await provider?.close();
  console.log(`| tool | file | seconds | CPU seconds | RSS growth MB | outcome |\n|---|---|---|---|---|---|\n${figures.join('\n')}`);
});

/** `length` zero bytes, deflated as a stream (no 400 MB buffer here): 389 KB for 400 MB. */
async function deflatedZeros(length: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zero = Buffer.alloc(4 * 2 ** 20);
  for (let left = length; left > 0; left -= zero.length) {
    if (!deflate.write(left >= zero.length ? zero : zero.subarray(0, left))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

const LINE = 'A page of text with a picture that claims to be enormous.';

async function withText(doc: PDFDocument, page: PDFPage, y: number) {
  page.drawText(LINE, { x: 50, y, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
}

/** Draws the image object `image` 400 pt square at (100, 100). */
function drawImage(doc: PDFDocument, page: PDFPage, image: PDFRef) {
  const name = page.node.newXObject('Im', image);
  page.node.addContentStream(doc.context.register(doc.context.stream(`q 400 0 0 400 100 100 cm ${name.asString()} Do Q`)));
}

/**
 * A Letter page showing a 20000×20000 8-bit grey image (the deflated zeros), or a 100×100
 * picture whose soft mask is that image.
 */
async function imagePdf(zeros: Uint8Array, { text, asMask = false }: { text: boolean; asMask?: boolean }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  if (text) await withText(doc, page, 750);
  const huge = doc.context.register(
    doc.context.stream(zeros, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 20_000,
      Height: 20_000,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }),
  );
  const small = () =>
    doc.context.register(
      doc.context.flateStream(new Uint8Array(100 * 100 * 3).fill(90), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 100,
        Height: 100,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        SMask: huge,
      }),
    );
  drawImage(doc, page, asMask ? small() : huge);
  return doc.save();
}

/** A real 20000×20000 JPEG (2.3 MB of flat grey) whose dictionary says 100×100. */
async function lyingJpegPdf(): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: '#808080' }, limitInputPixels: false })
    .jpeg({ quality: 50 })
    .toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  await withText(doc, page, 750);
  drawImage(
    doc,
    page,
    doc.context.register(
      doc.context.stream(jpeg, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 100,
        Height: 100,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
      }),
    ),
  );
  return doc.save();
}

/** A page whose MediaBox is 200000 × 792 pt: a line of text and a small picture, or only a frame (a "scan"). */
async function widePdf({ text, picture }: { text: boolean; picture: boolean }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200_000, 792]);
  if (text) await withText(doc, page, 700);
  page.drawRectangle({ x: 10, y: 10, width: 200_000 - 20, height: 792 - 20, borderWidth: 5 });
  if (picture) {
    const pixels = new Uint8Array(100 * 100 * 3).map((_, i) => (i % 3 === 0 ? 200 : 40));
    drawImage(
      doc,
      page,
      doc.context.register(
        doc.context.flateStream(pixels, { Type: 'XObject', Subtype: 'Image', Width: 100, Height: 100, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 }),
      ),
    );
  }
  return doc.save();
}

/** `count` A4 pages of 40 lines, all sharing one content stream. */
async function thickPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595.28, 841.89]);
  for (let line = 0; line < 40; line++)
    first.drawText(`Line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 56, y: 780 - line * 18, size: 10, font });
  const contents = first.node.get(PDFName.of('Contents'))!;
  const resources = first.node.get(PDFName.of('Resources'))!;
  for (let n = 1; n < count; n++) {
    const page = doc.addPage([595.28, 841.89]);
    page.node.set(PDFName.of('Contents'), contents);
    page.node.set(PDFName.of('Resources'), resources);
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * `count` scanned pages, each the same small JPEG of one printed line (2 × 2.8 inches at 300
 * dpi): every page drawn and read, quickly.
 */
async function longScanPdf(count: number): Promise<Uint8Array> {
  const canvas = createCanvas(600, 850);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 600, 850);
  context.fillStyle = '#111';
  context.font = '46px Serif';
  context.fillText(SCANNED_LINE, 40, 200);
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(canvas.toBuffer('image/jpeg', 80));
  for (let n = 0; n < count; n++) doc.addPage([144, 204]).drawImage(image, { x: 0, y: 0, width: 144, height: 204 });
  return doc.save();
}
const SCANNED_LINE = 'Page of a report';

interface Run {
  result?: ConversionResult;
  error?: unknown;
  /** Whether the job reported reading a page (it did not, when refused right after opening). */
  readPages: boolean;
  /** The process's peak resident memory during the job, over its memory before. */
  growthMb?: number;
}

/** Runs a tool as the server does, timing it and sampling the process's memory meanwhile. */
async function run(slug: string, names: string[], options: Record<string, unknown> = {}, cpuBound = CPU_SECONDS): Promise<Run> {
  const input: InputFile[] = names.map((name) => ({ name: `${name}.pdf`, bytes: files[name]! }));
  const { host, release } = createNodeHost(provider);
  const before = rssMb();
  Atomics.store(peak, 0, before);
  const started = performance.now();
  const cpuBefore = cpuSeconds();
  const outcome: Run = { readPages: false };
  try {
    outcome.result = await runTool(slug, { files: input }, options, {
      host,
      onProgress: (_, stage) => {
        if (stage === 'reading' && slug !== 'merge-pdf') outcome.readPages = true;
      },
    });
  } catch (error) {
    outcome.error = error;
  } finally {
    release();
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds() - cpuBefore;
  // One more sample after the end.
  await new Promise((resolve) => setTimeout(resolve, 60));
  const growth = Atomics.load(peak, 0) - before;
  const said =
    outcome.error instanceof ConversionError
      ? outcome.error.code
      : outcome.error
        ? `unexpected: ${String(outcome.error)}`
        : `ok, ${outcome.result!.outputs.length} output(s)`;
  figures.push(`| ${slug} | ${names.join(' + ')} | ${seconds.toFixed(1)} | ${cpu.toFixed(1)} | ${growth} | ${said} |`);
  expect(cpu, `${slug} on ${names.join(' + ')}: CPU seconds`).toBeLessThan(cpuBound);
  expect(growth * 2 ** 20, `${slug} on ${names.join(' + ')}: RSS growth in bytes`).toBeLessThan(GB);
  outcome.growthMb = growth;
  return outcome;
}

const jpegs = (result: ConversionResult | undefined) => (result?.outputs ?? []).filter((output) => output.type === 'image/jpeg');

test('the registry states the page limits the conversions enforce', () => {
  const limits = {
    'pdf-to-text': PDF_TO_TEXT_MAX_PAGES,
    'pdf-to-word': PDF_TO_WORD_MAX_PAGES,
    'pdf-to-jpg': PDF_TO_JPG_MAX_PAGES,
    'merge-pdf': MERGE_PDF_MAX_PAGES,
  };
  for (const [slug, maxPages] of Object.entries(limits)) expect(findTool(slug)?.input).toMatchObject({ kind: 'files', maxPages });
  expect(PDF_TO_JPG_MAX_PAGES).toBe(500);
});

test('a 20000×20000 image inside a PDF is left out, not decoded: the page is read without it', async () => {
  // With a text layer: the text, and no picture (the image was never decoded, so never drawn).
  const text = await run('pdf-to-text', ['hugeImageText']);
  expect(text.result?.text).toBe(LINE);
  const word = await run('pdf-to-word', ['hugeImageText']);
  expect(word.result?.summary).toMatchObject({ pages: 1, pictures: 0 });
  const jpg = await run('pdf-to-jpg', ['hugeImageText']);
  const [page] = jpegs(jpg.result);
  const { width, height } = await sharp(page!.bytes).metadata();
  expect([width, height]).toEqual([1275, 1650]);
  // The image is black (zeros): left out, the page stays white where it would be.
  const { channels } = await sharp(page!.bytes).extract({ left: 300, top: 500, width: 600, height: 600 }).stats();
  expect(channels[0]!.mean).toBeGreaterThan(250);
  // Without a text layer the page is OCRed, blank, and has no text: said as such.
  expect((await run('pdf-to-text', ['hugeImage'])).error).toMatchObject({ code: 'no-text' });
  expect((await run('pdf-to-word', ['hugeImage'])).error).toMatchObject({ code: 'no-text' });
  expect(jpegs((await run('pdf-to-jpg', ['hugeImage'])).result)).toHaveLength(1);
});

test('what pdf.js would decode unchecked (a huge soft mask, a JPEG larger than it says) is refused as too many pixels', async () => {
  for (const name of ['hugeMask', 'lyingJpeg']) {
    for (const slug of ['pdf-to-text', 'pdf-to-word', 'pdf-to-jpg']) {
      const { error, readPages } = await run(slug, [name]);
      expect(error, `${slug} on ${name}`).toBeInstanceOf(ConversionError);
      expect(error, `${slug} on ${name}`).toMatchObject({
        code: 'too-many-pixels',
        details: { width: 20_000, height: 20_000, maxMegapixels: MAX_IMAGE_PIXELS / 1e6 },
      });
      expect(readPages).toBe(false);
    }
  }
});

test('a page 200000 pt wide is drawn within the pixel budget, never as a damaged image', async () => {
  const jpg = await run('pdf-to-jpg', ['wide'], { dpi: 300 });
  const meta = await sharp(jpegs(jpg.result)[0]!.bytes).metadata();
  expect(meta.width!).toBeLessThanOrEqual(MAX_RASTER_SIDE);
  expect(meta.width! * meta.height!).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
  expect(Math.abs(meta.width! / meta.height! - 200_000 / 792)).toBeLessThan(3);
  expect(jpg.result?.text).toBe(LINE);

  expect((await run('pdf-to-text', ['wide'])).result?.text).toBe(LINE);
  // The picture is cut from a drawing of its own region, so it keeps its 144 dpi (400 pt: 800 px).
  const word = await run('pdf-to-word', ['wide']);
  expect(word.result?.summary).toMatchObject({ pages: 1, pictures: 1 });
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(word.result!.outputs[0]!.bytes) });
  const png = Buffer.from(/<img src="data:image\/png;base64,([^"]+)"/.exec(html)![1]!, 'base64');
  expect(await sharp(png).metadata()).toMatchObject({ width: 800, height: 800 });

  // Without a text layer the page is OCRed at the scale that fits: no text to find, but no
  // 'corrupt' and no 500.
  for (const slug of ['pdf-to-text', 'pdf-to-word']) expect((await run(slug, ['wideBlank'])).error, slug).toMatchObject({ code: 'no-text' });
  expect(jpegs((await run('pdf-to-jpg', ['wideBlank'])).result)).toHaveLength(1);
});

test('3000 pages are refused right after opening, with the limit and the count', async () => {
  for (const [slug, maxPages] of [
    ['pdf-to-text', PDF_TO_TEXT_MAX_PAGES],
    ['pdf-to-word', PDF_TO_WORD_MAX_PAGES],
    ['pdf-to-jpg', PDF_TO_JPG_MAX_PAGES],
  ] as const) {
    const { error, readPages } = await run(slug, ['thick']);
    expect(error, slug).toBeInstanceOf(ConversionError);
    expect(error, slug).toMatchObject({ code: 'too-large', details: { maxPages, pages: 3000 } });
    expect(readPages, slug).toBe(false);
  }
  // Merge PDF counts all files together, and stops at the file that crosses the limit.
  const { error } = await run('merge-pdf', ['thick', 'thick']);
  expect(error).toMatchObject({ code: 'too-large', details: { maxPages: MERGE_PDF_MAX_PAGES, pages: 6000, files: 2 } });
  // Within the limit it merges.
  expect((await run('merge-pdf', ['thick', 'wide'])).result?.summary).toEqual({ files: 2, pages: 3001 });
});

test('OCR PDF reads 200 scanned pages holding one page (two at a time) in memory, not all', async () => {
  // 200 pages of OCR: about 50 CPU seconds with tesseract's own.
  const { result, error, growthMb } = await run('ocr-pdf', ['longScan'], {}, 150);
  expect(error).toBeUndefined();
  expect(result!.summary).toMatchObject({ pages: 200, read: 200 });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'textlift-budgets-')), 'long.pdf');
  writeFileSync(file, result!.outputs[0]!.bytes);
  for (const page of ['1', '200']) expect(execFileSync('pdftotext', ['-f', page, '-l', page, file, '-'], { encoding: 'utf8' }).trim()).toBe(SCANNED_LINE);
  // What the job holds at its peak is the engines and two pages' rasters (0.5 MP each), not 200
  // (measured: 111 MB; all 200 held as drawn would be 100 MB more, their readings' images more still).
  expect(growthMb).toBeLessThan(250);
});

test('a canvas the platform refuses is a page too big to draw, not a damaged file', async () => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const dir = path.dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json')));
  const engine = createPdfEngine({
    pdfjs: pdfjs as unknown as typeof import('pdfjs-dist'),
    cMapUrl: `${dir}/cmaps/`,
    standardFontDataUrl: `${dir}/standard_fonts/`,
    wasmUrl: `${dir}/wasm/`,
    createCanvas: () => {
      throw new RangeError('Array buffer allocation failed');
    },
    encodePng: async () => new Uint8Array(),
  });
  const { host, release } = createNodeHost(provider);
  try {
    const error = await runTool(
      'pdf-to-jpg',
      { files: [{ name: 'a.pdf', bytes: files.hugeImageText! }] },
      {},
      { host: { ...host, pdf: async () => engine } },
    ).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'too-many-pixels', details: { width: 1275, height: 1650, page: 1 } });
  } finally {
    release();
  }
});
