import * as CFB from 'cfb';
import { Inflate } from 'fflate';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { documentExtension, sniffType, wordTypes, type DocumentType } from '../sniff.ts';
import { fatHasLoop } from './fat-cycles.ts';
import { entryData, zipEntries } from './zip-entries.ts';

/**
 * The most a document may unpack to. A .docx is a zip of XML and pictures: the corpus's largest
 * (120,000 characters, 13 images, 6 tables) unpacks to 1.5 MB, and pictures, stored compressed
 * already, unpack to about their own size; 300 MB is a 50 MB file of pictures six times over.
 * A zip bomb (a gigabyte of zeros in a megabyte) is refused here, before LibreOffice sees it.
 */
export const MAX_UNPACKED_BYTES = 300 * 1024 * 1024;

/** Inflated a slice at a time, so a bomb is stopped at the limit, not after it has filled memory. */
const SLICE = 64 * 1024;

export interface CheckedDocument {
  type: DocumentType;
  /** The extension LibreOffice picks its import filter by. */
  extension: string;
}

const tooLarge = () =>
  new ConversionError('too-large', 'The document unpacks to more than the server reads.', {
    maxMegabytes: MAX_UNPACKED_BYTES / (1024 * 1024),
    unpacked: 1,
  });
const encrypted = () => new ConversionError('encrypted', 'The document is protected by a password.');

/**
 * What can be known of a Word document before it is laid out, cheaply and on either host: its
 * type, whether it is sealed by a password (no converter can open it without one), damaged, or a
 * zip bomb. Each gets its own message instead of a converter's silence.
 */
export async function inspectDocument(bytes: Uint8Array, signal?: AbortSignal): Promise<CheckedDocument> {
  const type = sniffType(bytes);
  if (!type || !wordTypes.includes(type as DocumentType)) throw new ConversionError('unsupported-type', 'This is not a Word document.');
  const documentType = type as DocumentType;
  if (documentType === 'application/msword') checkCompoundFile(bytes);
  else if (documentType !== 'application/rtf') await checkUnpackedSize(bytes, signal);
  return { type: documentType, extension: documentExtension[documentType] };
}

/** FibBase.fEncrypted and fObfuscated: a .doc saved with a password to open. */
const FIB_ENCRYPTED = 0x0100;
const FIB_OBFUSCATED = 0x8000;

function checkCompoundFile(bytes: Uint8Array) {
  if (fatHasLoop(bytes)) throw new ConversionError('corrupt', 'The document is damaged: its compound file chains sectors in a loop.');
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'array' });
  } catch {
    throw new ConversionError('corrupt', 'The document is damaged: its compound file cannot be read.');
  }
  // A .docx with a password to open is an encrypted package inside a compound file.
  if (CFB.find(container, 'EncryptedPackage')) throw encrypted();
  const word = CFB.find(container, 'WordDocument');
  const fib = word?.content;
  if (!fib || fib.length < 12) throw new ConversionError('corrupt', 'The document is damaged: it has no Word text stream.');
  const flags = fib[10]! | (fib[11]! << 8);
  if (flags & (FIB_ENCRYPTED | FIB_OBFUSCATED)) throw encrypted();
}

async function checkUnpackedSize(bytes: Uint8Array, signal?: AbortSignal) {
  const entries = zipEntries(bytes);
  // A bomb that says what it holds is refused at once.
  if (entries.reduce((sum, entry) => sum + entry.size, 0) > MAX_UNPACKED_BYTES) throw tooLarge();
  // One that lies is stopped as soon as a part inflates past its declared size: no reader trusts
  // such a zip, and so the whole never unpacks to more than the sum checked above.
  for (const entry of entries) {
    throwIfCancelled(signal);
    const data = entryData(bytes, entry);
    if (entry.method === 0) {
      if (data.length !== entry.size) throw sizesDiffer(entry.name);
    } else if (entry.method === 8) {
      let size = 0;
      const inflate = new Inflate((chunk) => {
        size += chunk.length;
        if (size > entry.size) throw sizesDiffer(entry.name);
      });
      try {
        for (let at = 0; at < data.length; at += SLICE) {
          inflate.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
          // Lets a cancellation in between slices of a large part.
          if (at % (64 * SLICE) === 0) await Promise.resolve();
        }
      } catch (error) {
        if (error instanceof ConversionError) throw error;
        throw new ConversionError('corrupt', `The document is damaged: ${entry.name} cannot be unpacked.`);
      }
    } else {
      throw new ConversionError('corrupt', `The document is damaged: ${entry.name} uses an unknown compression.`);
    }
  }
}

const sizesDiffer = (name: string) => new ConversionError('corrupt', `The document is damaged: ${name} is larger than its zip directory says.`);
