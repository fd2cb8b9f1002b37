/**
 * What image files say about themselves in their headers, read without decoding pixels: a
 * JPEG's size, colour and profile (to embed it in a PDF as it is), and the orientation and
 * resolution that JPEG, PNG and TIFF write down.
 */

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  /** A DCT stream every PDF reader decodes: 8-bit, Huffman, baseline/extended/progressive. */
  passThrough: boolean;
  /** Photoshop's APP14 marker: its CMYK samples are stored inverted. */
  adobe: boolean;
  orientation: number;
  dpi?: number;
  /** The embedded ICC colour profile, put together from its APP2 pieces. */
  icc?: Uint8Array;
}

export const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** Reads the JPEG's header segments up to the scan: size, colour, orientation, resolution. */
export function readJpeg(bytes: Uint8Array): JpegInfo | undefined {
  const u16 = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const info: JpegInfo = { width: 0, height: 0, components: 0, passThrough: false, adobe: false, orientation: 1 };
  const iccParts: Uint8Array[] = [];
  let jfifDpi: number | undefined;
  let exifDpi: number | undefined;
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return undefined;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16(pos + 2);
    const start = pos + 4;
    const end = pos + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return undefined;
      const precision = bytes[start]!;
      info.height = u16(start + 1);
      info.width = u16(start + 3);
      info.components = bytes[start + 5]!;
      info.passThrough = (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) && precision === 8 && [1, 3, 4].includes(info.components) && info.height > 0;
    } else if (marker === 0xe0 && ascii(bytes, start, 'JFIF\0') && length >= 16) {
      const units = bytes[start + 7];
      const density = u16(start + 8);
      if (units === 1) jfifDpi = density;
      else if (units === 2) jfifDpi = density * 2.54;
    } else if (marker === 0xe1 && ascii(bytes, start, 'Exif\0\0')) {
      const tags = readTiffTags(bytes.subarray(start + 6, end));
      if (tags.orientation && tags.orientation <= 8) info.orientation = tags.orientation;
      exifDpi = tags.dpi;
    } else if (marker === 0xe2 && ascii(bytes, start, 'ICC_PROFILE\0') && length > 16) {
      iccParts[bytes[start + 12]! - 1] = bytes.subarray(start + 14, end);
    } else if (marker === 0xee && ascii(bytes, start, 'Adobe')) {
      info.adobe = true;
    }
    pos = end;
  }
  if (!info.width || !info.height) return undefined;
  info.dpi = jfifDpi ?? exifDpi;
  if (iccParts.length > 0 && iccParts.every(Boolean)) {
    const icc = new Uint8Array(iccParts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of iccParts) {
      icc.set(part, at);
      at += part.length;
    }
    info.icc = icc;
  }
  return info;
}

/** A PNG's pHYs resolution and its eXIf orientation. */
export function readPng(bytes: Uint8Array): { dpi?: number; orientation: number } {
  const u32 = (at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  const result: { dpi?: number; orientation: number } = { orientation: 1 };
  for (let pos = 8; pos + 8 <= bytes.length; ) {
    const length = u32(pos);
    const start = pos + 8;
    if (start + length > bytes.length || ascii(bytes, pos + 4, 'IEND')) break;
    if (ascii(bytes, pos + 4, 'pHYs') && length >= 9 && bytes[start + 8] === 1) result.dpi = u32(start) * 0.0254;
    if (ascii(bytes, pos + 4, 'eXIf')) {
      const orientation = readTiffTags(bytes.subarray(start, start + length)).orientation;
      if (orientation && orientation <= 8) result.orientation = orientation;
    }
    pos = start + length + 4;
  }
  return result;
}

/** Orientation and resolution from the first directory of TIFF-structured data (a TIFF, EXIF). */
export function readTiffTags(bytes: Uint8Array): { orientation?: number; dpi?: number } {
  if (bytes.length < 8) return {};
  const little = bytes[0] === 0x49 && bytes[1] === 0x49;
  if (!little && !(bytes[0] === 0x4d && bytes[1] === 0x4d)) return {};
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) return {};
  const ifd = u32(4);
  if (ifd + 2 > bytes.length) return {};
  const count = u16(ifd);
  let orientation: number | undefined;
  let resolution: number | undefined;
  let unit = 2; // inches, the default
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > bytes.length) break;
    const tag = u16(entry);
    const type = u16(entry + 2);
    if (tag === 0x0112 && type === 3) orientation = u16(entry + 8);
    else if (tag === 0x0128 && type === 3) unit = u16(entry + 8);
    else if (tag === 0x011a && type === 5) {
      const at = u32(entry + 8);
      if (at + 8 <= bytes.length && u32(at + 4) > 0) resolution = u32(at) / u32(at + 4);
    }
  }
  const dpi = resolution === undefined || unit === 1 ? undefined : unit === 3 ? resolution * 2.54 : resolution;
  return { orientation, dpi };
}
