// The hostile inputs, generated once into a cache folder (they take seconds to make and are
// the same every run).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflate } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';

/** Bump when a generator changes, so an old cached file is not reused. */
const VERSION = 1;
export const CACHE_DIR = path.join(tmpdir(), `textlift-hostile-inputs-v${VERSION}`);

async function cached(name: string, make: (file: string) => Promise<void> | void): Promise<Uint8Array> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, name);
  if (!existsSync(file)) {
    const partial = `${file}.partial`;
    await make(partial);
    renameSync(partial, file);
  }
  return new Uint8Array(readFileSync(file));
}

/** A PDF of `pages` A4 text pages, 40 lines each, like a long report. */
export function textPdf(pages: number): Promise<Uint8Array> {
  return cached(`text-${pages}.pdf`, async (file) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= pages; n++) {
      const page = doc.addPage([595.28, 841.89]);
      for (let line = 0; line < 40; line++) {
        page.drawText(`Page ${n}, line ${line + 1}: the quick brown fox jumps over the lazy dog, again and again.`, {
          x: 56,
          y: 780 - line * 18,
          size: 10,
          font,
        });
      }
    }
    writeFileSync(file, await doc.save({ objectsPerTick: 500 }));
  });
}

/** A minimal PDF from object bodies (1-based; object 1 is the catalog), with a correct xref. */
function rawPdf(objects: (string | Buffer)[]): Buffer {
  const pieces: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = pieces[0]!.length;
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(offset);
    const piece = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from('\nendobj\n'),
    ]);
    pieces.push(piece);
    offset += piece.length;
  }
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  pieces.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(pieces);
}

/**
 * One Letter page showing one `side`×`side` DeviceGray 8-bit image whose Flate stream is all
 * zeros: 400 MB of pixels in some 389 KB of file (deflate's ratio tops out near 1:1030).
 */
export function hugeImagePdf(side = 20_000): Promise<Uint8Array> {
  return cached(`flate-image-${side}.pdf`, async (file) => {
    const chunk = Buffer.alloc(1024 * 1024);
    const total = side * side;
    const compressed: Buffer[] = [];
    const deflate = createDeflate({ level: 9 });
    deflate.on('data', (piece: Buffer) => compressed.push(piece));
    await pipeline(
      Readable.from(
        (function* () {
          for (let left = total; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
        })(),
      ),
      deflate,
    );
    const stream = Buffer.concat(compressed);
    const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q';
    writeFileSync(
      file,
      rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
        `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
        Buffer.concat([
          Buffer.from(
            `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ` +
              `${stream.length} >>\nstream\n`,
          ),
          stream,
          Buffer.from('\nendstream'),
        ]),
      ]),
    );
  });
}

/** One page `width` points wide (A4 high) with a few drawn shapes and no text layer. */
export function wideMediaBoxPdf(width = 200_000): Promise<Uint8Array> {
  return cached(`wide-mediabox-${width}.pdf`, async (file) => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([width, 842]);
    for (let x = 100; x < width; x += width / 20) page.drawRectangle({ x, y: 300, width: 400, height: 200, color: rgb(0.2, 0.2, 0.2) });
    writeFileSync(file, await doc.save());
  });
}

/** `bytes` of random data after a %PDF- header: sniffs as a PDF, parses as nothing. */
export function randomPdf(bytes: number): Uint8Array {
  const data = randomBytes(bytes);
  data.write('%PDF-1.7\n', 0, 'latin1');
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
