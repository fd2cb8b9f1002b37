import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid 1-bit greyscale PNG of width×height white pixels. At 20000×20000 it is a
 * decompression bomb: ~50 KB on disk, 400 megapixels once decoded.
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * height, 0xff);
  for (let row = 0; row < height; row++) raw[row * rowBytes] = 0; // filter type: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first half of a file: the commonest damage, a download or copy cut short. */
export function truncated(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

/**
 * A phone-sized picture of text as a JPEG: `lines` in large dark letters (a 16th of the
 * height) on paper colour. Without a photo's noise it is small (8000×6000: 0.5 MB, made in
 * about a second); decoding it takes the same memory as a real 48 MP photo of 10-15 MB.
 */
export async function photoOfText(width: number, height: number, lines: string[]): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const size = Math.round(height / 16);
  const text = lines
    .map(
      (line, index) =>
        `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.35 + index * size * 1.5)}" font-family="DejaVu Sans" font-size="${size}" ` +
        `fill="#262626">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ece6d8"/>${text}</svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).jpeg({ quality: 85 }).toBuffer();
}
