import { zlibSync } from 'fflate';
import { PDFDocument, PDFName, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFRef } from '@cantoo/pdf-lib';
import type { Conversion, ConversionHost, RgbaImage } from '../conversion.ts';
import { fileStem, nameAfterFile } from '../output-names.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { inspectImage, type ImageInfo } from '../image-info.ts';
import { ascii, readJpeg, readPng, readTiffTags, type JpegInfo } from '../images/image-headers.ts';
import { decodeRgbaFor } from '../images/open-image.ts';
import { IMAGE_TO_PDF_MAX_PIXELS } from '../limits.ts';

export interface ImageToPdfOptions {
  pageSize: 'fit' | 'a4' | 'letter';
  orientation: 'auto' | 'portrait' | 'landscape';
  /** Space around the picture, in points. */
  margin: number;
}

/** Portrait paper sizes in points (A4 is 210 × 297 mm). */
const PAPER = { a4: [595.28, 841.89], letter: [612, 792] } as const;

/**
 * 'fit' pages show a picture at the size a browser shows it, 96 pixels to the inch
 * (1 px = 0.75 pt). A resolution written in the file is used only above that: scans (150, 300,
 * 600 dpi) then come out at their paper size, while the 72 dpi every camera writes by default
 * would make a photo's page a third larger than on screen for no reason.
 */
const SCREEN_DPI = 96;
/** Declared resolutions above this are nonsense (or a thumbnail's), not a real scan. */
const MAX_DECLARED_DPI = 4800;
/** Acrobat's limits for a page side, in points (200 inches and 3 points). */
const MAX_PAGE_SIDE = 14_400;
const MIN_PAGE_SIDE = 3;

/**
 * Pictures that come as GIF, BMP, TIFF or WebP are stored losslessly (Flate, as PNG would); a
 * photo stored that way can be ten times its JPEG. Past this many bytes per pixel (and past
 * LOSSY_MIN_BYTES) the picture is a photo and is stored as a JPEG of high quality instead:
 * invisible at this quality, and a PDF that can still be mailed.
 */
const LOSSLESS_BYTES_PER_PIXEL = 1;
const LOSSY_MIN_BYTES = 2 * 1024 * 1024;
const PHOTO_JPEG_QUALITY = 0.92;

/** An image XObject in the document and how to draw it upright. */
interface Embedded {
  ref: PDFRef;
  /** Its pixels as stored (before the orientation turns them). */
  width: number;
  height: number;
  /** EXIF orientation, 1 to 8, to apply when drawing. */
  orientation: number;
}

/**
 * Image to PDF: one page per picture, in the order given. JPEGs go in as they are (their bytes
 * are the PDF's image, no second compression loss); other pictures are stored losslessly.
 */
export const imageToPdf: Conversion<ImageToPdfOptions> = async ({ files }, options, { host, onProgress, signal }) => {
  const first = files[0];
  if (!first) throw new ConversionError('no-file', 'No image was given.');
  // Every file is checked before any work, so a damaged tenth picture fails at once.
  const infos = files.map((file, index) => {
    try {
      return inspectImage(file.bytes);
    } catch (error) {
      if (error instanceof ConversionError)
        throw new ConversionError(error.code, `${file.name}: ${error.message}`, { ...error.details, index, name: file.name });
      throw error;
    }
  });
  const doc = await PDFDocument.create();
  doc.setTitle(fileStem(first.name) || 'Images');
  const total = files.length;
  for (const [index, file] of files.entries()) {
    throwIfCancelled(signal);
    onProgress?.(index / total, 'reading', { page: index + 1, pages: total });
    const info = infos[index]!;
    let embedded: Embedded;
    try {
      embedded = await embedImage(doc, file.bytes, info, host);
    } catch (error) {
      const known = error instanceof ConversionError ? error : new ConversionError('corrupt', 'The image cannot be decoded.');
      throw new ConversionError(known.code, `${file.name}: ${known.message}`, { ...known.details, index, name: file.name });
    }
    const turned = embedded.orientation >= 5;
    const shown = { width: turned ? embedded.height : embedded.width, height: turned ? embedded.width : embedded.height };
    const place = layout(shown.width, shown.height, declaredDpi(file.bytes, info), options);
    const page = doc.addPage([place.pageWidth, place.pageHeight]);
    const name = page.node.newXObject('Image', embedded.ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(...orientationMatrix(embedded.orientation, place.x, place.y, place.width, place.height)),
      drawObject(name),
      popGraphicsState(),
    );
  }
  doc.setProducer('TextLift');
  doc.setCreator('TextLift');
  const bytes = await doc.save();
  onProgress?.(1, 'reading');
  return {
    outputs: [{ name: nameAfterFile(first.name, '.pdf', 'images.pdf'), type: 'application/pdf', bytes }],
    summary: { pages: total },
  };
};

async function embedImage(doc: PDFDocument, bytes: Uint8Array, info: ImageInfo, host: ConversionHost): Promise<Embedded> {
  if (info.type === 'image/jpeg') {
    const jpeg = readJpeg(bytes);
    // The file's own bytes when a PDF reader's DCT decoder reads them: 8-bit baseline,
    // extended or progressive Huffman JPEG (arithmetic and lossless JPEG are not in every reader).
    if (jpeg?.passThrough && jpeg.width === info.width && jpeg.height === info.height) {
      return { ref: embedJpeg(doc, bytes, jpeg), width: jpeg.width, height: jpeg.height, orientation: jpeg.orientation };
    }
  } else if (info.type === 'image/png' && info.width * info.height <= IMAGE_TO_PDF_MAX_PIXELS) {
    try {
      // pdf-lib reads every PNG flavour (16-bit, interlaced, palette) but animated ones;
      // transparency is kept as a soft mask, white where the page shows through.
      const image = await doc.embedPng(bytes);
      await image.embed();
      return { ref: image.ref, width: image.width, height: image.height, orientation: readPng(bytes).orientation };
    } catch {
      // Animated or unusual: decoded by the host below.
    }
  }
  // Other pictures (HEIC, AVIF, WebP, a PNG past the limit...) are decoded, scaled down past
  // IMAGE_TO_PDF_MAX_PIXELS; the host has turned them upright already.
  const pixels = await decodeRgbaFor(host, bytes, info, IMAGE_TO_PDF_MAX_PIXELS);
  return { ref: await embedPixels(doc, pixels, host), width: pixels.width, height: pixels.height, orientation: 1 };
}

/** Where the picture goes: page size and the picture's box on it, in points, y up. */
export function layout(shownWidth: number, shownHeight: number, dpi: number, options: ImageToPdfOptions) {
  const margin = options.margin;
  if (options.pageSize === 'fit') {
    // The page is the picture's own size (orientation has nothing to choose), plus margins.
    let width = (shownWidth * 72) / dpi;
    let height = (shownHeight * 72) / dpi;
    const shrink = Math.min(1, (MAX_PAGE_SIDE - 2 * margin) / width, (MAX_PAGE_SIDE - 2 * margin) / height);
    width *= shrink;
    height *= shrink;
    const pageWidth = Math.max(MIN_PAGE_SIDE, width + 2 * margin);
    const pageHeight = Math.max(MIN_PAGE_SIDE, height + 2 * margin);
    return { pageWidth, pageHeight, x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height };
  }
  const [short, long] = PAPER[options.pageSize];
  const landscape = options.orientation === 'landscape' || (options.orientation === 'auto' && shownWidth > shownHeight);
  const pageWidth = landscape ? long : short;
  const pageHeight = landscape ? short : long;
  // Scaled to fill the space inside the margins, up or down, keeping its proportions: who picks
  // A4 wants the page filled; 'fit' keeps a small picture small.
  const scale = Math.min((pageWidth - 2 * margin) / shownWidth, (pageHeight - 2 * margin) / shownHeight);
  const width = shownWidth * scale;
  const height = shownHeight * scale;
  return { pageWidth, pageHeight, x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height };
}

/**
 * The matrix that draws an image's unit square upright into the box (x, y, w, h) for an EXIF
 * orientation: the stored pixels stay as they are and the page turns (or mirrors) them, so a
 * JPEG keeps its own bytes. Orientation 6 (a phone held upright) is a quarter turn clockwise.
 */
export function orientationMatrix(orientation: number, x: number, y: number, w: number, h: number): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-w, 0, 0, h, x + w, y];
    case 3:
      return [-w, 0, 0, -h, x + w, y + h];
    case 4:
      return [w, 0, 0, -h, x, y + h];
    case 5:
      return [0, -h, -w, 0, x + w, y + h];
    case 6:
      return [0, -h, w, 0, x, y + h];
    case 7:
      return [0, h, w, 0, x, y];
    case 8:
      return [0, h, -w, 0, x + w, y];
    default:
      return [w, 0, 0, h, x, y];
  }
}

const deviceSpace = { 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' } as Record<number, string>;

/** The ICC profile's own colour space must match the JPEG's components, or readers reject it. */
function iccMatches(icc: Uint8Array, components: number): boolean {
  const size = ((icc[0]! << 24) | (icc[1]! << 16) | (icc[2]! << 8) | icc[3]!) >>> 0;
  if (icc.length < 132 || size !== icc.length || !ascii(icc, 36, 'acsp')) return false;
  return (components === 1 && ascii(icc, 16, 'GRAY')) || (components === 3 && ascii(icc, 16, 'RGB ')) || (components === 4 && ascii(icc, 16, 'CMYK'));
}

/**
 * The JPEG file's bytes as a DCTDecode image. Written here rather than with pdf-lib's embedJpg
 * (the same stream) to also keep the colour profile (a phone's Display P3) and to invert CMYK
 * only where Photoshop stored it inverted (embedJpg inverts every CMYK JPEG).
 */
function embedJpeg(doc: PDFDocument, bytes: Uint8Array, jpeg: JpegInfo): PDFRef {
  const device = deviceSpace[jpeg.components]!;
  let colorSpace: unknown = device;
  if (jpeg.icc && iccMatches(jpeg.icc, jpeg.components)) {
    const profile = doc.context.register(doc.context.stream(zlibSync(jpeg.icc), { N: jpeg.components, Alternate: device, Filter: 'FlateDecode' }));
    colorSpace = [PDFName.of('ICCBased'), profile];
  }
  const stream = doc.context.stream(bytes, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: jpeg.width,
    Height: jpeg.height,
    BitsPerComponent: 8,
    ColorSpace: colorSpace as string,
    Filter: 'DCTDecode',
    ...(jpeg.components === 4 && jpeg.adobe ? { Decode: [1, 0, 1, 0, 1, 0, 1, 0] } : {}),
  });
  return doc.context.register(stream);
}

// ---------------------------------------------------------------------------------------------
// Other formats, from decoded pixels

/**
 * Decoded pixels as a Flate image, on white where they are transparent; grey pictures as grey
 * and black-and-white scans at one bit a pixel, much smaller. Photos past the lossless budget
 * become a high-quality JPEG.
 */
async function embedPixels(doc: PDFDocument, image: RgbaImage, host: ConversionHost): Promise<PDFRef> {
  const { width, height, data } = image;
  const count = width * height;
  const rgb = new Uint8Array(count * 3);
  let grey = true;
  let bilevel = true;
  for (let i = 0; i < count; i++) {
    const alpha = data[i * 4 + 3]!;
    let r = data[i * 4]!;
    let g = data[i * 4 + 1]!;
    let b = data[i * 4 + 2]!;
    if (alpha !== 255) {
      // Composited on white: the page under a transparent picture.
      const white = 255 * (255 - alpha);
      r = Math.round((r * alpha + white) / 255);
      g = Math.round((g * alpha + white) / 255);
      b = Math.round((b * alpha + white) / 255);
    }
    rgb[i * 3] = r;
    rgb[i * 3 + 1] = g;
    rgb[i * 3 + 2] = b;
    if (grey && (r !== g || g !== b)) grey = false;
    if (bilevel && r !== 0 && r !== 255) bilevel = false;
  }
  bilevel &&= grey;
  let samples: Uint8Array;
  if (bilevel) {
    // One bit a pixel, rows padded to a byte; 1 is white in DeviceGray.
    const stride = Math.ceil(width / 8);
    samples = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = y * stride + (x >> 3);
        if (rgb[(y * width + x) * 3]) samples[at] = samples[at]! | (0x80 >> (x & 7));
      }
    }
  } else if (grey) {
    samples = new Uint8Array(count);
    for (let i = 0; i < count; i++) samples[i] = rgb[i * 3]!;
  } else {
    samples = rgb;
  }
  const compressed = zlibSync(samples, { level: 6 });
  if (!grey && compressed.length > LOSSY_MIN_BYTES && compressed.length > count * LOSSLESS_BYTES_PER_PIXEL) {
    const opaque: RgbaImage = { width, height, data: rgbaOf(rgb, count) };
    const jpegBytes = await host.encodeImage(opaque, 'image/jpeg', PHOTO_JPEG_QUALITY);
    const jpeg = readJpeg(jpegBytes);
    if (jpeg?.passThrough && jpegBytes.length < compressed.length) return embedJpeg(doc, jpegBytes, { ...jpeg, icc: undefined });
  }
  const stream = doc.context.stream(compressed, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: bilevel ? 1 : 8,
    ColorSpace: grey ? 'DeviceGray' : 'DeviceRGB',
    Filter: 'FlateDecode',
  });
  return doc.context.register(stream);
}

function rgbaOf(rgb: Uint8Array, count: number): Uint8Array {
  const rgba = new Uint8Array(count * 4);
  for (let i = 0; i < count; i++) {
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** The resolution the file declares, if one is believable; else the screen's. */
function declaredDpi(bytes: Uint8Array, info: ImageInfo): number {
  let dpi: number | undefined;
  if (info.type === 'image/jpeg') dpi = readJpeg(bytes)?.dpi;
  else if (info.type === 'image/png') dpi = readPng(bytes).dpi;
  else if (info.type === 'image/tiff') dpi = readTiffTags(bytes).dpi;
  else if (info.type === 'image/bmp' && bytes.length >= 42 && (bytes[14]! | (bytes[15]! << 8)) >= 40) {
    const perMetre = bytes[38]! | (bytes[39]! << 8) | (bytes[40]! << 16) | (bytes[41]! << 24);
    dpi = perMetre * 0.0254;
  }
  // Whole dots per inch: files store dots per metre, and 96 dpi is kept as 3780 (96.01).
  const whole = Math.round(dpi ?? 0);
  return whole > SCREEN_DPI && whole <= MAX_DECLARED_DPI ? whole : SCREEN_DPI;
}
