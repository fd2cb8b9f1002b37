/**
 * The images of a PDF whose decoding pdf.js would not bound by its `maxImageSize` option,
 * found from the file's bytes before pdf.js reads it. pdf.js checks an image's declared
 * Width × Height before decoding it, but not:
 * - a soft mask (/SMask) or stencil mask (/Mask) of an image: a 100×100 picture with a
 *   20000×20000 mask, 400 KB deflated, took 5.5 GB and two minutes;
 * - a JPEG (/DCTDecode) whose own header is larger than its dictionary says: on Node pdf.js
 *   decodes it whole at the header's size (2.3 GB for 20000×20000 declared as 100×100).
 * JPEG 2000 needs no check here: pdf.js reads its real size and decodes it at a reduced
 * resolution within `canvasMaxAreaInBytes`; JBIG2 and CCITT are decoded at the declared size.
 *
 * Image XObjects are streams, and streams are never inside object streams, so their
 * dictionaries stand in the file as written (not encrypted either: only strings and stream
 * data are). The data of an encrypted JPEG cannot be read here; pdf.js is left to it.
 */

const latin1 = new TextDecoder('latin1');
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const IMAGE = ascii('/Image');
/** How far around "/Image" a dictionary's start and its stream keyword are looked for. */
const WINDOW = 4096;

export interface OversizedImage {
  width: number;
  height: number;
}

interface ImageEntry {
  object: number;
  width?: number;
  height?: number;
  dct: boolean;
  /** Offset of the stream's first byte. */
  data: number;
}

/** The first image pdf.js would decode beyond `maxPixels` without checking it first, if any. */
export function findOversizedImage(bytes: Uint8Array, maxPixels: number): OversizedImage | undefined {
  const images: ImageEntry[] = [];
  const masks = new Set<number>();
  for (let at = indexOf(bytes, IMAGE, 0); at >= 0; at = indexOf(bytes, IMAGE, at + IMAGE.length)) {
    const entry = readImageDictionary(bytes, at, masks);
    if (entry) images.push(entry);
  }
  for (const image of images) {
    const { width, height } = image;
    const declared = width !== undefined && height !== undefined ? width * height : undefined;
    if (declared !== undefined && declared > maxPixels && masks.has(image.object)) return { width: width!, height: height! };
    // A JPEG declared over the limit is left out by pdf.js before decoding.
    if (image.dct && (declared === undefined || declared <= maxPixels)) {
      const frame = jpegFrameSize(bytes, image.data);
      if (frame && frame.width * frame.height > maxPixels) return frame;
    }
  }
  return undefined;
}

/** The image dictionary around a "/Image" at `at`, if it is one: `<< ... /Subtype /Image ... >> stream`. */
function readImageDictionary(bytes: Uint8Array, at: number, masks: Set<number>): ImageEntry | undefined {
  // "/Image" itself, not /ImageB or /ImageMask.
  if (isRegular(bytes[at + IMAGE.length])) return undefined;
  const before = latin1.decode(bytes.subarray(Math.max(0, at - WINDOW), at));
  if (!/\/Subtype\s*$/.test(before)) return undefined;
  // The dictionary's object: the last "N G obj" before, with no "endobj" after it.
  const objectAt = before.lastIndexOf('obj');
  const opening = objectAt < 0 ? null : /(\d+)\s+\d+\s+obj$/.exec(before.slice(Math.max(0, objectAt - 24), objectAt + 3));
  if (!opening) return undefined;
  const after = latin1.decode(bytes.subarray(at, Math.min(bytes.length, at + WINDOW)));
  const keyword = /\bstream(\r\n|\n|\r)/.exec(after);
  const end = /\bendobj\b/.exec(after);
  if (!keyword || (end && end.index < keyword.index)) return undefined;
  const dictionary = before.slice(objectAt + 3) + after.slice(0, keyword.index);
  for (const match of dictionary.matchAll(/\/S?Mask\s+(\d+)\s+\d+\s+R\b/g)) masks.add(Number(match[1]));
  const filter = /\/Filter\s*(\/[A-Za-z0-9]+|\[[^\]]*\])/.exec(dictionary)?.[1] ?? '';
  return {
    object: Number(opening[1]),
    width: direct(dictionary, 'Width'),
    height: direct(dictionary, 'Height'),
    dct: /^\[?\s*\/DCTDecode\s*\]?$/.test(filter),
    data: at + keyword.index + keyword[0].length,
  };
}

/** A whole number written in the dictionary under `key` (not a reference to one). */
function direct(dictionary: string, key: string): number | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R\\b)(?![\\d.])`).exec(dictionary);
  return match ? Number(match[1]) : undefined;
}

/** Width and height from a JPEG's frame header (SOFn), walking its segments from `offset`. */
function jpegFrameSize(bytes: Uint8Array, offset: number): OversizedImage | undefined {
  // Some writers put a few bytes (whitespace) before the JPEG's start marker.
  let at = offset;
  while (at < offset + 16 && at < bytes.length && bytes[at] !== 0xff) at++;
  if (bytes[at] !== 0xff || bytes[at + 1] !== 0xd8) return undefined;
  at += 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { width, height };
    }
    // Start of scan: the frame header comes before it, or there is none to read.
    if (marker === 0xda || length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** A byte that may continue a PDF name: not whitespace, not a delimiter. */
function isRegular(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return !(byte <= 0x20 || '()<>[]{}/%'.includes(String.fromCharCode(byte)));
}

/** Where `needle` first occurs in `bytes` from `from` on, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let at = bytes.indexOf(first, from); at >= 0 && at + needle.length <= bytes.length; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && bytes[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}
