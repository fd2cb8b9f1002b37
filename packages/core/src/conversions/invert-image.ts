import type { Conversion, ConversionHost, RgbaImage } from '../conversion.ts';
import { nameAfterFile } from '../output-names.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { inspectImage } from '../image-info.ts';
import { encodeBmp } from '../images/encode-bmp.ts';
import { decodeRgbaFor } from '../images/open-image.ts';
import { INVERT_MAX_PIXELS } from '../limits.ts';
import { decodeGradedAlphaPng, encodeRgbaPng } from '../images/png-rgba.ts';
import { isLosslessWebp } from '../images/webp-header.ts';
import type { ImageType } from '../sniff.ts';

/**
 * Invert Image: every pixel's red, green and blue become 255 minus themselves, alpha stays as
 * it is, and the picture comes back in its own format. A picture with an EXIF orientation comes
 * out upright (the hosts decode it turned), with no orientation left in the file to turn it twice.
 * An animated GIF, WebP or PNG and a many-page TIFF come back as their first picture. A
 * picture larger than INVERT_MAX_PIXELS comes back scaled down to it. HEIC and AVIF, which no
 * browser's canvas writes, come back as JPEG (HEIC: photos) and PNG (AVIF: may be transparent).
 */

/** High enough that the inversion shows no artefacts of its own beside the original's. */
const LOSSY_QUALITY = 0.92;
/** For WebP, quality 1 asks the host for its lossless encoder (as Chrome's canvas does). */
const WEBP_LOSSLESS = 1;

/** The type an inverted picture is written as: its own, but for the types no host writes. */
export type InvertedType = Exclude<ImageType, 'image/heic' | 'image/avif'>;
export function invertedType(type: ImageType): InvertedType {
  if (type === 'image/heic') return 'image/jpeg';
  if (type === 'image/avif') return 'image/png';
  return type;
}

/** The extension each type is written with, and the spellings of it a name may already have. */
const extensions: Record<InvertedType, { ext: string; spellings: readonly string[] }> = {
  'image/png': { ext: 'png', spellings: ['png'] },
  'image/jpeg': { ext: 'jpg', spellings: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  'image/gif': { ext: 'gif', spellings: ['gif'] },
  'image/bmp': { ext: 'bmp', spellings: ['bmp', 'dib'] },
  'image/tiff': { ext: 'tif', spellings: ['tif', 'tiff'] },
  'image/webp': { ext: 'webp', spellings: ['webp'] },
};

/** `{name}_inverted.{ext}`, keeping the input's extension (as spelt, "Photo.JPEG") when it names its real type. */
export function invertedName(fileName: string, type: InvertedType): string {
  const { ext, spellings } = extensions[type];
  const own = /\.([^./\\]+)$/.exec(fileName)?.[1];
  const kept = own && spellings.includes(own.toLowerCase()) ? own : ext;
  return nameAfterFile(fileName, `_inverted.${kept}`, `image_inverted.${kept}`);
}

/** 255 − v for red, green and blue, alpha untouched, in place: four pixels' bytes at a time where aligned. */
export function invertPixels(data: Uint8Array | Uint8ClampedArray): void {
  if (data.byteOffset % 4 === 0 && data.length % 4 === 0) {
    // One XOR per pixel; which bytes of the word are red, green and blue depends on the byte order.
    const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
    const mask = littleEndian ? 0x00ffffff : 0xffffff00;
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
    for (let i = 0; i < words.length; i++) words[i] = words[i]! ^ mask;
    return;
  }
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 255 - data[i]!;
    data[i + 1] = 255 - data[i + 1]!;
    data[i + 2] = 255 - data[i + 2]!;
  }
}

/** GIF and TIFF writers (gifenc; UTIF with pako, 200 KB) are fetched only for a GIF or a TIFF. */
async function encode(image: RgbaImage, type: InvertedType, original: Uint8Array, host: ConversionHost): Promise<Uint8Array> {
  switch (type) {
    case 'image/png':
      return host.encodeImage(image, 'image/png');
    case 'image/jpeg':
      return host.encodeImage(image, 'image/jpeg', LOSSY_QUALITY);
    case 'image/webp':
      return host.encodeImage(image, 'image/webp', isLosslessWebp(original) ? WEBP_LOSSLESS : LOSSY_QUALITY);
    case 'image/gif':
      return (await import('../images/encode-gif.ts')).encodeGif(image);
    case 'image/bmp':
      return encodeBmp(image);
    case 'image/tiff':
      return (await import('../images/encode-tiff.ts')).encodeTiff(image);
  }
}

export const invertImage: Conversion<Record<string, never>> = async ({ files }, _options, { host, onProgress, signal }) => {
  const file = files[0];
  if (!file) throw new ConversionError('no-file', 'No image was given.');
  onProgress?.(0, 'converting');
  // Type, whole file and pixel count from the header, before anything decodes the pixels.
  const info = inspectImage(file.bytes);
  const type = invertedType(info.type);
  let image: RgbaImage;
  // A PNG with graded transparency is read and written without a canvas, which would round its colours.
  let exactPng: RgbaImage | undefined;
  try {
    exactPng = info.type === 'image/png' && info.width * info.height <= INVERT_MAX_PIXELS ? decodeGradedAlphaPng(file.bytes) : undefined;
    image = exactPng ?? (await decodeRgbaFor(host, file.bytes, info, INVERT_MAX_PIXELS, true));
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError('corrupt', 'The image cannot be decoded.');
  }
  throwIfCancelled(signal);
  onProgress?.(0.4, 'converting');
  invertPixels(image.data);
  throwIfCancelled(signal);
  onProgress?.(0.5, 'converting');
  const bytes = exactPng ? encodeRgbaPng(image) : await encode(image, type, file.bytes, host);
  throwIfCancelled(signal);
  onProgress?.(1, 'converting');
  return {
    outputs: [{ name: invertedName(file.name, type), type, bytes }],
    summary: { width: image.width, height: image.height },
  };
};
