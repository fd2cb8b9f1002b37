import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { ConversionError } from '@textlift/core';
import { drawQrRaster, drawQrSvg } from '@textlift/core/codes/draw-qr';
import { makeQrMatrix, QR_BYTE_CAPACITY, type QrEcc, type QrMatrix } from '@textlift/core/codes/qr-matrix';
import { encodeQrPng } from '@textlift/core/codes/qr-png';

/**
 * GET /v1/create-qr-code/: goqr.me's (api.qrserver.com) QR image API, so a page with
 * `<img src="https://api.qrserver.com/v1/create-qr-code/?data=…&size=300x300">` needs only
 * our host instead. Same parameters, defaults and ranges as goqr documents them: data, size
 * (10x10 to 1000x1000, default 200x200), ecc (L), color (0-0-0), bgcolor (255-255-255),
 * margin (pixels, 0-50, default 1, ignored for SVG), qzone (modules, 0-100, default 0),
 * format, charset-source and charset-target (UTF-8 or ISO-8859-1).
 *
 * Where we differ from goqr, and why:
 * - A size that is not square (300x200) gives a square of the smaller side: a QR code is
 *   square, and an image larger than asked would overflow the page's layout.
 * - Modules are whole pixels (no blended grey edges); what that leaves over is background
 *   round the code. A size too small for one pixel a module is 400 naming the size needed,
 *   rather than an image no reader can decode.
 * - data is capped by what a QR code holds (2953 bytes at level L, 1273 at H), not by
 *   goqr's character limit (about 900); too much is 400 naming data and the limit.
 * - format eps and goqr's POST form are not offered; an unknown format is 400.
 * - Out-of-range values are 400 in the API's error shape, never clamped to something near,
 *   so a mistake shows in the network panel instead of as a code that is not the one asked.
 * - Parameters goqr does not know are ignored, as goqr ignores them (unlike our convert API:
 *   cache-busting `&t=…` is common in such URLs); a repeated one counts its last value.
 *
 * Cheap enough to answer on the spot, so it skips the job queue (the per-client rate limit of
 * the API applies): through the whole app a 1000 × 1000 PNG of a short URL takes 2-5 ms, of
 * a 1500-character one 6-10 ms (5 of them qrcode laying out version 28); GIF and JPEG go
 * through sharp, on libuv's threads, in 25-60 ms at that size.
 */

const MIN_SIZE = 10;
const MAX_SIZE = 1000;

/** The answer depends on the URL alone. */
const CACHE_CONTROL = 'public, max-age=86400';

const formats = {
  png: 'image/png',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml; charset=utf-8',
} as const;
type Format = keyof typeof formats;

type Charset = 'UTF-8' | 'ISO-8859-1';

export interface QrImageRequest {
  /** UTF-8 text, or Latin-1 bytes when charset-target asks for them. */
  data: string | Uint8Array;
  size: number;
  ecc: QrEcc;
  color: string;
  bgcolor: string;
  margin: number;
  qzone: number;
  format: Format;
}

const bad = (field: string, message: string, details: Record<string, string | number> = {}) =>
  new ConversionError('bad-request', `Invalid ${field}: ${message}`, { field, ...details });

/**
 * The query's parameters as bytes: the data's charset is a parameter of its own
 * (charset-source), so it can only be decoded once all are read. '+' is a space, as forms
 * send it; a '%' not followed by two hex digits stays as it is, as browsers' decoders leave it.
 */
export function queryBytes(url: string): Map<string, Uint8Array> {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#')[0]! : '';
  const parameters = new Map<string, Uint8Array>();
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = new TextDecoder().decode(percentDecode(equals < 0 ? pair : pair.slice(0, equals)));
    parameters.set(name, percentDecode(equals < 0 ? '' : pair.slice(equals + 1)));
  }
  return parameters;
}

function percentDecode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%' && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === '+') {
      bytes.push(0x20);
    } else {
      const code = char.charCodeAt(0);
      // Node hands raw bytes of the request line over as Latin-1 characters; only inject()
      // can pass anything wider, which is taken as UTF-8.
      if (code <= 0xff) bytes.push(code);
      else bytes.push(...new TextEncoder().encode(char));
    }
  }
  return Uint8Array.from(bytes);
}

function charsetOf(value: string | undefined, field: string): Charset {
  if (value === undefined || value === '') return 'UTF-8';
  const name = value
    .toUpperCase()
    .replace(/^(UTF8|UTF-8)$/, 'UTF-8')
    .replace(/^(ISO-8859-1|ISO8859-1|LATIN1)$/, 'ISO-8859-1');
  if (name !== 'UTF-8' && name !== 'ISO-8859-1') throw bad(field, `expected UTF-8 or ISO-8859-1, got "${value}"`);
  return name;
}

function integerIn(value: string | undefined, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,4}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw bad(field, `expected a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** goqr's colours: decimal `R-G-B` (255-0-0) or hex (f00, ff0000), with or without '#'; as `#rrggbb`. */
export function parseGoqrColor(value: string | undefined, field: string, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  const decimal = /^(\d{1,3})-(\d{1,3})-(\d{1,3})$/.exec(value);
  if (decimal) {
    const channels = decimal.slice(1).map(Number);
    if (channels.every((channel) => channel <= 255)) return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  }
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return `#${digits.toLowerCase()}`;
  }
  throw bad(field, `expected R-G-B with each 0 to 255 (255-0-0) or hex (f00, ff0000), got "${value}"`);
}

/** Checks every parameter of a goqr URL; a bad one is 400 naming it. */
export function parseQrImageRequest(url: string): QrImageRequest {
  const raw = queryBytes(url);
  const text = (name: string) => {
    const bytes = raw.get(name);
    return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
  };

  const source = charsetOf(text('charset-source'), 'charset-source');
  const target = charsetOf(text('charset-target'), 'charset-target');
  const dataBytes = raw.get('data');
  if (!dataBytes || dataBytes.length === 0) throw bad('data', 'the text to encode is required (data=…)');
  let data: string;
  try {
    data = source === 'UTF-8' ? new TextDecoder('utf-8', { fatal: true }).decode(dataBytes) : Buffer.from(dataBytes).toString('latin1');
  } catch {
    throw bad('data', 'it is not UTF-8; send charset-source=ISO-8859-1 with Latin-1 text');
  }
  // No text of more characters than a QR code holds bytes can fit; refused before encoding.
  const maxLength = QR_BYTE_CAPACITY.L;
  if ([...data].length > maxLength) throw bad('data', `longer than ${maxLength} characters, the most a QR code holds`, { maxLength });
  let encoded: string | Uint8Array = data;
  if (target === 'ISO-8859-1') {
    // 'latin1' in TextDecoder is windows-1252; ISO-8859-1 is code points up to U+00FF as bytes.
    const codes = [...data].map((char) => char.codePointAt(0)!);
    if (codes.some((code) => code > 0xff)) throw bad('data', 'it has characters ISO-8859-1 cannot hold; leave charset-target as UTF-8');
    encoded = Uint8Array.from(codes);
  }

  const sizeText = text('size');
  let size = 200;
  if (sizeText !== undefined && sizeText !== '') {
    const match = /^(\d{1,5})x(\d{1,5})$/i.exec(sizeText);
    const [width, height] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
    if (!match || width < MIN_SIZE || height < MIN_SIZE || width > MAX_SIZE || height > MAX_SIZE) {
      throw bad('size', `expected WIDTHxHEIGHT from ${MIN_SIZE}x${MIN_SIZE} to ${MAX_SIZE}x${MAX_SIZE} pixels, got "${sizeText}"`);
    }
    size = Math.min(width, height);
  }

  const eccText = (text('ecc') ?? '').toUpperCase() || 'L';
  if (!['L', 'M', 'Q', 'H'].includes(eccText)) throw bad('ecc', `expected L, M, Q or H, got "${text('ecc')}"`);

  const formatText = (text('format') ?? '').toLowerCase() || 'png';
  if (!Object.hasOwn(formats, formatText)) throw bad('format', `expected png, gif, jpeg, jpg or svg, got "${text('format')}"`);

  return {
    data: encoded,
    size,
    ecc: eccText as QrEcc,
    color: parseGoqrColor(text('color'), 'color', '#000000'),
    bgcolor: parseGoqrColor(text('bgcolor'), 'bgcolor', '#ffffff'),
    margin: integerIn(text('margin'), 'margin', 0, 50, 1),
    qzone: integerIn(text('qzone'), 'qzone', 0, 100, 0),
    format: formatText as Format,
  };
}

/** The image's bytes and media type. */
export async function renderQrImage(request: QrImageRequest): Promise<{ type: string; bytes: Buffer }> {
  let matrix: QrMatrix;
  try {
    matrix = makeQrMatrix(request.data, request.ecc);
  } catch (error) {
    // 'too-long' is 413 for an upload; here it is a parameter out of range.
    if (error instanceof ConversionError && error.code === 'too-long') {
      throw bad('data', `more than a QR code holds at ecc=${request.ecc} (${error.details.maxLength} bytes)`, error.details);
    }
    throw error;
  }
  const drawing = { size: request.size, quietZone: request.qzone, color: request.color, bgcolor: request.bgcolor };
  const type = formats[request.format];
  // goqr ignores margin for vector formats: a margin in pixels means nothing there.
  if (request.format === 'svg') return { type, bytes: Buffer.from(drawQrSvg(matrix, drawing)) };

  const raster = { ...drawing, borderPixels: request.margin };
  if (request.format === 'png') return { type, bytes: Buffer.from(encodeQrPng(matrix, raster)) };

  const image = drawQrRaster(matrix, raster);
  // Opaque: three channels make smaller files, and JPEG has no alpha anyway.
  const raw = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).removeAlpha();
  const encoded =
    request.format === 'gif'
      ? // Two colours, no dithering: at sharp's default effort the palette holds both exactly.
        raw.gif({ colours: 2, dither: 0 })
      : // zbar read every quality from 75 up on a version-28 code; 85 keeps ringing at module
        // edges low (355 KB at 1000 px against 465 KB at 95), full-resolution colour keeps
        // coloured modules' edges where the light ones are.
        raw.jpeg({ quality: 85, chromaSubsampling: '4:4:4' });
  return { type, bytes: await encoded.toBuffer() };
}

async function answer(request: FastifyRequest, reply: FastifyReply) {
  const { type, bytes } = await renderQrImage(parseQrImageRequest(request.url));
  return reply.header('Content-Type', type).header('Cache-Control', CACHE_CONTROL).send(bytes);
}

/** Registers the route with and without goqr's trailing slash; call it inside the rate-limited scope. */
export function registerCreateQrCodeRoute(app: FastifyInstance) {
  app.get('/v1/create-qr-code/', answer);
  app.get('/v1/create-qr-code', answer);
}
