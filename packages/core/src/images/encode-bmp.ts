import type { RgbaImage } from '../conversion.ts';

/**
 * A Windows bitmap of the pixels, bottom-up as every reader expects. Opaque pictures are 24-bit
 * BGR with the classic 40-byte header, which every program reads; pictures with transparency are
 * 32-bit BGRA with a BITMAPV4HEADER whose masks name the alpha byte (BI_BITFIELDS), as Windows,
 * browsers, GIMP and Photoshop read it; a 32-bit bitmap without the V4 masks has its fourth byte
 * ignored. Pixels follow the header directly (no gap, no colour table): some readers, bmp-ts among
 * them, read the pixels from there rather than from the offset the file header gives.
 */
export function encodeBmp({ width, height, data }: RgbaImage): Uint8Array {
  let opaque = true;
  for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
  const bytesPerPixel = opaque ? 3 : 4;
  // Rows are padded to whole 4-byte words.
  const stride = Math.ceil((width * bytesPerPixel) / 4) * 4;
  const infoSize = opaque ? 40 : 108;
  const offset = 14 + infoSize;
  const imageSize = stride * height;
  const bytes = new Uint8Array(offset + imageSize);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x42; // 'B'
  bytes[1] = 0x4d; // 'M'
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, offset, true);
  view.setUint32(14, infoSize, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true); // positive: bottom-up
  view.setUint16(26, 1, true); // planes
  view.setUint16(28, bytesPerPixel * 8, true);
  view.setUint32(30, opaque ? 0 : 3, true); // BI_RGB, or BI_BITFIELDS
  view.setUint32(34, imageSize, true);
  // 96 dpi, in pixels per metre: the screen's, at which a browser shows the picture anyway.
  view.setUint32(38, 3780, true);
  view.setUint32(42, 3780, true);
  if (!opaque) {
    view.setUint32(54, 0x00ff0000, true); // red mask
    view.setUint32(58, 0x0000ff00, true); // green
    view.setUint32(62, 0x000000ff, true); // blue
    view.setUint32(66, 0xff000000, true); // alpha
    view.setUint32(70, 0x73524742, true); // LCS_sRGB: the colours are sRGB, as a canvas gives them
  }
  for (let y = 0; y < height; y++) {
    let at = offset + (height - 1 - y) * stride;
    let from = y * width * 4;
    for (let x = 0; x < width; x++, from += 4) {
      bytes[at++] = data[from + 2]!;
      bytes[at++] = data[from + 1]!;
      bytes[at++] = data[from]!;
      if (!opaque) bytes[at++] = data[from + 3]!;
    }
  }
  return bytes;
}
