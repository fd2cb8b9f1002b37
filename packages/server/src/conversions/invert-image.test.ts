/**
 * Invert Image on the server's host, its outputs read back by decoders that share no code with
 * the ones that wrote them: sharp (libvips: libpng, libjpeg, libwebp, libnsgif, libtiff) and
 * bmp-ts for BMP.
 */
import { decode as decodeBmp } from 'bmp-ts';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { ConversionError, runTool, sniffType, type ConversionContext, type ConversionResult, type ProgressStage } from '@textlift/core';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { blankPng, truncated } from '../../../../test-support/images.ts';
import { createNodeHost } from '../engines/node-host.ts';
import { noOcr } from '../engines/no-ocr.ts';

/** Inverting never reads text. */
const ocr = noOcr('Invert Image');

async function invert(name: string, bytes: Uint8Array, context: Partial<ConversionContext> = {}): Promise<ConversionResult> {
  const { host, release } = createNodeHost(ocr);
  try {
    return await runTool('invert-image', { files: [{ name, bytes }] }, {}, { host, ...context });
  } finally {
    release();
  }
}

async function invertError(name: string, bytes: Uint8Array, context: Partial<ConversionContext> = {}): Promise<ConversionError> {
  const error = await invert(name, bytes, context).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** RGBA as libvips decodes it. */
async function sharpPixels(bytes: Uint8Array): Promise<Rgba> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** RGBA as bmp-ts decodes it; a bitmap without alpha (bmp-ts gives 0 there) is opaque. */
function bmpPixels(bytes: Uint8Array): Rgba {
  const bitmap = decodeBmp(Buffer.from(bytes), { toRGBA: true });
  const data = new Uint8Array(bitmap.data);
  if (bitmap.bitPP < 32) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: bitmap.width, height: Math.abs(bitmap.height), data };
}

/**
 * How far the output is from the exact inversion of the input: the largest and mean difference
 * of red, green and blue where a pixel shows (alpha above 0: under alpha 0 the colour is not
 * there to keep), and whether every alpha is the same.
 */
function inversionError(original: Rgba, inverted: Rgba) {
  expect([inverted.width, inverted.height]).toEqual([original.width, original.height]);
  let max = 0;
  let sum = 0;
  let count = 0;
  let alphaKept = true;
  for (let i = 0; i < original.data.length; i += 4) {
    if (original.data[i + 3] !== inverted.data[i + 3]) alphaKept = false;
    if (original.data[i + 3] === 0) continue;
    for (let c = 0; c < 3; c++) {
      const difference = Math.abs(255 - original.data[i + c]! - inverted.data[i + c]!);
      max = Math.max(max, difference);
      sum += difference;
      count++;
    }
  }
  return { max, mean: sum / Math.max(count, 1), alphaKept };
}

const WIDTH = 96;
const HEIGHT = 64;

/** Colour ramps across and down, every channel different: an inversion off by one anywhere shows. */
function colourful(alpha: (x: number, y: number) => number = () => 255): Rgba {
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      data[i] = Math.round((x * 255) / (WIDTH - 1));
      data[i + 1] = Math.round((y * 255) / (HEIGHT - 1));
      data[i + 2] = (x * 7 + y * 13) % 256;
      data[i + 3] = alpha(x, y);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** A few flat colours in blocks: what a GIF holds exactly. */
function blocks(withHole = false): Rgba {
  const colours = [
    [230, 30, 30],
    [30, 200, 60],
    [20, 40, 220],
    [250, 250, 250],
    [0, 0, 0],
    [128, 77, 200],
  ];
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const colour = colours[(Math.floor(x / 16) + Math.floor(y / 16)) % colours.length]!;
      data.set(colour, i);
      data[i + 3] = withHole && x >= 32 && x < 64 && y >= 16 && y < 48 ? 0 : 255;
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

const raw = (image: Rgba) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });

/** A BMP written by hand: 24-bit BGR, or 32-bit BGRA with a BITMAPV4HEADER naming the alpha byte. */
function bmp(image: Rgba, withAlpha: boolean): Uint8Array {
  const bytesPerPixel = withAlpha ? 4 : 3;
  const stride = Math.ceil((image.width * bytesPerPixel) / 4) * 4;
  const headerSize = withAlpha ? 108 : 40;
  const offset = 14 + headerSize;
  const file = Buffer.alloc(offset + stride * image.height);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(image.width, 18);
  file.writeInt32LE(image.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bytesPerPixel * 8, 28);
  file.writeUInt32LE(withAlpha ? 3 : 0, 30);
  file.writeUInt32LE(stride * image.height, 34);
  if (withAlpha) {
    file.writeUInt32LE(0x00ff0000, 54);
    file.writeUInt32LE(0x0000ff00, 58);
    file.writeUInt32LE(0x000000ff, 62);
    file.writeUInt32LE(0xff000000, 66);
    file.writeUInt32LE(0x73524742, 70);
  }
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + x) * 4;
      const to = offset + (image.height - 1 - y) * stride + x * bytesPerPixel;
      file[to] = image.data[from + 2]!;
      file[to + 1] = image.data[from + 1]!;
      file[to + 2] = image.data[from]!;
      if (withAlpha) file[to + 3] = image.data[from + 3]!;
    }
  }
  return file;
}

/** Alpha from clear on the left to solid on the right, with a fully clear and a fully solid band. */
const alphaRamp = (x: number) => (x < 8 ? 0 : x >= WIDTH - 8 ? 255 : Math.round(((x - 8) * 255) / (WIDTH - 17)));

const cases: Array<{ label: string; name: string; type: string; input: () => Promise<Uint8Array>; exact: boolean; decode?: (bytes: Uint8Array) => Rgba }> = [
  { label: 'PNG with a transparent gradient', name: 'ramp.png', type: 'image/png', input: () => raw(colourful(alphaRamp)).png().toBuffer(), exact: true },
  { label: 'JPEG', name: 'photo.jpeg', type: 'image/jpeg', input: () => raw(colourful()).jpeg({ quality: 95 }).toBuffer(), exact: false },
  { label: 'GIF', name: 'blocks.gif', type: 'image/gif', input: () => raw(blocks()).gif().toBuffer(), exact: true },
  { label: 'GIF with a transparent hole', name: 'hole.gif', type: 'image/gif', input: () => raw(blocks(true)).gif().toBuffer(), exact: true },
  { label: '24-bit BMP', name: 'ramp.bmp', type: 'image/bmp', input: async () => bmp(colourful(), false), exact: true, decode: bmpPixels },
  { label: '32-bit BMP with alpha', name: 'alpha.bmp', type: 'image/bmp', input: async () => bmp(colourful(alphaRamp), true), exact: true, decode: bmpPixels },
  { label: 'TIFF (LZW)', name: 'scan.tiff', type: 'image/tiff', input: () => raw(colourful()).tiff({ compression: 'lzw' }).toBuffer(), exact: true },
  {
    label: 'TIFF with alpha',
    name: 'alpha.tif',
    type: 'image/tiff',
    input: () => raw(colourful(alphaRamp)).tiff({ compression: 'deflate' }).toBuffer(),
    exact: true,
  },
  {
    label: 'lossless WebP with alpha',
    name: 'ramp.webp',
    type: 'image/webp',
    input: () => raw(colourful(alphaRamp)).webp({ lossless: true, exact: true }).toBuffer(),
    exact: true,
  },
  { label: 'lossy WebP', name: 'photo.webp', type: 'image/webp', input: () => raw(colourful()).webp({ quality: 90 }).toBuffer(), exact: false },
];

test.each(cases)('$label: the same type and size, every pixel 255 − the original, alpha kept', async ({ name, type, input, exact, decode }) => {
  const bytes = new Uint8Array(await input());
  expect(sniffType(bytes)).toBe(type);
  const result = await invert(name, bytes);
  const [output] = result.outputs;
  expect(result.outputs).toHaveLength(1);
  expect(output!.type).toBe(type);
  expect(sniffType(output!.bytes)).toBe(type);
  expect(output!.name).toBe(name.replace(/\.(\w+)$/, '_inverted.$1'));
  expect(result.summary).toEqual({ width: WIDTH, height: HEIGHT });
  const read = decode ?? ((b: Uint8Array) => sharpPixels(b));
  const error = inversionError(await read(bytes), await read(output!.bytes));
  expect(error.alphaKept).toBe(true);
  if (exact) {
    expect(error.max).toBe(0);
  } else {
    // Re-encoded at quality 92 with colour at half resolution (4:2:0): measured mean 3.4 (JPEG)
    // and 2.8 (WebP), max 42 and 34 where the blue ramp steps from 255 to 0. Not inverting at
    // all would be about 100 off on average.
    expect(error.mean).toBeLessThan(5);
    expect(error.max).toBeLessThan(64);
  }
});

test('a GIF keeps its transparency as a transparent colour, read back as such by libnsgif', async () => {
  const result = await invert('hole.gif', await raw(blocks(true)).gif().toBuffer());
  const { data, info } = await sharp(result.outputs[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  expect(data[(32 * WIDTH + 40) * 4 + 3]).toBe(0);
  expect(data[(2 * WIDTH + 2) * 4 + 3]).toBe(255);
});

test('an opaque BMP comes back 24-bit, one with transparency 32-bit', async () => {
  const opaque = (await invert('a.bmp', bmp(colourful(), false))).outputs[0]!.bytes;
  const clear = (await invert('b.bmp', bmp(colourful(alphaRamp), true))).outputs[0]!.bytes;
  expect(Buffer.from(opaque).readUInt16LE(28)).toBe(24);
  expect(Buffer.from(clear).readUInt16LE(28)).toBe(32);
  expect(Buffer.from(clear).readUInt32LE(14)).toBe(108);
});

test('a real photo inverted twice is the photo again, within JPEG re-encoding', async () => {
  const photo = new Uint8Array(corpusFile('ocr-photos/photo-fr-cod-1.jpg'));
  const once = await invert('photo-fr-cod-1.jpg', photo);
  expect(once.outputs[0]!.name).toBe('photo-fr-cod-1_inverted.jpg');
  const twice = await invert(once.outputs[0]!.name, once.outputs[0]!.bytes);
  const original = await sharp(photo).rotate().raw().toBuffer({ resolveWithObject: true });
  const back = await sharp(twice.outputs[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
  expect([back.info.width, back.info.height]).toEqual([original.info.width, original.info.height]);
  let squared = 0;
  for (let i = 0; i < original.data.length; i++) squared += (original.data[i]! - back.data[i]!) ** 2;
  const psnr = 10 * Math.log10((255 * 255) / (squared / original.data.length));
  // Two encodes at quality 92: measured 44.1 dB. Inverted once too few is far below 10.
  expect(psnr).toBeGreaterThan(38);
  // And once inverted, it is not the photo: its mean brightness is mirrored.
  const mean = async (bytes: Uint8Array) => (await sharp(bytes).stats()).channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
  expect((await mean(photo)) + (await mean(once.outputs[0]!.bytes))).toBeCloseTo(255, -1);
});

test('a photo with an EXIF orientation comes back upright, with no orientation left to turn it again', async () => {
  // Stored 96 wide and 64 high, shown turned a quarter (orientation 6): 64 wide, 96 high.
  const turned = await raw(colourful()).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
  const result = await invert('phone.jpg', turned);
  expect(result.summary).toEqual({ width: HEIGHT, height: WIDTH });
  const metadata = await sharp(result.outputs[0]!.bytes).metadata();
  expect([metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([HEIGHT, WIDTH, 1]);
  const upright = await sharpPixels(await sharp(turned).rotate().png().toBuffer());
  expect(inversionError(upright, await sharpPixels(result.outputs[0]!.bytes)).mean).toBeLessThan(5);
});

test('names: the input extension kept as spelt when it names the type, else the real one', async () => {
  const png = await raw(blocks()).png().toBuffer();
  const jpeg = await raw(blocks()).jpeg().toBuffer();
  expect((await invert('Holiday.JPEG', jpeg)).outputs[0]!.name).toBe('Holiday_inverted.JPEG');
  expect((await invert('really-a-jpeg.png', jpeg)).outputs[0]!.name).toBe('really-a-jpeg_inverted.jpg');
  expect((await invert('scan', png)).outputs[0]!.name).toBe('scan_inverted.png');
  expect((await invert('dir/my.photo.png', png)).outputs[0]!.name).toBe('my.photo_inverted.png');
});

test('progress is reported and a cancelled job stops', async () => {
  const png = await raw(colourful()).png().toBuffer();
  const stages = new Set<ProgressStage>();
  const fractions: number[] = [];
  await invert('a.png', png, {
    onProgress: (fraction, stage) => {
      fractions.push(fraction);
      stages.add(stage);
    },
  });
  expect([...stages]).toEqual(['converting']);
  expect(fractions.at(-1)).toBe(1);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  const controller = new AbortController();
  controller.abort();
  expect((await invertError('a.png', png, { signal: controller.signal })).code).toBe('cancelled');
});

test('bad input: damaged, cut short, empty, too many pixels', async () => {
  const png = await raw(colourful()).png().toBuffer();
  // The header is whole and the file ends as a PNG does; the compressed pixels are noise.
  const damaged = Buffer.from(png);
  for (let i = 60; i < damaged.length - 20; i++) damaged[i] = (i * 151) & 0xff;
  expect((await invertError('damaged.png', damaged)).code).toBe('corrupt');
  expect((await invertError('short.png', truncated(png))).code).toBe('corrupt');
  expect((await invertError('empty.png', new Uint8Array())).code).toBe('empty-file');
  // 10000 × 8000 = 80 MP, refused from its header: a PNG is decoded whole, 305 MB, past the budget.
  const bomb = await invertError('bomb.png', blankPng(10000, 8000));
  expect(bomb.code).toBe('too-large-to-open');
  expect(bomb.details).toMatchObject({ width: 10000, height: 8000, neededMegabytes: 306 });
});
