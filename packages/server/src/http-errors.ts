import type { FastifyReply } from 'fastify';
import { ConversionError, errorStatus, toConversionError } from '@textlift/core';

/** Maps framework errors (multipart limits, bad bodies) to our codes so every error has one shape. */
export function toHttpError(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ConversionError(code === 'FST_REQ_FILE_TOO_LARGE' ? 'too-large' : 'bad-request', message);
  }
  if (code === 'FST_FILES_LIMIT') return new ConversionError('bad-request', 'Too many files.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new ConversionError('bad-request', 'Send the file as multipart/form-data.');
  }
  if (code.startsWith('FST_') || code === 'ERR_INVALID_ARG_TYPE') return new ConversionError('bad-request', message);
  if (error && typeof error === 'object' && 'statusCode' in error && error.statusCode === 429) {
    const inner = 'error' in error && error.error && typeof error.error === 'object' && 'message' in error.error
      ? String(error.error.message) : message;
    return new ConversionError('rate-limited', inner);
  }
  return toConversionError(error);
}

export function sendError(reply: FastifyReply, error: ConversionError) {
  const retryAfter = error.details.retryAfter;
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply
    .status(errorStatus[error.code])
    .type('application/json; charset=utf-8')
    .send({ error: { code: error.code, message: error.message } });
}

/** RFC 6266 attachment header: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
