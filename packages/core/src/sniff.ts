import { imageSize } from 'image-size';
import { ConversionError } from './errors.ts';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp' | 'image/tiff' | 'image/webp';
export type SniffedType = ImageType | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The type a file really is, from its first bytes; the name and the browser's guess are not trusted. */
export function sniffType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26) return 'image/bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

export const imageTypes: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/tiff', 'image/webp'];

export function isImageType(type: string | undefined): type is ImageType {
  return imageTypes.includes(type as ImageType);
}

/**
 * The most pixels an image may have. A 600-dpi A4 scan is 35 MP; above that the OCR engine's
 * working copies (grey, binary, scaled) would need gigabytes, and a few-kilobyte PNG can claim
 * 20000×20000 pixels (a decompression bomb), so the size is read from the header and checked
 * before anything decodes the pixels.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/** A file cut short is the most common damage; these formats end with a fixed marker. */
function looksComplete(bytes: Uint8Array, type: ImageType): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 4096));
  const has = (marker: readonly number[]) => {
    for (let i = tail.length - marker.length; i >= 0; i--) if (startsWith(tail, marker, i)) return true;
    return false;
  };
  if (type === 'image/png') return has([0x49, 0x45, 0x4e, 0x44]);
  if (type === 'image/jpeg') return has([0xff, 0xd9]);
  if (type === 'image/gif') return has([0x3b]);
  return true;
}

/** Checks that the bytes are an image we read, whole, and of a size we can process. */
export function inspectImage(bytes: Uint8Array): ImageInfo {
  if (bytes.length === 0) throw new ConversionError('empty-file', 'The file is empty.');
  const type = sniffType(bytes);
  if (!isImageType(type)) throw new ConversionError('unsupported-type', 'The file is not a supported image.');
  let width = 0;
  let height = 0;
  try {
    const size = imageSize(bytes);
    width = size.width ?? 0;
    height = size.height ?? 0;
  } catch {
    throw new ConversionError('corrupt', 'The image header cannot be read.');
  }
  if (!width || !height || !looksComplete(bytes, type)) {
    throw new ConversionError('corrupt', 'The image is damaged or incomplete.');
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ConversionError('too-many-pixels', `The image is ${width}×${height} pixels.`, {
      width,
      height,
      maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000,
    });
  }
  return { type, width, height };
}
