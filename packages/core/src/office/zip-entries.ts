import { ConversionError } from '../errors.ts';

/** One member of a zip, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else LibreOffice cannot read either. */
  method: number;
  compressedSize: number;
  /** Declared, so not trusted: unpackedSize checks it by inflating. */
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65535. */
const END_SEARCH = 22 + 0xffff;
const ZIP64_MARK = 0xffffffff;

const damaged = (why: string) => new ConversionError('corrupt', `The document is damaged: ${why}.`);

/**
 * The central directory of a zip (.docx, .odt). A zip whose directory is missing or points
 * outside the file (a truncated or fuzzed one) is damaged: no reader can list its parts.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - END_SEARCH); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged('its zip directory is missing');
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (directoryOffset === ZIP64_MARK || directorySize === ZIP64_MARK) throw damaged('a Word document is never a zip64 archive');
  if (directoryOffset + directorySize > end) throw damaged('its zip directory points outside the file');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw damaged('its zip directory is cut short');
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    if (entry.localHeaderOffset + 30 > bytes.length) throw damaged(`${entry.name} lies outside the file`);
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** The compressed bytes of one entry, found through its local header. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (view.getUint32(at, true) !== LOCAL_HEADER) throw damaged(`${entry.name} has no header`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw damaged(`${entry.name} is cut short`);
  return bytes.subarray(start, start + entry.compressedSize);
}
