import * as CFB from 'cfb';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/**
 * A .docx whose document part is `size` zero bytes, deflated a slice at a time: a zip bomb
 * (400 MB of document in under a megabyte of file).
 */
export function zipBombDocx(size: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const types = new ZipDeflate('[Content_Types].xml');
  zip.add(types);
  types.push(strToU8('<Types/>'), true);
  const part = new ZipDeflate('word/document.xml', { level: 9 });
  zip.add(part);
  const slice = new Uint8Array(16 * 1024 * 1024);
  for (let left = size; left > 0; left -= slice.length) part.push(left > slice.length ? slice : slice.subarray(0, left), left <= slice.length);
  zip.end();
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** A .docx with a password to open, as Word saves one: its package encrypted inside a compound file. */
export function sealedDocx(): Uint8Array {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array(200).fill(4));
  CFB.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(8192).fill(9));
  return new Uint8Array(CFB.write(container, { type: 'array' }) as number[]);
}

/** Words as letters and figures, lower-cased; Chinese and Japanese count a character at a time. */
export function documentWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu) ?? [];
}

/** The share of the reference's words (as a multiset) found in a converted document's text; undefined where it has none. */
export function wordShare(reference: string, found: string): number | undefined {
  const have = new Map<string, number>();
  for (const word of documentWords(found)) have.set(word, (have.get(word) ?? 0) + 1);
  const wanted = documentWords(reference);
  if (wanted.length === 0) return undefined;
  let hits = 0;
  for (const word of wanted) {
    const left = have.get(word) ?? 0;
    if (left > 0) {
      hits++;
      have.set(word, left - 1);
    }
  }
  return hits / wanted.length;
}
