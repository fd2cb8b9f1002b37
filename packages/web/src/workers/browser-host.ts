import { relaxedSimd, simd } from 'wasm-feature-detect';
import {
  ConversionError,
  darkenColouredInk,
  greyFromRgba,
  keepLast,
  noTranslator,
  TEXT_FONT_FAMILY,
  tooManyPixels,
  type ConversionHost,
  type DecodeOptions,
  type FontName,
  type ImageType,
  type OcrEngine,
  type OfficeEngine,
  type RgbaImage,
  type TextCanvas,
  type TextCanvasContext,
} from '@textlift/core';
import { createTesseractJsEngine, type SecondModelPaths } from '@textlift/core/ocr/tesseract-js';
import { createPdfEngine, type PdfEngine } from '@textlift/core/pdf/pdf-engine';
import { decodeHeic } from '@textlift/core/images/decode-heic';
import { workingSize } from '@textlift/core/images/decode-size';
import { readJpeg } from '@textlift/core/images/image-headers';
import { sharedLoad, sharedLoads } from '@textlift/core/shared-load';
import { loadLineModel } from './line-model-loader.ts';
import { convertOnServer } from './server-call.ts';

/** The fastest WASM build this browser runs; all three are served, only one is fetched. */
async function coreVariant(): Promise<string> {
  if (await relaxedSimd()) return 'tesseract-core-relaxedsimd-lstm';
  if (await simd()) return 'tesseract-core-simd-lstm';
  return 'tesseract-core-lstm';
}

let engine: Promise<OcrEngine> | undefined;

/** Debian's `fast` models as this build serves them (engine-assets.ts), kept in IndexedDB under their folder's name. */
function secondModelPaths(): SecondModelPaths {
  const langPath = new URL(__SECOND_MODEL_BASE__, self.location.origin).href;
  return { langPath, languages: __SECOND_MODEL_LANGUAGES__, cachePath: __SECOND_MODEL_BASE__.split('/').pop()! };
}

async function createEngine(): Promise<OcrEngine> {
  // Absolute URLs: tesseract.js resolves relative paths against `window`, which a worker lacks.
  const base = new URL(__TESSERACT_BASE__, self.location.origin).href;
  const core = await coreVariant();
  const tesseract = createTesseractJsEngine({
    workerPath: `${base}/worker.min.js`,
    corePath: `${base}/${core}.js`,
    langPath: `${base}/lang`,
    cacheMethod: 'write',
    ...(__SECOND_MODEL_LANGUAGES__.length > 0 ? { second: secondModelPaths() } : {}),
    // The same build with the legacy engine, which alone reads the osd model.
    osd: { corePath: `${base}/${core.replace(/-lstm$/, '')}.js`, langPath: new URL(__OSD_BASE__, self.location.origin).href },
  });
  // The second recogniser is served in onnxruntime's SIMD build only; without SIMD (Safari
  // before 16.4) Tesseract reads alone.
  return (await simd()) ? { ...tesseract, lineModel: loadLineModel } : tesseract;
}

/**
 * JPEG is decoded at a reduced size (libjpeg's DCT scaling, n/8) where the browser has
 * WebCodecs' ImageDecoder (Chromium, Firefox): a 200 MP photo read for a 16 MP page took the
 * tab 106 MB instead of 1.07 GB. createImageBitmap's resize options decode the whole picture
 * first, so every other type, and JPEG elsewhere, is decoded whole, then scaled.
 */
const decodesReduced = (type: ImageType) => type === 'image/jpeg' && typeof ImageDecoder !== 'undefined';

/** The bitmap's pixels, read through a canvas. */
function pixelsOf(bitmap: ImageBitmap): RgbaImage {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new ConversionError('engine-failed', 'No 2D canvas.');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { width: canvas.width, height: canvas.height, data: context.getImageData(0, 0, canvas.width, canvas.height).data };
}

/** `bitmap` as it is within `maxPixels`, else a copy scaled down to within it (the original is closed). */
async function within(bitmap: ImageBitmap, maxPixels: number | undefined): Promise<ImageBitmap> {
  if (!maxPixels || bitmap.width * bitmap.height <= maxPixels) return bitmap;
  const { width, height } = workingSize(bitmap.width, bitmap.height, maxPixels);
  try {
    return await createImageBitmap(bitmap, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  } finally {
    bitmap.close();
  }
}

/** Pixels decoded by a decoder of ours (TIFF, HEIC), scaled down past `maxPixels`. */
async function scaledPixels(image: RgbaImage, maxPixels: number | undefined): Promise<RgbaImage> {
  if (!maxPixels || image.width * image.height <= maxPixels) return image;
  const data = new Uint8ClampedArray(image.data.buffer as ArrayBuffer, image.data.byteOffset, image.data.length);
  const bitmap = await createImageBitmap(new ImageData(data, image.width, image.height), { premultiplyAlpha: 'none' });
  return pixelsOf(await within(bitmap, maxPixels));
}

/**
 * A JPEG decoded at the smallest DCT scale that still covers its working size; the frame is
 * turned by its EXIF orientation when it becomes a bitmap.
 */
async function decodeReducedJpeg(bytes: Uint8Array, maxPixels: number): Promise<ImageBitmap | undefined> {
  const jpeg = readJpeg(bytes);
  if (!jpeg || jpeg.width * jpeg.height <= maxPixels) return undefined;
  const target = workingSize(jpeg.width, jpeg.height, maxPixels);
  const decoder = new ImageDecoder({ data: bytes as Uint8Array<ArrayBuffer>, type: 'image/jpeg', desiredWidth: target.width, desiredHeight: target.height });
  try {
    const { image } = await decoder.decode();
    try {
      return await createImageBitmap(image);
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

/** The browser's own decoder; createImageBitmap applies the EXIF orientation. */
async function decodeBitmap(bytes: Uint8Array, type: ImageType, maxPixels: number | undefined): Promise<RgbaImage> {
  let bitmap: ImageBitmap | undefined;
  if (maxPixels && decodesReduced(type)) {
    // A JPEG this decoder cannot read (arithmetic coding, a rare colour space) goes the whole way below.
    bitmap = await decodeReducedJpeg(bytes, maxPixels).catch(() => undefined);
  }
  try {
    bitmap ??= await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  } catch {
    throw new ConversionError('corrupt', 'The image cannot be decoded.');
  }
  return pixelsOf(await within(bitmap, maxPixels));
}

/**
 * Neither decoder flattens: the pixels keep their alpha, with or without `keepAlpha` (the
 * interface lets a host flatten; the tools that need white under a picture do it themselves).
 */
async function decodeRgba(bytes: Uint8Array, type: ImageType, options: DecodeOptions & { keepAlpha?: boolean } = {}): Promise<RgbaImage> {
  // UTIF and pako (61 KB, 24 KB gzip) are fetched for a TIFF only, not with every worker that starts.
  if (type === 'image/tiff') return scaledPixels((await import('./decode-tiff.ts')).decodeTiff(bytes), options.maxPixels);
  if (type === 'image/heic') return scaledPixels(await decodeHeic(bytes, fetchLibheifWasm), options.maxPixels);
  return decodeBitmap(bytes, type, options.maxPixels);
}

/** An engine's file from our own origin (engine-assets.ts serves it), or the error that says which engine is missing. */
async function fetchEngineFile(path: string, missing: string): Promise<Uint8Array> {
  const response = await fetch(new URL(path, self.location.origin));
  if (!response.ok) throw new ConversionError('engine-failed', missing);
  return new Uint8Array(await response.arrayBuffer());
}

/** libheif's WebAssembly, fetched on the first HEIC. */
const fetchLibheifWasm = sharedLoad(() => fetchEngineFile(`${__LIBHEIF_BASE__}/libheif.wasm`, 'The HEIC decoder could not be loaded.'));

/** ZXing's reader, fetched once per worker. */
const fetchZxingWasm = sharedLoad(() => fetchEngineFile(`${__ZXING_BASE__}/zxing_reader.wasm`, 'The code reader could not be loaded.'));

const fetchFont = (name: FontName) => fetchEngineFile(`${__FONTS_BASE__}/${name}.ttf`, `The font ${name} could not be loaded.`);
/** The fonts PDFs we write embed, fetched once per worker. */
const fontFiles = sharedLoads(fetchFont);

let textFont: Promise<void> | undefined;

/** DejaVu Sans (our own file) registered in this worker under TEXT_FONT_FAMILY, for canvases to draw with. */
async function loadTextFont(): Promise<void> {
  const bytes = await browserHost.font('DejaVuSans');
  const face = new FontFace(TEXT_FONT_FAMILY, bytes as Uint8Array<ArrayBuffer>);
  // A worker's own font set (WorkerGlobalScope.fonts); the web build's types only know the page's.
  (self as unknown as { fonts: FontFaceSet }).fonts.add(face);
  await face.load();
}

async function createTextCanvas(width: number, height: number): Promise<TextCanvas> {
  if (!textFont) {
    textFont = loadTextFont();
    textFont.catch(() => (textFont = undefined));
  }
  await textFont;
  // Past the browser's limits (a side over 32767; iOS: an area over 16.7 MP) the constructor
  // throws or there is no context.
  const canvas = (() => {
    try {
      return new OffscreenCanvas(width, height);
    } catch {
      return undefined;
    }
  })();
  const context = canvas?.getContext('2d');
  if (!canvas || !context) throw tooManyPixels(width, height);
  return {
    // The canvas context has all TextCanvasContext asks, with wider types (fillStyle may be a gradient).
    context: context as unknown as TextCanvasContext,
    async encodePng() {
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return new Uint8Array(await blob.arrayBuffer());
    },
  };
}

/** pdf.js draws on OffscreenCanvas here: a worker has no document to make <canvas> elements. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
  getNoAlphaContext(canvas: OffscreenCanvas) {
    return canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  }
}

/**
 * SVG filters (transfer functions, high-contrast mode) need a document; without one, pages
 * render without them, as pdf.js does on Node.
 */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addKnockoutFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  addSelectionHCMFilter() {
    return 'none';
  }
  addSelectionFilter() {
    return 'none';
  }
  createSelectionStyle() {
    return null;
  }
  destroy() {}
}

let pdfEngine: Promise<PdfEngine> | undefined;

async function createBrowserPdfEngine(): Promise<PdfEngine> {
  // pdf.js's own worker code runs in this thread: the conversion is already off the page.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/build/pdf.worker.mjs');
  const pdfjs = await import('pdfjs-dist');
  const base = new URL(__PDFJS_BASE__, self.location.origin).href;
  return createPdfEngine({
    pdfjs,
    cMapUrl: `${base}/cmaps/`,
    standardFontDataUrl: `${base}/standard_fonts/`,
    wasmUrl: `${base}/wasm/`,
    documentOptions: {
      disableFontFace: true,
      isOffscreenCanvasSupported: true,
      // Fetch CMaps and fonts from here: there is no document to resolve URLs against.
      useWorkerFetch: true,
      CanvasFactory: OffscreenCanvasFactory,
      FilterFactory: NoFilterFactory,
    },
    createCanvas(width, height) {
      // Past its limits (a side over 32767, an area over what the device gives: iOS stops at
      // 16.7 MP) a browser throws here or hands out no context; the page is then too big to
      // draw, which the engine says as 'too-many-pixels'.
      const canvas = new OffscreenCanvas(width, height);
      // The same context pdf.js asks its factory for (getNoAlphaContext): a canvas has one.
      const context = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
      if (!context) throw tooManyPixels(width, height);
      return { canvas, rgba: () => context.getImageData(0, 0, width, height).data };
    },
    async encodePng(rgba, width, height) {
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')!.putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return new Uint8Array(await blob.arrayBuffer());
    },
  });
}

/**
 * Word layout in the browser: no browser engine lays out .doc and .docx faithfully, so the
 * document goes to our server's Word to PDF (LibreOffice there), the one engine this host reaches over HTTP.
 */
const officeOnServer: OfficeEngine = {
  async toPdf({ bytes, extension }, { signal, onProgress }) {
    const file = new File([bytes as Uint8Array<ArrayBuffer>], `document.${extension}`);
    const { outputs } = await convertOnServer('word-to-pdf', { files: [file] }, { signal, onProgress });
    return outputs[0]!.bytes;
  },
};

export const browserHost: ConversionHost = {
  engines: {
    ocr: { engine: () => (engine ??= createEngine()) },
    office: officeOnServer,
    // The page gives the conversion its translation engines (conversion-worker.ts); without them, none.
    translation: {
      engineFor: async (pair) => {
        throw noTranslator(pair);
      },
    },
  },
  pdf: () => (pdfEngine ??= createBrowserPdfEngine()),
  zxingWasm: fetchZxingWasm,
  async decodeGrey(bytes, type, options) {
    const { width, height, data } = await decodeRgba(bytes, type, options);
    return darkenColouredInk(greyFromRgba(data, width, height), data);
  },
  decodeRgba,
  decodesReduced,
  libheifWasm: fetchLibheifWasm,
  async encodeImage({ width, height, data }, type, quality = 0.9) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    if (type === 'image/jpeg') {
      // JPEG has no transparency: what is transparent comes out white, not black.
      const layer = new OffscreenCanvas(width, height);
      layer.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(data), width, height), 0, 0);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(layer, 0, 0);
    } else {
      context.putImageData(new ImageData(new Uint8ClampedArray(data), width, height), 0, 0);
    }
    // WebP at quality 1 is lossless in Chrome. A browser that cannot write a type (Safari and
    // WebP) hands back a PNG instead, which must not go out under the other type's name.
    const blob = await canvas.convertToBlob({ type, quality });
    if (blob.type !== type) throw new ConversionError('engine-failed', `This browser cannot write ${type}.`);
    return new Uint8Array(await blob.arrayBuffer());
  },
  createTextCanvas,
  font(name) {
    return fontFiles.get(name);
  },
  // One reading: a picture converted again with another option is not read again. It goes
  // with the worker, which stops when idle or cancelled.
  reuse: keepLast(),
};
