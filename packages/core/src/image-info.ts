import { imageSize } from 'image-size';
import { ConversionError } from './errors.ts';
import { isImageType, sniffType, startsWith, type ImageType } from './sniff.ts';

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

/**
 * Checks that the bytes are an image we read, whole, and reads its size from the header
 * (JPEG's SOF, PNG's IHDR, WebP's VP8/VP8L/VP8X, HEIC's and AVIF's ispe) without decoding it.
 * How large it may be is the decoding's question (images/open-image.ts), as large pictures
 * are scaled to the size their tool works at.
 */
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
  return { type, width, height };
}
