import UTIF from 'utif2';
import type { RgbaImage } from '../conversion.ts';

/**
 * A baseline TIFF of the pixels, uncompressed: RGB when every pixel is opaque, else RGBA with
 * unassociated alpha (ExtraSamples 2: the colours are not premultiplied, as a canvas gives them).
 * UTIF's own encodeImage always writes four samples and declares them premultiplied, which
 * libtiff-based readers (sharp, GIMP) would then divide out. Uncompressed, as UTIF writes it
 * (it has no LZW or Deflate encoder): the one layout every TIFF reader takes.
 */
export function encodeTiff({ width, height, data }: RgbaImage): Uint8Array {
  let opaque = true;
  for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
  const samples = opaque ? 3 : 4;
  // The directory is written first and stays well under this many bytes; the pixels start after.
  const pixelsAt = 1024;
  const ifd: Record<string, unknown> = {
    t256: [width],
    t257: [height],
    t258: new Array(samples).fill(8),
    t259: [1], // no compression
    t262: [2], // RGB
    t273: [pixelsAt],
    t277: [samples],
    t278: [height], // one strip
    t279: [width * height * samples],
    t282: [[96, 1]],
    t283: [[96, 1]],
    t284: [1], // chunky: RGBRGB…
    t296: [2], // resolution in inches
    t305: ['TextLift'],
  };
  if (!opaque) ifd.t338 = [2];
  const head = new Uint8Array(UTIF.encode([ifd as unknown as UTIF.IFD]));
  if (head.length > pixelsAt) throw new Error('The TIFF directory is larger than expected.');
  const bytes = new Uint8Array(pixelsAt + width * height * samples);
  bytes.set(head);
  if (opaque) {
    for (let i = 0, at = pixelsAt; i < data.length; i += 4) {
      bytes[at++] = data[i]!;
      bytes[at++] = data[i + 1]!;
      bytes[at++] = data[i + 2]!;
    }
  } else {
    bytes.set(data, pixelsAt);
  }
  return bytes;
}
