/**
 * QR Code Generator read back by readers that share no code with it: zbar (zbarimg) for ASCII
 * payloads, jsQR for Unicode (zbar takes UTF-8 without an ECI header for Shift_JIS), on the
 * PNG and on the SVG rasterised by sharp (librsvg).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { ConversionError, runTool, type ConversionResult } from '@textlift/core';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

const ocr = noOcr('The QR generator');

const dir = mkdtempSync(`${tmpdir()}/textlift-qr-generator-`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function generate(text: string, options: Record<string, string | number> = {}): Promise<ConversionResult> {
  const { host, release } = createNodeHost(ocr);
  try {
    return await runTool('qr-generator', { text }, options, { host });
  } finally {
    release();
  }
}

async function failure(text: string, options: Record<string, string | number> = {}): Promise<ConversionError> {
  const error = await generate(text, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

/** The output whose name ends with `extension`. */
const output = (result: ConversionResult, extension: string) => {
  const file = result.outputs.find((candidate) => candidate.name.endsWith(extension));
  expect(file, extension).toBeDefined();
  return file!;
};

let fileCount = 0;
/** What zbar reads from an image file's bytes (PNG), or '' when it finds no code. */
function zbar(bytes: Uint8Array): string {
  const file = `${dir}/${++fileCount}.png`;
  writeFileSync(file, bytes);
  try {
    // zbarimg ends every symbol with a newline; a payload's own newlines stay.
    return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\n$/, '');
  } catch {
    return '';
  }
}

async function rgba(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** What jsQR reads, its bytes taken as UTF-8 (jsQR's own text drops a segment it cannot decode). */
async function jsqr(bytes: Uint8Array): Promise<string | undefined> {
  const image = await rgba(bytes);
  const code = jsQR(image.data, image.width, image.height);
  return code ? new TextDecoder().decode(Uint8Array.from(code.binaryData)) : undefined;
}

/** The SVG drawn by librsvg at its own width and height, as PNG. */
const rasterise = async (svg: Uint8Array) => new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());

const hello = 'Hello, TextLift! 0123456789';

const payloads = {
  cyrillic: 'Съешь же ещё этих мягких французских булок, да выпей чаю',
  chinese: '二维码生成器：把文字变成二维码',
  emoji: 'QR 😀🎉👍🏽 done',
  turkish: 'İstanbul ıspanak İı — Iı İi',
  mixed: 'Zürich 8001 · 東京 100-0001 · Київ 01001',
};

describe('ASCII payloads read back by zbar', () => {
  test.each(['L', 'M', 'Q', 'H'])('ecc %s, PNG and SVG', async (ecc) => {
    const result = await generate(hello, { ecc, format: 'both' });
    expect(result.outputs.map((file) => [file.name, file.type])).toEqual([
      ['Hello, TextLift! 0123456789_qr-code.png', 'image/png'],
      ['Hello, TextLift! 0123456789_qr-code.svg', 'image/svg+xml; charset=utf-8'],
    ]);
    // Asked for both, an API client gets them in one .zip named the same way.
    expect(result.zipName).toBe('Hello, TextLift! 0123456789_qr-code.zip');
    expect(zbar(output(result, '.png').bytes)).toBe(hello);
    expect(zbar(await rasterise(output(result, '.svg').bytes))).toBe(hello);
    // More correction needs more modules for the same text.
    expect(result.summary!.modules).toBe(17 + 4 * result.summary!.version!);
  });

  test('higher levels take larger versions', async () => {
    const versions = [];
    for (const ecc of ['L', 'M', 'Q', 'H']) versions.push((await generate('x'.repeat(100), { ecc })).summary!.version!);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions[3]).toBeGreaterThan(versions[0]!);
  });

  test('a URL of about 1500 characters, at 1000 px', async () => {
    const url = `https://example.com/search?q=${'lorem-ipsum-'.repeat(122)}&page=2`;
    expect(url.length).toBeGreaterThan(1490);
    const result = await generate(url, { ecc: 'L', size: 1000, format: 'both' });
    expect(result.summary!.version).toBeGreaterThan(25);
    expect(zbar(output(result, '.png').bytes)).toBe(url);
    expect(zbar(await rasterise(output(result, '.svg').bytes))).toBe(url);
  });

  test('the default is a 300 px PNG alone', async () => {
    const result = await generate('default');
    expect(result.outputs.map((file) => file.name)).toEqual(['default_qr-code.png']);
    expect(await sharp(result.outputs[0]!.bytes).metadata()).toMatchObject({ width: 300, height: 300, format: 'png' });
  });
});

describe('Unicode payloads read back by jsQR as UTF-8', () => {
  test.each(Object.entries(payloads))('%s, PNG and SVG', async (_name, text) => {
    const result = await generate(text, { format: 'both', ecc: 'Q' });
    expect(await jsqr(output(result, '.png').bytes)).toBe(text);
    expect(await jsqr(await rasterise(output(result, '.svg').bytes))).toBe(text);
  });

  test.each(['L', 'M', 'Q', 'H'])('ecc %s', async (ecc) => {
    const result = await generate(payloads.mixed, { ecc });
    expect(await jsqr(result.outputs[0]!.bytes)).toBe(payloads.mixed);
  });
});

describe('drawing', () => {
  test.each([100, 257, 300, 1000])('the PNG is exactly %i pixels square', async (size) => {
    const result = await generate(hello, { size });
    expect(await sharp(result.outputs[0]!.bytes).metadata()).toMatchObject({ width: size, height: size });
  });

  test('the SVG says the size, its view box is in modules, and it is one path', async () => {
    const result = await generate(hello, { size: 420, margin: 2, format: 'svg' });
    const svg = new TextDecoder().decode(result.outputs[0]!.bytes);
    const box = result.summary!.modules! + 4;
    expect(svg).toContain(`width="420" height="420" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges"`);
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(await sharp(await rasterise(result.outputs[0]!.bytes)).metadata()).toMatchObject({ width: 420, height: 420 });
  });

  test('colours as asked, corner in bgcolor, modules in color, no blended pixel anywhere', async () => {
    const size = 333;
    const margin = 3;
    const result = await generate(hello, { size, margin, color: '#1a237e', bgcolor: '#FFF8E1' });
    const { data } = await rgba(result.outputs[0]!.bytes);
    const at = (x: number, y: number) => [...data.subarray((y * size + x) * 4, (y * size + x) * 4 + 3)];
    expect(at(0, 0)).toEqual([0xff, 0xf8, 0xe1]);
    expect(at(size - 1, size - 1)).toEqual([0xff, 0xf8, 0xe1]);
    // The finder pattern's corner module, where the code starts inside the quiet zone.
    const modules = result.summary!.modules!;
    const scale = Math.floor(size / (modules + 2 * margin));
    const first = Math.floor((size - scale * modules) / 2);
    expect(at(first, first)).toEqual([0x1a, 0x23, 0x7e]);
    expect(at(first - 1, first)).toEqual([0xff, 0xf8, 0xe1]);
    // The quiet zone is at least `margin` modules wide.
    for (let x = 0; x < margin * scale; x++) expect(at(x, first + scale)).toEqual([0xff, 0xf8, 0xe1]);
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 4) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
    expect([...colours].sort()).toEqual(['255,248,225,255', '26,35,126,255']);
    expect(zbar(result.outputs[0]!.bytes)).toBe(hello);
  });

  test("the conversion's PNG is the two-colour writer's, with exactly the pixels the RGBA drawing has", async () => {
    const { makeQrMatrix } = await import('@textlift/core/codes/qr-matrix');
    const { drawQrRaster } = await import('@textlift/core/codes/draw-qr');
    for (const [size, margin, text] of [
      [300, 4, hello],
      [257, 2, payloads.chinese],
      [1000, 0, 'x'.repeat(2000)],
    ] as const) {
      const drawing = { size, margin, color: '#a01020', bgcolor: '#f0f0e0' };
      const result = await generate(text, drawing);
      const png = result.outputs[0]!.bytes;
      expect(await sharp(png).metadata()).toMatchObject({ width: size, height: size, format: 'png', isPalette: true, bitsPerSample: 1 });
      const drawn = drawQrRaster(makeQrMatrix(text, 'M'), { size, quietZone: margin, color: drawing.color, bgcolor: drawing.bgcolor });
      expect(Buffer.compare(Buffer.from((await rgba(png)).data), Buffer.from(drawn.data))).toBe(0);
    }
  });

  test('no quiet zone at all still fills the image with whole-pixel modules', async () => {
    const result = await generate(hello, { size: 210, margin: 0, format: 'both' });
    const modules = result.summary!.modules!;
    const { data } = await rgba(result.outputs[0]!.bytes);
    const first = Math.floor((210 - Math.floor(210 / modules) * modules) / 2);
    expect([...data.subarray((first * 210 + first) * 4, (first * 210 + first) * 4 + 3)]).toEqual([0, 0, 0]);
    // zbar needs a quiet zone of its own: framed in white it reads the code.
    const framed = await sharp(result.outputs[0]!.bytes).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' }).png().toBuffer();
    expect(zbar(framed)).toBe(hello);
  });
});

describe('refusals', () => {
  test('text beyond what the level holds is too-long with the limit', async () => {
    const error = await failure('x'.repeat(1300), { ecc: 'H' });
    expect(error.code).toBe('too-long');
    expect(error.details.maxLength).toBe(1273);
    // 1000 characters pass the registry's 2953, but are 3000 bytes of UTF-8.
    const chinese = await failure('码'.repeat(1000), { ecc: 'L' });
    expect(chinese.code).toBe('too-long');
    expect(chinese.details.maxLength).toBe(2953);
  });

  test('the most a code holds is still drawn, and read', async () => {
    const text = 'a'.repeat(2953);
    const result = await generate(text, { ecc: 'L', size: 1000 });
    expect(result.summary).toEqual({ version: 40, modules: 177 });
    expect(zbar(result.outputs[0]!.bytes)).toBe(text);
  });

  test('more characters than the registry allows is too-long before any encoding', async () => {
    expect((await failure('1'.repeat(2954))).code).toBe('too-long');
  });

  test.each([
    ['color', 'red'],
    ['color', '#12345'],
    ['bgcolor', 'rgb(0,0,0)'],
    ['ecc', 'X'],
    ['size', 99],
    ['size', 1001],
    ['margin', 11],
    ['format', 'gif'],
  ])('%s=%s is a bad request naming the field', async (field, value) => {
    const error = await failure(hello, { [field]: value });
    expect(error.code).toBe('bad-request');
    expect(error.details.field).toBe(field);
    expect(error.message).toContain(field);
  });

  test('100 px cannot hold a version-40 code with its quiet zone: bad request naming size', async () => {
    const error = await failure('a'.repeat(2900), { ecc: 'L', size: 100 });
    expect(error.code).toBe('bad-request');
    expect(error.details).toMatchObject({ field: 'size', minSize: 185 });
  });
});
