import zlib from 'node:zlib';
import * as CFB from 'cfb';

/**
 * A .docx whose document part is `size` zero bytes: a zip bomb (400 MB of document in 400 KB of
 * file). Deflated by Node's zlib, in C: fflate took 4.5 s for 400 MB, zlib 1.9 s.
 */
export function zipBombDocx(size: number): Uint8Array {
  const parts = [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.alloc(size) },
  ];
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const packed = zlib.deflateRawSync(data, { level: 9, memLevel: 9 });
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(zlib.crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    local.copy(entry, 10, 8, 30);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    directory.push(entry, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const end = Buffer.alloc(22);
  const directoryBytes = Buffer.concat(directory);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}

/** A .docx with a password to open, as Word saves one: its package encrypted inside a compound file. */
export function sealedDocx(): Uint8Array {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array(200).fill(4));
  CFB.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(8192).fill(9));
  return new Uint8Array(CFB.write(container, { type: 'array' }) as number[]);
}
