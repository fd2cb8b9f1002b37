/**
 * Every failure a conversion can report. The code picks the dictionary message in the page
 * (`errors.{code}`) and the HTTP status in the API, so both hosts say the same thing.
 */
export const errorStatus = {
  'bad-request': 400,
  'no-file': 400,
  'no-text-input': 400,
  'too-few-files': 400,
  'too-many-files': 400,
  /** An API address that does not exist; pages answer their own 404 page instead. */
  'not-found': 404,
  /** A known API address asked with a method it does not take; the answer names the right ones in Allow. */
  'method-not-allowed': 405,
  'too-large': 413,
  'too-long': 413,
  'unsupported-type': 415,
  'empty-file': 422,
  corrupt: 422,
  'too-many-pixels': 422,
  /** A picture whose decoding would take more memory than DECODE_BUDGET_BYTES (limits.ts). */
  'too-large-to-open': 422,
  'no-text': 422,
  /** No translation engine here translates the pair asked for (German with neither the browser's nor LibreTranslate). */
  'no-translator': 422,
  'password-required': 422,
  'wrong-password': 422,
  /** A Word document sealed with a password: no converter opens it without one. */
  encrypted: 422,
  'rate-limited': 429,
  busy: 503,
  cancelled: 499,
  timeout: 503,
  /** The engine a tool needs is not installed on this server (LibreOffice for the Word tools). */
  'engine-unavailable': 503,
  /**
   * An OCR language whose model cannot be had: not fetched from the npm registry (unreachable,
   * not published, or not what the registry says it published), or not installed here.
   */
  'language-unavailable': 503,
  /** The page could not reach our server (offline, or the connection dropped); only pages report it. */
  'server-unreachable': 503,
  'engine-failed': 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ConversionError extends Error {
  readonly code: ErrorCode;
  /** Values a translated message may interpolate, such as the limit that was exceeded. */
  readonly details: Record<string, string | number>;

  constructor(code: ErrorCode, message: string, details: Record<string, string | number> = {}) {
    super(message);
    this.name = 'ConversionError';
    this.code = code;
    this.details = details;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/** Errors cross worker boundaries as plain objects; this turns one back into a ConversionError. */
export function toConversionError(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  if (error && typeof error === 'object' && 'code' in error && isErrorCode(error.code)) {
    const message = 'message' in error ? String(error.message) : error.code;
    const details = 'details' in error && error.details && typeof error.details === 'object' ? (error.details as Record<string, string | number>) : {};
    return new ConversionError(error.code, message, details);
  }
  const message = error instanceof Error ? error.message : String(error);
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (PDFJS_DAMAGE.has(name)) return new ConversionError('corrupt', `The PDF cannot be read: ${message}`);
  return new ConversionError('engine-failed', message);
}

/**
 * pdf.js reports damage it meets after opening the file (a page's dictionary, its content, a
 * cross-reference entry read late) from its worker, where every parsing error crosses as an
 * UnknownErrorException; these names come from nowhere else, so they mean a damaged PDF.
 */
const PDFJS_DAMAGE = new Set(['UnknownErrorException', 'FormatError', 'InvalidPDFException', 'XRefEntryException', 'XRefParseException']);

/** The failures a page answers with a password prompt rather than an error. */
export function asksForPassword(code: ErrorCode): boolean {
  return code === 'password-required' || code === 'wrong-password';
}

/** Stops a conversion between two steps once its job was cancelled (a new file, the page left, the client gone). */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
}
