import type { ConversionError } from '@textlift/core';
import type { BoxedWord, PageWords } from '@textlift/core/ocr/page-words';

// OCR.space's answer, field for field (https://ocr.space/ocrapi, "Response"): what its clients read.

/** OCRExitCode: 1 every page read, 2 some, 3 none, 4 the request failed; 99 the request was refused before reading (OCR.space's E2xx/E3xx). */
export type OcrExitCode = 1 | 2 | 3 | 4 | 99;
/** FileParseExitCode: 0 file not found, 1 read, -10 the OCR engine could not read it, -20 timeout, -30 validation, -99 other. */
export type FileParseExitCode = 0 | 1 | -10 | -20 | -30 | -99;

export interface OverlayLine {
  LineText: string;
  Words: Array<{ WordText: string; Left: number; Top: number; Height: number; Width: number }>;
  MaxHeight: number;
  MinTop: number;
}

export interface ParsedResult {
  TextOverlay: { Lines: OverlayLine[]; HasOverlay: boolean; Message: string };
  TextOrientation: string;
  FileParseExitCode: FileParseExitCode;
  ParsedText: string;
  ErrorMessage: string;
  ErrorDetails: string;
}

export interface OcrSpaceAnswer {
  ParsedResults?: ParsedResult[];
  OCRExitCode: OcrExitCode;
  IsErroredOnProcessing: boolean;
  ErrorMessage?: string[];
  ErrorDetails?: string;
  ProcessingTimeInMilliseconds: string;
  SearchablePDFURL?: string;
}

/**
 * A request refused in OCR.space's way: HTTP 200 (as OCR.space answers its validation errors)
 * with OCRExitCode 99 and the reasons in ErrorMessage, unless `status` says otherwise (busy,
 * rate limited: 503 and 429 with Retry-After, which a client's retry logic understands).
 */
export class OcrSpaceError extends Error {
  readonly status: number;
  readonly exitCode: OcrExitCode;
  readonly retryAfter?: number;

  constructor(message: string, options: { status?: number; exitCode?: OcrExitCode; retryAfter?: number } = {}) {
    super(message);
    this.status = options.status ?? 200;
    this.exitCode = options.exitCode ?? 99;
    this.retryAfter = options.retryAfter;
  }
}

export const NOT_REQUESTED_OVERLAY = 'Text overlay is not provided as it is not requested';
export const NOT_REQUESTED_PDF = 'Searchable PDF not generated as it was not requested.';

/** OCR.space ends every line of ParsedText with CR LF. */
function crlf(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
}

function overlayLine(words: BoxedWord[]): OverlayLine {
  return {
    LineText: words.map((word) => word.text).join(' '),
    Words: words.map((word) => ({ WordText: word.text, Left: word.left, Top: word.top, Height: word.height, Width: word.width })),
    MaxHeight: Math.max(...words.map((word) => word.height)),
    MinTop: Math.min(...words.map((word) => word.top)),
  };
}

export interface AnswerOptions {
  overlay: boolean;
  /** isTable: the text line by line as the overlay's lines run, rather than in paragraphs. */
  table: boolean;
}

/** One page read: its text (and its lines when asked), FileParseExitCode 1. */
export function parsedPage(page: PageWords, options: AnswerOptions): ParsedResult {
  const lines = (page.lines ?? []).map(overlayLine);
  const text = options.table && page.lines ? lines.map((line) => line.LineText).join('\n') : page.text;
  let overlay: ParsedResult['TextOverlay'] = { Lines: [], HasOverlay: false, Message: NOT_REQUESTED_OVERLAY };
  if (options.overlay) {
    overlay = page.lines
      ? { Lines: lines, HasOverlay: true, Message: `Total lines: ${lines.length}` }
      : // A photo flattened or its lines levelled one by one: its boxes cannot be taken back to the picture sent.
        { Lines: [], HasOverlay: false, Message: 'Word positions cannot be given for this picture: it was flattened (a photo of a curved page) to be read.' };
  }
  return { TextOverlay: overlay, TextOrientation: '0', FileParseExitCode: 1, ParsedText: crlf(text), ErrorMessage: '', ErrorDetails: '' };
}

/** A file that could not be read, with OCR.space's FileParseExitCode for the failure. */
export function failedPage(error: ConversionError): ParsedResult {
  const exit: FileParseExitCode =
    error.code === 'timeout'
      ? -20
      : error.code === 'corrupt' || error.code === 'empty-file' || error.code === 'too-many-pixels' || error.code === 'too-large-to-open'
        ? -10
        : error.code === 'unsupported-type' || error.code === 'password-required' || error.code === 'wrong-password'
          ? -30
          : -99;
  return {
    TextOverlay: { Lines: [], HasOverlay: false, Message: '' },
    TextOrientation: '0',
    FileParseExitCode: exit,
    ParsedText: '',
    ErrorMessage: error.message,
    ErrorDetails: error.code,
  };
}

export function elapsed(started: number): string {
  return String(Math.round(performance.now() - started));
}

/** The answer to pages read (OCRExitCode 1, 2 or 3 by how many were). */
export function pagesAnswer(results: ParsedResult[], started: number, searchablePdfUrl: string): OcrSpaceAnswer {
  const read = results.filter((result) => result.FileParseExitCode === 1).length;
  const exitCode: OcrExitCode = read === results.length ? 1 : read > 0 ? 2 : 3;
  const errors = results.filter((result) => result.FileParseExitCode !== 1).map((result) => result.ErrorMessage);
  return {
    ParsedResults: results,
    OCRExitCode: exitCode,
    IsErroredOnProcessing: exitCode === 3,
    ...(errors.length ? { ErrorMessage: errors, ErrorDetails: results.find((result) => result.ErrorDetails)?.ErrorDetails ?? '' } : {}),
    ProcessingTimeInMilliseconds: elapsed(started),
    SearchablePDFURL: searchablePdfUrl,
  };
}

/** A request refused or failed as a whole. */
export function errorAnswer(error: OcrSpaceError, started: number, details = ''): OcrSpaceAnswer {
  return {
    OCRExitCode: error.exitCode,
    IsErroredOnProcessing: true,
    ErrorMessage: [error.message],
    ErrorDetails: details,
    ProcessingTimeInMilliseconds: elapsed(started),
  };
}
