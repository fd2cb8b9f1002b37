import { convertIndexedToRgb, decode, encode } from 'fast-png';
import type { RgbaImage } from '../conversion.ts';

/**
 * PNG pixels read and written exactly, alpha apart from colour. A browser's canvas keeps
 * colours premultiplied by alpha, so a half-transparent pixel read and written through it
 * comes back a level or two off (at alpha 10, up to a dozen); a picture whose transparency is
 * graded (a logo's soft edge) is read here instead. Undefined where the PNG has no graded
 * alpha, or a layout this reader does not expand (grey below 8 bits): the host reads those.
 */
export function decodeGradedAlphaPng(bytes: Uint8Array): RgbaImage | undefined {
  const png = decode(bytes);
  const { width, height } = png;
  const pixels = width * height;
  let source: ArrayLike<number> = png.data;
  let channels = png.channels;
  let shift = png.depth === 16 ? 8 : 0;
  if (png.palette) {
    source = convertIndexedToRgb(png);
    channels = source.length / pixels;
    shift = 0;
  } else if (png.depth < 8) {
    return undefined;
  }
  // Grey with alpha (2 channels) or colour with alpha (4): anything else has no graded alpha.
  if (channels !== 2 && channels !== 4) return undefined;
  const data = new Uint8Array(pixels * 4);
  const max = shift ? 0xffff : 0xff;
  let graded = false;
  for (let i = 0; i < pixels; i++) {
    const at = i * channels;
    const alpha = source[at + channels - 1]!;
    if (alpha !== 0 && alpha !== max) graded = true;
    const [red, green, blue] = channels === 4 ? [source[at]!, source[at + 1]!, source[at + 2]!] : [source[at]!, source[at]!, source[at]!];
    data.set([red >> shift, green >> shift, blue >> shift, alpha >> shift], i * 4);
  }
  return graded ? { width, height, data } : undefined;
}

/** An 8-bit RGBA PNG of these pixels, exactly. */
export function encodeRgbaPng(image: RgbaImage): Uint8Array {
  return encode({
    width: image.width,
    height: image.height,
    data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    channels: 4,
    depth: 8,
  });
}
