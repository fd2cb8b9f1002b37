import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { ConversionError, MAX_IMAGE_PIXELS, runTool, type ConversionContext, type ConversionResult } from '@textlift/core';
import { corpusDir, corpusFile } from '../../../../test-support/corpus.ts';
import { cpuSeconds } from '../../../../test-support/cpu-time.ts';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

// Checked against poppler (pdfinfo for page sizes, pdftoppm for how a page looks) and sharp.

const work = mkdtempSync(path.join(tmpdir(), 'pdf-to-jpg-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** This tool reads the text layer only, never OCR. */
const ocr = noOcr('PDF to JPG');

async function toJpg(
  name: string,
  bytes: Uint8Array,
  options: Record<string, unknown> = {},
  context: Partial<ConversionContext> = {},
): Promise<ConversionResult> {
  const { host, release } = createNodeHost(ocr);
  try {
    return await runTool('pdf-to-jpg', { files: [{ name, bytes }] }, options, { host, ...context });
  } finally {
    release();
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Page sizes in points, by pdfinfo. */
function pageSizes(file: string | Uint8Array): Array<[number, number]> {
  if (typeof file !== 'string') {
    const saved = path.join(work, `made-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(saved, file);
    file = saved;
  }
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '1000', file], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** A PDF of `count` pages of one size sharing one content stream, written out by hand. */
function simplePdf(width: number, height: number, count: number, content = ''): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${count} /Kids [${Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...Array.from({ length: count }, () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 3 0 R >>`),
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const jpegs = (result: ConversionResult) => result.outputs.filter((output) => output.type === 'image/jpeg');

test('tracemonkey at 72 and 150 dpi: a JPEG per page at the page size, and the text layer', async () => {
  const file = `${corpusDir}/pdf/tracemonkey.pdf`;
  const sizes = pageSizes(file);
  expect(sizes).toHaveLength(14);
  for (const dpi of [72, 150]) {
    const progress: unknown[] = [];
    const result = await toJpg(
      'tracemonkey.pdf',
      corpusFile('pdf/tracemonkey.pdf'),
      { dpi, quality: 80 },
      {
        onProgress: (fraction, stage, detail) => {
          if (stage === 'reading' && detail) progress.push([fraction, detail.page, detail.pages]);
        },
      },
    );
    expect(result.summary).toEqual({ pages: 14 });
    expect(progress).toEqual(sizes.map((_, i) => [i / 14, i + 1, 14]));
    const images = jpegs(result);
    expect(images.map((image) => image.name)).toEqual(sizes.map((_, i) => `tracemonkey_page_${i + 1}.jpg`));
    for (const [i, image] of images.entries()) {
      const meta = await sharp(image.bytes).metadata();
      const [width, height] = sizes[i]!;
      // 612 × 792 pt: 612 × 792 px at 72 dpi, 1275 × 1650 px at 150.
      expect(meta).toMatchObject({ format: 'jpeg', width: Math.ceil((width * dpi) / 72), height: Math.ceil((height * dpi) / 72), space: 'srgb' });
    }
    const text = result.outputs.find((output) => output.name === 'tracemonkey_extracted_text.txt')!;
    expect(text.type).toBe('text/plain; charset=utf-8');
    const words = new TextDecoder().decode(text.bytes);
    expect(words).toBe(result.text);
    expect(words).toContain('Trace-based Just-in-Time Type Specialization for Dynamic');
    expect(words).toContain('TraceMonkey');
    expect(words.indexOf('1. Introduction')).toBeLessThan(words.indexOf('References'));
  }
});

test('the pictures look like poppler draws the pages, in colour', async () => {
  const result = await toJpg('tracemonkey.pdf', corpusFile('pdf/tracemonkey.pdf'), { dpi: 72, quality: 90 });
  /** A picture shrunk to a quarter: the layout, not how each renderer smooths letters' edges. */
  const coarse = async (input: Uint8Array | string) => sharp(input).removeAlpha().resize(153, 198, { fit: 'fill' }).raw().toBuffer();
  const poppler = async (page: number) => {
    const stem = path.join(work, `poppler-${page}`);
    execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-png', '-singlefile', `${corpusDir}/pdf/tracemonkey.pdf`, stem]);
    return coarse(`${stem}.png`);
  };
  const difference = (a: Buffer, b: Buffer) => {
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
    return sum / a.length;
  };
  // Page 1 (title, text) and page 4 (a figure), against poppler's drawing of the same page and
  // of the other one.
  const reference = { 1: await poppler(1), 4: await poppler(4) };
  for (const [page, other] of [
    [1, 4],
    [4, 1],
  ] as const) {
    const ours = await coarse(jpegs(result)[page - 1]!.bytes);
    const same = difference(ours, reference[page]);
    expect(same, `page ${page}`).toBeLessThan(5);
    expect(same * 3, `page ${page}`).toBeLessThan(difference(ours, reference[other]));
  }
  // Colour survives: the equity note's coloured charts and headings (poppler finds ~2% of
  // page 1 strongly coloured at 20 dpi).
  const colour = await toJpg('note.pdf', corpusFile('pdf/chrome-text-selection-markedContent.pdf'), { dpi: 72 });
  const { data } = await sharp(jpegs(colour)[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
  let coloured = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 60) coloured++;
  expect(coloured / (data.length / 3)).toBeGreaterThan(0.01);
});

test('quality sets the JPEG compression', async () => {
  const bytes = corpusFile('pdf/issue11913.pdf');
  const low = jpegs(await toJpg('a.pdf', bytes, { dpi: 72, quality: 10 }))[0]!.bytes.length;
  const high = jpegs(await toJpg('a.pdf', bytes, { dpi: 72, quality: 100 }))[0]!.bytes.length;
  expect(low * 3).toBeLessThan(high);
});

test('a password-protected PDF asks for its password, and opens with it', async () => {
  const bytes = corpusFile('pdf/libreoffice-writer-password.pdf');
  expect(await failure(toJpg('secret.pdf', bytes))).toMatchObject({ code: 'password-required' });
  expect(await failure(toJpg('secret.pdf', bytes, { password: 'wrong' }))).toMatchObject({ code: 'wrong-password' });
  const result = await toJpg('secret.pdf', bytes, { password: 'openpassword', dpi: 72 });
  expect(jpegs(result).length).toBeGreaterThan(0);
  expect(result.outputs.map((output) => output.name)).toContain('secret_page_1.jpg');
});

test('a scan without a text layer gives pictures only, no empty .txt', async () => {
  const result = await toJpg('scan.pdf', corpusFile('pdf/c02-22-scanned.pdf'), { dpi: 72 });
  expect(result.outputs.map((output) => output.type)).toEqual(['image/jpeg']);
  expect(result.text).toBeUndefined();
});

test('a page too big for the pixel budget is drawn at the largest scale within it', async () => {
  const poster = simplePdf(14_400, 7_200, 1, '50 w 100 100 14000 7000 re S');
  expect(pageSizes(poster)).toEqual([[14_400, 7_200]]);
  const result = await toJpg('poster.pdf', poster, { dpi: 300 });
  const meta = await sharp(jpegs(result)[0]!.bytes).metadata();
  // 60000 × 30000 px at 300 dpi; within 40 MP, the same shape.
  expect(meta.width! * meta.height!).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
  expect(meta.width! * meta.height!).toBeGreaterThan(MAX_IMAGE_PIXELS * 0.99);
  expect(Math.abs(meta.width! / meta.height! - 2)).toBeLessThan(0.01);
});

test('more than 500 pages is refused before any is drawn', async () => {
  const thick = simplePdf(100, 100, 501);
  expect(pageSizes(thick)).toHaveLength(501);
  const progress: number[] = [];
  const error = await failure(toJpg('thick.pdf', thick, {}, { onProgress: (fraction, stage) => stage === 'reading' && progress.push(fraction) }));
  expect(error).toBeInstanceOf(ConversionError);
  expect(error).toMatchObject({ code: 'too-large', details: { maxPages: 500 } });
  expect(progress).toEqual([]);
});

test('cancelling stops between pages', async () => {
  const controller = new AbortController();
  const error = await failure(
    toJpg(
      'tracemonkey.pdf',
      corpusFile('pdf/tracemonkey.pdf'),
      { dpi: 72 },
      {
        signal: controller.signal,
        onProgress: (_, __, detail) => {
          if (detail?.page === 2) controller.abort();
        },
      },
    ),
  );
  expect(error).toMatchObject({ code: 'cancelled' });
});

test('every PDF of the corpus at 72 dpi: pictures or a clear error, never a hang', async () => {
  const files = readdirSync(`${corpusDir}/pdf`).filter((name) => name.endsWith('.pdf'));
  const outcomes: Record<string, string> = {};
  const cpu: Record<string, number> = {};
  for (const name of files) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cpuBefore = cpuSeconds();
    outcomes[name] = await Promise.race([
      toJpg(name, corpusFile(`pdf/${name}`), { dpi: 72 }).then(
        (result) => `${jpegs(result).length} pages`,
        (error: unknown) => (error instanceof ConversionError ? error.code : `unexpected: ${String(error)}`),
      ),
      // Wall time only tells a hang, however busy the machine; the work is bounded in CPU time below.
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('hang'), 300_000);
      }),
    ]);
    clearTimeout(timer);
    cpu[name] = cpuSeconds() - cpuBefore;
  }
  const [longest, most] = Object.entries(cpu).reduce((a, b) => (b[1] > a[1] ? b : a));
  console.info(`most CPU: ${longest}, ${most.toFixed(1)} s`);
  expect(Object.entries(cpu).filter(([, seconds]) => seconds > 30)).toEqual([]);
  const pages = (n: number) => `${n} pages`;
  expect(outcomes).toEqual({
    'GeoTopo-komprimiert-de.pdf': pages(117),
    'c02-22-scanned.pdf': pages(1),
    'ccitt-scanned.pdf': pages(1),
    'chrome-text-selection-markedContent.pdf': pages(1),
    'habibi-ar.pdf': pages(1),
    'issue11913.pdf': pages(1),
    'issue12823-zh.pdf': pages(1),
    'issue20232-ru-drawing.pdf': pages(1),
    'issue6010_1.pdf': 'password-required',
    'issue7229-scanned-ru-form.pdf': pages(2),
    // pdf.js rebuilds the broken cross-reference table (poppler cannot).
    'issue9418-bad-xref.pdf': pages(1),
    'issue9972-1-owner-only.pdf': pages(1),
    'jo-ja.pdf': pages(1),
    'libreoffice-form.pdf': pages(1),
    'libreoffice-writer-password.pdf': 'password-required',
    'linn-scanned-2col.pdf': pages(1),
    'poppler-395-0-fuzzed.pdf': 'corrupt',
    'prefilled_f1040.pdf': pages(2),
    'scan-bad-truncated.pdf': pages(1),
    'tracemonkey.pdf': pages(14),
  });
}, 900_000);
