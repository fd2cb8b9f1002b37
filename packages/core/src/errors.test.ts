import { describe, expect, test } from 'vitest';
import { ConversionError, toConversionError } from './errors.ts';

describe('toConversionError', () => {
  test('keeps a ConversionError, and a coded error crossing from a worker', () => {
    const sealed = new ConversionError('password-required', 'Sealed.');
    expect(toConversionError(sealed)).toBe(sealed);
    expect(toConversionError({ code: 'too-large', message: 'Big.', details: { maxMegabytes: 5 } })).toMatchObject({
      code: 'too-large',
      details: { maxMegabytes: 5 },
    });
  });

  test("damage pdf.js meets after opening (a page's dictionary, an xref entry) is a damaged PDF, not a failure of ours", () => {
    const fromWorker = Object.assign(new Error('Page dictionary kid reference points to wrong type of object.'), { name: 'UnknownErrorException' });
    expect(toConversionError(fromWorker)).toMatchObject({ code: 'corrupt' });
    expect(toConversionError(Object.assign(new Error('Bad (uncompressed) XRef entry: 6R'), { name: 'XRefEntryException' }))).toMatchObject({ code: 'corrupt' });
  });

  test('any other exception is an engine failure', () => {
    expect(toConversionError(new TypeError('x is undefined'))).toMatchObject({ code: 'engine-failed' });
  });
});
