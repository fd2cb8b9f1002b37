import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { create as createContentDisposition } from 'content-disposition';
import { asciiFileName, ConversionError, errorStatus, isErrorCode, toConversionError, type ErrorCode } from '@textlift/core';
import { applySecurityHeaders } from './security-headers.ts';

/** Retry-After of a 503 that did not say when to come back (a job stopped at its time limit). */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** Retry-After while the server shuts down: a restart, or another instance, answers within seconds. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/** The code of an HTTP status Fastify or a plugin chose; any other 4xx is a bad request. */
const codeOfStatus: Record<number, ErrorCode> = {
  400: 'bad-request',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'too-large',
  415: 'unsupported-type',
  429: 'rate-limited',
  503: 'busy',
};

/** Errors the multipart parser (busboy) throws as plain Errors when a body is cut short or is not multipart. */
const MULTIPART_FAILURE = /\bmultipart\b/i;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const status = 'statusCode' in error ? error.statusCode : 'status' in error ? error.status : undefined;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

/**
 * Maps every error (ours, Fastify's, its plugins', the multipart parser's) to one of our codes,
 * so each answer has one shape and the status `errorStatus` gives. The message of a 5xx from an
 * unknown place is replaced: it may name files or internals, and is logged instead.
 */
export function toHttpError(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  const message = messageOf(error);
  // Plain objects with one of our codes: errors that crossed a worker boundary.
  if (isErrorCode(code)) return toConversionError(error);
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ConversionError('too-large', message);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ConversionError('bad-request', message);
    case 'FST_FILES_LIMIT':
      return new ConversionError('bad-request', 'Too many files.');
    // The convert routes answer any body that is not multipart 400, parsed (text/plain) or not;
    // the contact route refuses other types itself with 415 before its body is read.
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ConversionError('bad-request', 'Send the file as multipart/form-data.');
    case 'FST_MP_PREMATURE_CLOSE':
      return new ConversionError('bad-request', 'The multipart body ended before it was complete.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ConversionError('too-large', 'The request body is too large.');
    case 'FST_ERR_BAD_URL':
      return new ConversionError('bad-request', 'The address is not valid URL encoding.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ConversionError('bad-request', 'The address is too long.');
    case 'ERR_INVALID_ARG_TYPE':
      return new ConversionError('bad-request', message);
  }
  const status = statusOf(error);
  if (status === 429) {
    // @fastify/rate-limit throws what its errorResponseBuilder built: { statusCode, error: { message } }.
    const inner =
      error && typeof error === 'object' && 'error' in error && error.error && typeof error.error === 'object' && 'message' in error.error
        ? String(error.error.message)
        : message;
    return new ConversionError('rate-limited', inner);
  }
  if (status !== undefined && status < 500) return new ConversionError(codeOfStatus[status] ?? 'bad-request', message);
  if (error instanceof Error && (MULTIPART_FAILURE.test(message) || /[\\/]busboy[\\/]/.test(error.stack ?? ''))) {
    return new ConversionError('bad-request', `Malformed multipart/form-data body: ${message}`);
  }
  if (status === 503) return new ConversionError('busy', 'The server is busy.');
  return new ConversionError('engine-failed', 'Something went wrong on the server.');
}

/** The one error answer: `{"error":{"code","message"}}` with the code's status (plus `extra` fields). */
export function sendError(reply: FastifyReply, error: ConversionError, extra: Record<string, unknown> = {}) {
  const status = errorStatus[error.code];
  const retryAfter = error.details.retryAfter ?? (status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  if (error.details.allow !== undefined) reply.header('Allow', String(error.details.allow));
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error: { ...extra, code: error.code, message: error.message } });
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const httpError = toHttpError(error);
  if (errorStatus[httpError.code] >= 500 && httpError.code !== 'busy' && httpError.code !== 'timeout') {
    request.log.error({ err: error }, 'request failed');
  }
  return sendError(reply, httpError);
}

/**
 * Fastify's `frameworkErrors` option: errors found before routing (a URL that is not valid
 * encoding). These answers skip the onSend hooks, so the security headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply);
  return handleError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's parser refused (not HTTP, headers too
 * large, sent too slowly). No request object exists, so the answer is written to the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const httpError = tooLarge
    ? new ConversionError('too-large', 'The request headers are too large.')
    : new ConversionError('bad-request', error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'The request was not received in time.' : 'Malformed HTTP request.');
  const body = JSON.stringify({ error: { code: httpError.code, message: httpError.message } });
  const status = errorStatus[httpError.code];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${tooLarge ? 'Content Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Routes by path pattern, to tell "no such address" (404) from "not with this method" (405). */
class RouteTable {
  private readonly routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(route: RouteOptions) {
    // Wildcards (the static files' /*) would match every path: they do not make a path known.
    if (route.url.includes('*')) return;
    const entry = this.routes.get(route.url) ?? { pattern: RouteTable.compile(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(method.toUpperCase());
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
    this.routes.set(route.url, entry);
  }

  /** The methods some route takes at this path, or none when no route has it. */
  allowed(pathname: string): string[] {
    const methods = new Set<string>();
    for (const { pattern, methods: own } of this.routes.values()) {
      if (pattern.test(pathname)) for (const method of own) methods.add(method);
    }
    return [...methods].sort();
  }

  private static compile(url: string): RegExp {
    const source = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}$`);
  }
}

const routeTables = new WeakMap<object, RouteTable>();

/**
 * The error handler, and the record of routes the not-found answer needs for 405. Call it before
 * any route is registered (it sees routes through the onRoute hook).
 */
export function registerErrorHandling(app: FastifyInstance) {
  const table = new RouteTable();
  routeTables.set(app.server, table);
  app.addHook('onRoute', (route) => table.add(route));
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
  // While closing, a request on a connection still open is refused here, in our shape, instead of
  // by Fastify's return503OnClosing (its own body, no Retry-After): buildApp turns that off.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    throw new ConversionError('busy', 'The server is restarting; try again shortly.', { retryAfter: SHUTDOWN_RETRY_AFTER_SECONDS });
  });
}

/** The methods a known path takes (for Allow), or none for a path no route has. */
export function allowedMethods(request: FastifyRequest, pathname: string): string[] {
  return routeTables.get(request.server.server)?.allowed(pathname) ?? [];
}

/** The API's not-found answer: 405 with Allow for a known path asked with another method, else 404. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply, pathname: string, pageMethods: string[] = []) {
  const allowed = [...new Set([...allowedMethods(request, pathname), ...pageMethods])].sort();
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return sendError(
      reply,
      new ConversionError('method-not-allowed', `${request.method} is not allowed on ${pathname}; use ${allowed.join(', ')}.`, {
        allow: allowed.join(', '),
      }),
    );
  }
  return sendError(reply, new ConversionError('not-found', `No route ${request.method} ${pathname}`));
}

/** The request's path without its query. */
export function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] || '/';
}

/**
 * RFC 6266 attachment header: the exact name as RFC 5987's `filename*=UTF-8''…`, beside an ASCII
 * `filename="…"` for clients that read no other (accents dropped, not turned into "?").
 */
export function contentDisposition(fileName: string): string {
  return createContentDisposition(fileName, { fallback: asciiFileName(fileName, 'download') });
}
