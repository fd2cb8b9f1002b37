import * as CFB from 'cfb';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, test } from 'vitest';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { sealedDocx, zipBombDocx } from '../../../../test-support/word-documents.ts';
import type { ConversionError } from '../errors.ts';
import { sniffType } from '../sniff.ts';
import { inspectDocument, MAX_UNPACKED_BYTES } from './inspect-document.ts';

const word = (name: string) => new Uint8Array(corpusFile(`word/${name}`));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ConversionError,
  );

/** The same zip with every size its directory and headers declare set to one byte: a bomb that lies. */
function lyingSizes(zip: Uint8Array): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  for (let i = 0; i + 4 <= bytes.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, 1, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, 1, true);
    if (signature === 0x08074b50) view.setUint32(i + 12, 1, true);
  }
  return bytes;
}

describe('sniffType of word documents', () => {
  test('tells .doc, .docx, .odt and .rtf by content, and a zip of anything else from a .docx', () => {
    expect(sniffType(word('poi-Bug47742.doc'))).toBe('application/msword');
    expect(sniffType(word('poi-SampleDoc.docx'))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffType(new TextEncoder().encode('{\\rtf1\\ansi Hello}'))).toBe('application/rtf');
    const odt = zipSync({ mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }], 'content.xml': strToU8('<x/>') });
    expect(sniffType(odt)).toBe('application/vnd.oasis.opendocument.text');
    expect(sniffType(zipSync({ 'notes.txt': strToU8('not a document') }))).toBeUndefined();
  });
});

describe('inspectDocument', () => {
  test('passes real documents with the extension LibreOffice needs', async () => {
    await expect(inspectDocument(word('poi-Bug47742.doc'))).resolves.toMatchObject({ extension: 'doc' });
    await expect(inspectDocument(word('poi-bug59058.docx'))).resolves.toMatchObject({ extension: 'docx' });
  });

  test("calls the corpus's fuzzed and truncated .docx damaged", async () => {
    for (const name of ['poi-clusterfuzz-6442791109263360.docx', 'poi-truncated62886.docx']) {
      expect((await failure(inspectDocument(word(name))))?.code).toBe('corrupt');
    }
  });

  test('finds the password of a .docx sealed in a compound file, and of a .doc by its FIB', async () => {
    expect((await failure(inspectDocument(sealedDocx())))?.code).toBe('encrypted');

    const doc = CFB.read(word('poi-Bug47742.doc'), { type: 'array' });
    const fib = CFB.find(doc, 'WordDocument')!.content as Uint8Array;
    fib[11] = fib[11]! | 0x01;
    const lockedDoc = new Uint8Array(CFB.write(doc, { type: 'array' }) as number[]);
    expect((await failure(inspectDocument(lockedDoc)))?.code).toBe('encrypted');
  });

  test('refuses a zip bomb at once, whether its directory says the size (too large) or lies about it (damaged)', async () => {
    const bomb = zipBombDocx(MAX_UNPACKED_BYTES + 64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const [candidate, code] of [
      [bomb, 'too-large'],
      [lyingSizes(bomb), 'corrupt'],
    ] as const) {
      const started = performance.now();
      const error = await failure(inspectDocument(candidate));
      expect(error?.code).toBe(code);
      if (code === 'too-large') expect(error?.details.unpacked).toBe(1);
      expect(performance.now() - started).toBeLessThan(200);
    }
    // Below the limit, the same kind of file passes.
    await expect(inspectDocument(zipBombDocx(4 * 1024 * 1024))).resolves.toMatchObject({ extension: 'docx' });
  });
});
