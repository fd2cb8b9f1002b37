import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { impossibleXrefClaim } from './xref-claims.ts';

async function withObjectStreams(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]);
  return pdf.save({ useObjectStreams: true });
}

/** The file with its xref stream's dictionary edited as text, same length where possible. */
function edited(bytes: Uint8Array, from: RegExp, to: string): Uint8Array {
  const text = new TextDecoder('latin1').decode(bytes);
  expect(text).toMatch(from);
  return Uint8Array.from(text.replace(from, to), (char) => char.charCodeAt(0));
}

describe('impossibleXrefClaim', () => {
  test('a cross-reference stream as written claims what it holds, at 1 and 10000 pages', async () => {
    expect(impossibleXrefClaim(await withObjectStreams(1))).toBeUndefined();
    expect(impossibleXrefClaim(await withObjectStreams(10_000))).toBeUndefined();
  });

  test('a claim beyond what its data could inflate to, or beyond the object limit, is named', async () => {
    const pdf = await withObjectStreams(1);
    expect(impossibleXrefClaim(edited(pdf, /\/Type \/XRef/, '/Type /XRef /Index [ 0 100000000 ]'))).toBe(100_000_000);
    // Data long enough for the claim, but more objects than a PDF may have.
    expect(impossibleXrefClaim(edited(edited(pdf, /\/Type \/XRef/, '/Type /XRef /Index [ 0 9000000 ]'), /\/Length \d+/, '/Length 99999999'))).toBe(9_000_000);
  });

  test('an indirect /Length is not read as a number of bytes', async () => {
    const pdf = await withObjectStreams(1);
    expect(impossibleXrefClaim(edited(pdf, /\/Length \d+/, '/Length 12 0 R'))).toBeUndefined();
  });
});
