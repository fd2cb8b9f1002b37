import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';

/** Parses a PDF with pdf-lib, decrypting it with `password` where it is encrypted. */
export async function loadPdfLib(bytes: Uint8Array, password: string): Promise<PDFDocument> {
  // pdf-lib's parser gets past damage by throwing an Error at each byte it cannot read and
  // catching it at once; capturing a stack trace for each was 80% of the time on damaged files
  // (a PDF cut in half: 1.8 s, without traces 0.27 s; 5 MB of junk: 21 s, without 3.4 s). No
  // trace is ever shown for those errors, so none is captured while parsing. Error.stackTraceLimit
  // is V8's (and not in the DOM typings); other engines ignore it.
  const errors = Error as { stackTraceLimit?: number };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    // Fastest: no timer tick every 100 objects while parsing (see merge-pdfs.ts's SAVE_OPTIONS).
    return await PDFDocument.load(bytes, { password, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } finally {
    errors.stackTraceLimit = limit;
  }
}

/**
 * @cantoo/pdf-lib tells password failures apart only by the message of a plain Error, thrown
 * from its CipherTransformFactory: "NEEDS PASSWORD" when the empty password does not open the
 * file, "Password incorrect" when the given one does not either.
 */
export const NEEDS_PASSWORD = 'NEEDS PASSWORD';
export const WRONG_PASSWORD = 'Password incorrect';

export function isPasswordError(error: unknown, message: string): boolean {
  return error instanceof Error && error.message === message;
}
