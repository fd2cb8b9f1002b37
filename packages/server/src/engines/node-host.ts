import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Canvas } from '@napi-rs/canvas';
import { decode as decodeBmp } from 'bmp-ts';
import sharp, { type Sharp } from 'sharp';
import {
  ConversionError,
  darkenColouredInk,
  runTool,
  DECODE_BUDGET_BYTES,
  noTranslator,
  TEXT_FONT_FAMILY,
  tooManyPixels,
  type ConversionHost,
  type ConversionResult,
  type EngineServices,
  type FontName,
  type ImageType,
  type JobInput,
  type RgbaImage,
  type TextCanvas,
  type TextCanvasContext,
} from '@textlift/core';
import { decodeHeic } from '@textlift/core/images/decode-heic';
import { workingSize, type PixelSize } from '@textlift/core/images/decode-size';
import { sharedLoad } from '@textlift/core/shared-load';
import { officeEngine } from './libreoffice.ts';
import { nodePdfEngine } from './node-pdf.ts';
import type { OcrProvider } from './ocr-provider.ts';

/**
 * libvips decodes JPEG and WebP at a reduced size when asked for a smaller one (shrink-on-load);
 * every other type is decoded whole, then scaled.
 */
const decodesReduced = (type: ImageType) => type === 'image/jpeg' || type === 'image/webp';

/**
 * The most pixels sharp is let open, as a second guard behind the decode budget that the
 * conversions check first (images/open-image.ts): a picture decoded whole within the budget,
 * or one decoded at 1/8 of each side within it.
 */
const pixelGuard = (type: ImageType) => (DECODE_BUDGET_BYTES / 4) * (decodesReduced(type) ? 64 : 1);

/**
 * sharp reads every image type we accept but BMP, which bmp-ts decodes to RGBA first, and
 * HEIC, whose HEVC pictures libvips is built without (libheif's WebAssembly decodes them).
 * Turned upright by the file's orientation.
 */
async function open(bytes: Uint8Array, type: ImageType): Promise<Sharp> {
  if (type === 'image/heic') {
    const { width, height, data } = await decodeHeic(bytes, readLibheifWasm);
    return sharp(data, { raw: { width, height, channels: 4 } });
  }
  if (type !== 'image/bmp') return sharp(bytes, { limitInputPixels: pixelGuard(type) }).rotate();
  const bitmap = decodeBmp(Buffer.from(bytes), { toRGBA: true });
  if (bitmap.width * bitmap.height > pixelGuard(type)) throw new ConversionError('too-many-pixels', 'The BMP is too large.');
  // BMPs without an alpha channel (24-bit and less) come back with alpha 0: fully transparent,
  // which flattening onto white would turn into a blank page. Such a picture is opaque.
  const { data } = bitmap;
  let transparent = true;
  for (let i = 3; i < data.length && transparent; i += 4) transparent = data[i] === 0;
  if (transparent) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return sharp(data, { raw: { width: bitmap.width, height: Math.abs(bitmap.height), channels: 4 } });
}

/** The upright size of what `open` gave, and of it scaled within `maxPixels`. */
async function scaledSize(image: Sharp, maxPixels: number | undefined): Promise<PixelSize | undefined> {
  if (!maxPixels) return undefined;
  const { width = 0, height = 0, orientation = 1 } = await image.metadata();
  const [w, h] = orientation >= 5 ? [height, width] : [width, height];
  if (w * h <= maxPixels) return undefined;
  return workingSize(w, h, maxPixels);
}

/** The picture opened and, past `maxPixels`, scaled down (libvips shrinks JPEG and WebP as it decodes them). */
async function opened(bytes: Uint8Array, type: ImageType, maxPixels: number | undefined): Promise<Sharp> {
  try {
    const image = await open(bytes, type);
    const size = await scaledSize(image, maxPixels);
    return size ? image.resize({ ...size, fit: 'fill' }) : image;
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError('corrupt', 'The image cannot be decoded.');
  }
}

/** Pixels flattened onto white (what OCR and a PDF page want), or with their alpha as it is. */
async function pixels(image: Sharp, grey: boolean, keepAlpha = false) {
  try {
    if (!keepAlpha) image = image.flatten({ background: '#ffffff' });
    image = grey ? image.greyscale() : image.ensureAlpha();
    return await image.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new ConversionError('corrupt', 'The image cannot be decoded.');
  }
}

/** A file of an npm package, read once per thread and kept. */
const packageFile = (specifier: string) => sharedLoad(async () => new Uint8Array(await readFile(new URL(import.meta.resolve(specifier)))));

/** libheif's WebAssembly. */
const readLibheifWasm = packageFile('libheif-js/libheif-wasm/libheif.wasm');

const fontFiles = new Map<FontName, Promise<Uint8Array>>();

/** ZXing's reader (WebAssembly). */
const readZxingWasm = packageFile('zxing-wasm/reader/zxing_reader.wasm');

let textFontRegistered = false;

/** A @napi-rs/canvas canvas with DejaVu Sans registered (once per thread: each has its own copy of this module) under TEXT_FONT_FAMILY. */
async function createTextCanvas(width: number, height: number): Promise<TextCanvas> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  if (!textFontRegistered) {
    const file = fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    if (!GlobalFonts.registerFromPath(file, TEXT_FONT_FAMILY)) throw new ConversionError('engine-failed', 'DejaVu Sans could not be loaded.');
    textFontRegistered = true;
  }
  let canvas: Canvas;
  try {
    canvas = createCanvas(width, height);
  } catch {
    throw tooManyPixels(width, height);
  }
  // Skia's context has all TextCanvasContext asks, with wider types (fillStyle may be a gradient).
  const context = canvas.getContext('2d') as unknown as TextCanvasContext;
  return { context, encodePng: async () => new Uint8Array(await canvas.encode('png')) };
}

/**
 * The Word layout and translation services of a job on this host: a conversion thread's are the
 * main thread's (engine-calls.ts); without them, the Word tools answer that the server has no
 * word processor and the Image Translator that no engine translates the pair.
 */
export type NodeEngines = Partial<Pick<EngineServices, 'office' | 'translation'>>;

const noTranslation: EngineServices['translation'] = {
  engineFor: async (pair) => {
    throw noTranslator(pair);
  },
};

/**
 * A tool run on a host of its own, its engines given back after: the API's core as tests and
 * benchmarks drive it, without the server's queue and threads.
 */
export async function runOnNode(
  provider: OcrProvider,
  slug: string,
  input: JobInput,
  options: Record<string, unknown> = {},
  engines?: NodeEngines,
): Promise<ConversionResult> {
  const { host, release } = createNodeHost(provider, engines);
  try {
    return await runTool(slug, input, options, { host });
  } finally {
    release();
  }
}

/**
 * A conversion host for one job: its OCR service borrows an engine when asked and gives it back
 * at the end; `engines` has its Word layout and translation (NodeEngines).
 */
export function createNodeHost(
  provider: OcrProvider,
  { office = officeEngine(undefined), translation = noTranslation }: NodeEngines = {},
): {
  host: ConversionHost;
  release(): void;
} {
  const releases: Array<() => void> = [];
  const host: ConversionHost = {
    engines: {
      ocr: {
        async engine() {
          const borrowed = provider.borrow();
          releases.push(borrowed.release);
          return borrowed.engine;
        },
      },
      office,
      translation,
    },
    async decodeGrey(bytes, type, options) {
      // libvips's luminance, as OCR was measured on, and the colours that darken coloured ink;
      // decoded side by side, which costs less than working the grey out of the colours.
      const image = await opened(bytes, type, options?.maxPixels);
      // A grey picture (most scans, a fax, many receipts) has no coloured ink: decoded once.
      const { channels = 3 } = await image.metadata();
      const [{ data, info }, colour] = await Promise.all([pixels(image.clone(), true), channels > 2 ? pixels(image.clone(), false) : undefined]);
      const grey = new Uint8Array(info.width * info.height);
      for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels]!;
      const page = { width: info.width, height: info.height, data: grey };
      return colour ? darkenColouredInk(page, colour.data) : page;
    },
    async decodeRgba(bytes, type, options) {
      const { data, info } = await pixels(await opened(bytes, type, options?.maxPixels), false, options?.keepAlpha);
      return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
    },
    async encodeImage(image: RgbaImage, type, quality = 0.9) {
      const raw = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
      // WebP at quality 1 is lossless, as Chrome's canvas.convertToBlob makes it.
      const encoded =
        type === 'image/jpeg'
          ? raw.flatten({ background: '#ffffff' }).jpeg({ quality: Math.round(quality * 100), mozjpeg: false })
          : type === 'image/webp'
            ? raw.webp(quality >= 1 ? { lossless: true } : { quality: Math.round(quality * 100) })
            : raw.png();
      return new Uint8Array(await encoded.toBuffer());
    },
    decodesReduced,
    libheifWasm: readLibheifWasm,
    createTextCanvas,
    zxingWasm: readZxingWasm,
    pdf: nodePdfEngine,
    font(name) {
      let file = fontFiles.get(name);
      if (!file) {
        file = readFile(new URL(import.meta.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`))).then((buffer) => new Uint8Array(buffer));
        fontFiles.set(name, file);
      }
      return file;
    },
  };
  return { host, release: () => releases.splice(0).forEach((release) => release()) };
}
