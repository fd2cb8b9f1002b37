import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { ConversionError, runTool, type ConversionContext, type ConversionResult } from '@textlift/core';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

// Checked with poppler (pdfinfo, pdfimages, pdftoppm) and qpdf, readers independent of pdf-lib and pdf.js.

const work = mkdtempSync(path.join(tmpdir(), 'image-to-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** This tool never reads text from pictures. */
const ocr = noOcr('Image to PDF');

type File = { name: string; bytes: Uint8Array };

async function toPdf(files: File[], options: Record<string, unknown> = {}, context: Partial<ConversionContext> = {}): Promise<ConversionResult> {
  const { host, release } = createNodeHost(ocr);
  try {
    return await runTool('image-to-pdf', { files }, options, { host, ...context });
  } finally {
    release();
  }
}

let saved = 0;
/** The result's PDF written to a file for the poppler tools. */
function savePdf(result: ConversionResult): string {
  const file = path.join(work, `out-${++saved}.pdf`);
  writeFileSync(file, result.outputs[0]!.bytes);
  return file;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Each page's size in points, by pdfinfo. */
function pageSizes(file: string): Array<[number, number]> {
  const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))![1]);
  const info = run('pdfinfo', ['-f', '1', '-l', String(pages), file]);
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** pdfimages -list rows: page, width, height, colour, bits per component, encoding. */
function listImages(file: string) {
  return run('pdfimages', ['-list', file])
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .filter((line) => line.trim().split(/\s+/)[2] === 'image')
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      return {
        page: Number(cells[0]),
        type: cells[2],
        width: Number(cells[3]),
        height: Number(cells[4]),
        color: cells[5],
        bpc: Number(cells[7]),
        encoding: cells[8],
      };
    });
}

type Pixels = { width: number; height: number; at(x: number, y: number): [number, number, number] };

/** A page rendered by pdftoppm, as RGB pixels. */
async function renderPage(file: string, page: number, dpi: number): Promise<Pixels> {
  const stem = path.join(work, `render-${++saved}`);
  run('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', file, stem]);
  const { data, info } = await sharp(`${stem}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const isRed = ([r, g, b]: number[]) => r! > 160 && g! < 110 && b! < 110;
const isWhite = ([r, g, b]: number[]) => r! > 235 && g! > 235 && b! > 235;

/** Where the red marker is on a rendered page: its centre as a fraction of the page. */
function redCentre(pixels: Pixels): { x: number; y: number } {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      if (isRed(pixels.at(x, y))) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  expect(n).toBeGreaterThan(0);
  return { x: sx / n / pixels.width, y: sy / n / pixels.height };
}

/** The box of pixels that are not white, in pixels. */
function inkBox(pixels: Pixels) {
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      if (!isWhite(pixels.at(x, y))) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, top, right: right + 1, bottom: bottom + 1 };
}

/**
 * An upright test picture: grey, with a red square in its top-left corner (so turning or
 * mirroring it shows) and a black bar along its bottom.
 */
function marked(width: number, height: number) {
  const side = Math.round(Math.min(width, height) / 3);
  return sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } }).composite([
    { input: { create: { width: side, height: side, channels: 3, background: { r: 220, g: 20, b: 30 } } }, left: 0, top: 0 },
    {
      input: { create: { width, height: Math.max(1, Math.round(height / 10)), channels: 3, background: { r: 0, g: 0, b: 0 } } },
      left: 0,
      top: height - Math.max(1, Math.round(height / 10)),
    },
  ]);
}

const plain = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** A 24-bit BMP written by hand (bottom-up rows, BGR, padded to 4 bytes), with its resolution. */
function bmp(width: number, height: number, rgb: [number, number, number], dpi = 96): Uint8Array {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(stride * height, 34);
  file.writeInt32LE(Math.round(dpi / 0.0254), 38);
  file.writeInt32LE(Math.round(dpi / 0.0254), 42);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * stride + x * 3;
      file[at] = rgb[2];
      file[at + 1] = rgb[1];
      file[at + 2] = rgb[0];
    }
  }
  return new Uint8Array(file);
}

const close = (actual: number, expected: number, within = 0.02) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(within);

test('one page per picture in the order given, each format, named after the first file', async () => {
  const colours = [
    { r: 200, g: 30, b: 30 },
    { r: 30, g: 160, b: 40 },
    { r: 30, g: 40, b: 200 },
    { r: 150, g: 20, b: 160 },
    { r: 20, g: 170, b: 170 },
  ];
  const files: File[] = [
    { name: 'holiday.photo.jpg', bytes: await plain(90, 60, colours[0]!).jpeg({ quality: 95 }).toBuffer() },
    { name: 'b.png', bytes: await plain(60, 90, colours[1]!).png().toBuffer() },
    { name: 'c.gif', bytes: await plain(50, 50, colours[2]!).gif().toBuffer() },
    { name: 'd.tif', bytes: await plain(40, 70, colours[3]!).tiff({ compression: 'lzw' }).toBuffer() },
    { name: 'e.webp', bytes: await plain(64, 64, colours[4]!).webp({ lossless: true }).toBuffer() },
  ];
  const progress: unknown[] = [];
  const result = await toPdf(files, {}, { onProgress: (fraction, stage, detail) => progress.push([fraction, stage, detail?.page, detail?.pages]) });
  expect(result.outputs).toHaveLength(1);
  expect(result.outputs[0]).toMatchObject({ name: 'holiday.photo.pdf', type: 'application/pdf' });
  expect(result.summary).toEqual({ pages: 5 });
  expect(progress).toEqual([...files.map((_, i) => [i / 5, 'reading', i + 1, 5]), [1, 'reading', undefined, undefined]]);
  const file = savePdf(result);
  run('qpdf', ['--check', file]);
  // Default A4, each page turned the way its picture is (a square one stands upright).
  expect(pageSizes(file)).toEqual([
    [841.89, 595.28],
    [595.28, 841.89],
    [595.28, 841.89],
    [595.28, 841.89],
    [595.28, 841.89],
  ]);
  for (const [i, colour] of colours.entries()) {
    const pixels = await renderPage(file, i + 1, 10);
    const [r, g, b] = pixels.at(Math.floor(pixels.width / 2), Math.floor(pixels.height / 2));
    close(r, colour.r, 12);
    close(g, colour.g, 12);
    close(b, colour.b, 12);
  }
  // The JPEG is stored as a JPEG, the others losslessly (Flate).
  expect(listImages(file).map((image) => image.encoding)).toEqual(['jpeg', 'image', 'image', 'image', 'image']);
});

// The Node host decodes BMPs with bmp-ts, whose RGBA leaves alpha 0 for BMPs without an alpha
// channel; the host's flatten then turns the whole picture white (node-host.ts needs alpha 255).
test('a 24-bit BMP keeps its colours', async () => {
  const file = savePdf(await toPdf([{ name: 'd.bmp', bytes: bmp(70, 40, [230, 200, 20]) }], { pageSize: 'fit' }));
  expect(pageSizes(file)).toEqual([[52.5, 30]]);
  const pixels = await renderPage(file, 1, 96);
  const [r, g, b] = pixels.at(35, 20);
  close(r, 230, 6);
  close(g, 200, 6);
  close(b, 20, 6);
});

test('page sizes: fit, A4 and Letter, auto and forced orientation, margins', async () => {
  const portrait: File = { name: 'p.png', bytes: await marked(300, 400).png().toBuffer() };
  const landscape: File = { name: 'l.png', bytes: await marked(400, 300).png().toBuffer() };
  const sizes = async (options: Record<string, unknown>) => pageSizes(savePdf(await toPdf([portrait, landscape], options)));

  // 'fit': the picture at 96 pixels to the inch (0.75 pt a pixel), plus the margins.
  expect(await sizes({ pageSize: 'fit' })).toEqual([
    [225, 300],
    [300, 225],
  ]);
  expect(await sizes({ pageSize: 'fit', margin: 36 })).toEqual([
    [297, 372],
    [372, 297],
  ]);
  // 'fit' has no orientation to choose: the page is the picture.
  expect(await sizes({ pageSize: 'fit', orientation: 'landscape' })).toEqual([
    [225, 300],
    [300, 225],
  ]);
  expect(await sizes({ pageSize: 'letter' })).toEqual([
    [612, 792],
    [792, 612],
  ]);
  expect(await sizes({ pageSize: 'letter', orientation: 'portrait' })).toEqual([
    [612, 792],
    [612, 792],
  ]);
  expect(await sizes({ pageSize: 'a4', orientation: 'landscape' })).toEqual([
    [841.89, 595.28],
    [841.89, 595.28],
  ]);

  // On A4 with a 72 pt margin the picture is scaled to the space inside the margins and centred.
  const file = savePdf(await toPdf([portrait], { pageSize: 'a4', margin: 72 }));
  const pixels = await renderPage(file, 1, 72);
  const box = inkBox(pixels);
  const width = 595.28 - 144; // the limiting side: 451.28 pt for 300 px, so 601.7 pt high
  const height = (width * 400) / 300;
  close(box.left, 72, 1);
  close(box.right, 72 + width, 1.5);
  close(box.top, (841.89 - height) / 2, 1.5);
  close(box.bottom, (841.89 + height) / 2, 1.5);
  // Small pictures are scaled up to fill the page too: 30 × 40 px to 594 × 792 pt on Letter.
  const small = savePdf(await toPdf([{ name: 's.png', bytes: await marked(30, 40).png().toBuffer() }], { pageSize: 'letter' }));
  const filled = inkBox(await renderPage(small, 1, 72));
  close(filled.left, 9, 1);
  close(filled.right, 603, 1);
  expect([filled.top, filled.bottom]).toEqual([0, 792]);
});

test('fit uses the resolution a scan declares: 300 dpi TIFF pages come out at their paper size', async () => {
  // unlv-8071: 3312 × 2550 pixels at 300 dpi, a landscape Letter page.
  const file = savePdf(
    await toPdf(
      [
        { name: 'scan.tif', bytes: corpusFile('ocr/unlv-8071_093.3B.tif') },
        { name: 'bmp.bmp', bytes: bmp(600, 300, [0, 0, 0], 150) },
        // 72 dpi, what cameras write, is not believed: the picture is shown at 96 dpi.
        { name: 'camera.jpg', bytes: await plain(400, 300, { r: 9, g: 9, b: 9 }).withMetadata({ density: 72 }).jpeg().toBuffer() },
      ],
      { pageSize: 'fit' },
    ),
  );
  const [scan, bitmap, camera] = pageSizes(file);
  close(scan![0], 794.88);
  close(scan![1], 612);
  expect(bitmap).toEqual([288, 144]);
  expect(camera).toEqual([300, 225]);
  // A black-and-white scan stays one bit a pixel.
  expect(listImages(file)[0]).toMatchObject({ width: 3312, height: 2550, color: 'gray', bpc: 1, encoding: 'image' });
});

test('a JPEG goes in byte for byte, and one taken with the phone turned still stands upright', async () => {
  const upright = await marked(120, 80).jpeg().toBuffer();
  // Stored sideways (as a phone held upright stores it) with orientation 6 to turn it back.
  const sideways = await sharp(await marked(120, 80).png().toBuffer())
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  expect(await sharp(sideways).metadata()).toMatchObject({ width: 80, height: 120, orientation: 6 });
  const result = await toPdf(
    [
      { name: 'a.jpg', bytes: upright },
      { name: 'b.jpg', bytes: sideways },
    ],
    { pageSize: 'fit' },
  );
  const file = savePdf(result);
  // pdfimages -j writes DCT images out as they are stored: the input files, unchanged.
  run('pdfimages', ['-j', file, path.join(work, 'jpeg')]);
  const extracted = readdirSync(work)
    .filter((name) => name.startsWith('jpeg-'))
    .sort();
  expect(extracted).toEqual(['jpeg-000.jpg', 'jpeg-001.jpg']);
  expect(Buffer.compare(readFileSync(path.join(work, extracted[0]!)), upright)).toBe(0);
  expect(Buffer.compare(readFileSync(path.join(work, extracted[1]!)), sideways)).toBe(0);
  // The turned photo's page is landscape, as the photo is seen, and the marker is top left.
  expect(pageSizes(file)).toEqual([
    [90, 60],
    [90, 60],
  ]);
  for (const page of [1, 2]) {
    const centre = redCentre(await renderPage(file, page, 96));
    expect(centre.x).toBeLessThan(0.25);
    expect(centre.y).toBeLessThan(0.25);
  }
});

test('every EXIF orientation (turns and mirrors) comes out as the picture is seen', async () => {
  const upright = sharp(await marked(120, 80).png().toBuffer());
  const expected = await upright.clone().removeAlpha().raw().toBuffer();
  // For each orientation, the stored picture whose sharp-corrected view is the upright one.
  const candidates = [0, 90, 180, 270].flatMap((angle) => [false, true].map((flop) => ({ angle, flop })));
  const files: File[] = [];
  for (let orientation = 1; orientation <= 8; orientation++) {
    let found: Buffer | undefined;
    for (const { angle, flop } of candidates) {
      const stored = await sharp(await upright.clone().rotate(angle).flop(flop).png().toBuffer())
        .withMetadata({ orientation })
        .jpeg({ quality: 95 })
        .toBuffer();
      const seen = await sharp(stored).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
      if (seen.info.width !== 120 || seen.info.height !== 80) continue;
      let difference = 0;
      for (let i = 0; i < expected.length; i++) difference += Math.abs(seen.data[i]! - expected[i]!);
      if (difference / expected.length < 8) {
        found = stored;
        break;
      }
    }
    expect(found, `orientation ${orientation}`).toBeDefined();
    files.push({ name: `o${orientation}.jpg`, bytes: found! });
  }
  const file = savePdf(await toPdf(files, { pageSize: 'fit' }));
  expect(pageSizes(file)).toEqual(Array(8).fill([90, 60]));
  for (let page = 1; page <= 8; page++) {
    const pixels = await renderPage(file, page, 96);
    const centre = redCentre(pixels);
    expect(centre.x, `orientation ${page}`).toBeLessThan(0.25);
    expect(centre.y, `orientation ${page}`).toBeLessThan(0.3);
    // The black bar is along the bottom.
    const [r] = pixels.at(Math.floor(pixels.width / 2), pixels.height - 2);
    expect(r, `orientation ${page}`).toBeLessThan(60);
  }
  expect(listImages(file).every((image) => image.encoding === 'jpeg')).toBe(true);
});

test('a real phone photo with orientation 6 is kept as is and drawn upright', async () => {
  const photo = corpusFile('ocr-photos/photo-fr-present-2.jpg');
  const file = savePdf(await toPdf([{ name: 'photo.jpg', bytes: photo }]));
  // 4000 × 3000 stored, seen 3000 wide and 4000 high: a portrait page.
  expect(pageSizes(file)).toEqual([[595.28, 841.89]]);
  expect(listImages(file)[0]).toMatchObject({ width: 4000, height: 3000, encoding: 'jpeg' });
  // Compared with sharp's own upright view of the photo, shrunk to the page's size.
  const pixels = await renderPage(file, 1, 20);
  const difference = async (view: Sharp) => {
    const reference = await view.resize(pixels.width, pixels.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    let sum = 0;
    for (let y = 0; y < pixels.height; y++) {
      for (let x = 0; x < pixels.width; x++) {
        const i = (y * pixels.width + x) * 3;
        const [r, g, b] = pixels.at(x, y);
        sum += Math.abs(r - reference[i]!) + Math.abs(g - reference[i + 1]!) + Math.abs(b - reference[i + 2]!);
      }
    }
    return sum / (pixels.width * pixels.height * 3);
  };
  const upright = await difference(sharp(photo).rotate());
  const upsideDown = await difference(sharp(photo).rotate().rotate(180));
  // Resampling differs between poppler and sharp; the wrong way round differs far more.
  expect(upright).toBeLessThan(16);
  expect(upright * 2).toBeLessThan(upsideDown);
});

test('CMYK and colour-managed JPEGs keep their colours; PNGs of every kind; transparency is white', async () => {
  const cmyk = await plain(64, 48, { r: 220, g: 20, b: 30 }).toColourspace('cmyk').jpeg().toBuffer();
  expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
  const transparent = await sharp({ create: { width: 60, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 20, height: 20, channels: 4, background: { r: 220, g: 20, b: 30, alpha: 1 } } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  const sixteenBit = await plain(40, 40, { r: 220, g: 20, b: 30 }).toColourspace('rgb16').png().toBuffer();
  expect((await sharp(sixteenBit).metadata()).depth).toBe('ushort');
  const interlaced = await plain(40, 40, { r: 220, g: 20, b: 30 }).png({ progressive: true }).toBuffer();
  const palette = await plain(40, 40, { r: 220, g: 20, b: 30 }).png({ palette: true }).toBuffer();
  // A phone's Display P3 photo keeps its colour profile.
  const p3 = await plain(64, 48, { r: 220, g: 20, b: 30 }).withIccProfile('p3').jpeg().toBuffer();
  expect((await sharp(p3).metadata()).icc).toBeDefined();
  const files = [cmyk, transparent, sixteenBit, interlaced, palette, p3].map((bytes, i) => ({ name: `${i}.img`, bytes }));
  const file = savePdf(await toPdf(files, { pageSize: 'fit' }));
  run('qpdf', ['--check', file]);
  const images = listImages(file);
  expect(images[0]).toMatchObject({ color: 'cmyk', encoding: 'jpeg' });
  expect(images[5]).toMatchObject({ color: 'icc', encoding: 'jpeg' });
  for (let page = 1; page <= files.length; page++) {
    const pixels = await renderPage(file, page, 96);
    expect(isRed(pixels.at(2, 2)), `page ${page}`).toBe(true);
  }
  const pixels = await renderPage(file, 2, 96);
  // The transparent part is white, not black.
  expect(isWhite(pixels.at(pixels.width - 3, pixels.height - 3))).toBe(true);
});

test('a big photo that is not a JPEG becomes a high-quality JPEG; a drawing stays lossless', async () => {
  const noise = Buffer.alloc(1200 * 1000 * 3);
  let seed = 2463534242;
  for (let i = 0; i < noise.length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    noise[i] = seed & 0xff;
  }
  const photo = await sharp(noise, { raw: { width: 1200, height: 1000, channels: 3 } })
    .webp({ lossless: true })
    .toBuffer();
  const drawing = await marked(1200, 1000).webp({ lossless: true }).toBuffer();
  const file = savePdf(
    await toPdf([
      { name: 'photo.webp', bytes: photo },
      { name: 'drawing.webp', bytes: drawing },
    ]),
  );
  expect(listImages(file).map((image) => image.encoding)).toEqual(['jpeg', 'image']);
});

test('real pictures of the corpus make PDFs qpdf finds sound', async () => {
  const names = [
    'ocr/eurotext.tif',
    'ocr/unlv-8087_054.3B.tif',
    'ocr/pytesseract-test.jpg',
    'ocr/pytesseract-test-european.jpg',
    'ocr/linn.png',
    'ocr/uw3-line-010001.png',
    'qr/qrcode-1_17.png',
    'qr/qrcode-2_29.png',
    'qr/qrcode-6_1.png',
    'barcodes/ean13-2_07.png',
    'ocr-receipts/receipt-01.jpg',
    'ocr-photos/photo-fr-cod-1.jpg',
  ];
  const files = names.map((name) => ({ name: path.basename(name), bytes: corpusFile(name) }));
  for (const pageSize of ['a4', 'fit']) {
    const result = await toPdf(files, { pageSize, margin: 18 });
    expect(result.summary).toEqual({ pages: names.length });
    const file = savePdf(result);
    expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
    expect(pageSizes(file)).toHaveLength(names.length);
    const images = listImages(file);
    expect(images.map((image) => image.page)).toEqual(names.map((_, i) => i + 1));
    // The JPEGs are the files' own bytes, so the PDF is hardly bigger than they are.
    expect(images.filter((image) => image.encoding === 'jpeg')).toHaveLength(4);
  }
});

test('a damaged picture is named by its place; cancelling stops between pictures', async () => {
  const good = await plain(20, 20, { r: 1, g: 2, b: 3 }).png().toBuffer();
  const cut = good.subarray(0, good.length - 20);
  const error = await toPdf([
    { name: 'good.png', bytes: good },
    { name: 'cut.png', bytes: cut },
  ]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConversionError);
  expect(error).toMatchObject({ code: 'corrupt', details: { index: 1, name: 'cut.png' } });

  const controller = new AbortController();
  const cancelled = await toPdf(
    [
      { name: 'a.png', bytes: good },
      { name: 'b.png', bytes: good },
    ],
    {},
    {
      signal: controller.signal,
      onProgress: (_, __, detail) => {
        if (detail?.page === 1) controller.abort();
      },
    },
  ).catch((e: unknown) => e);
  expect(cancelled).toMatchObject({ code: 'cancelled' });
});
