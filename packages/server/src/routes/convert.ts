import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConversionError, findTool, MAX_OPTION_LENGTH, type ConversionResult, type InputFile, type JobInput, type ToolDefinition } from '@textlift/core';
import type { ConversionRunner } from '../conversion-runner.ts';
import type { Admission, JobQueue } from '../job-queue.ts';
import type { ModelDownloadLimit } from '../models/download-limit.ts';
import { contentDisposition } from '../http-errors.ts';

/** Longest option field in bytes: a list of 20 passwords as JSON fits; anything longer is refused, not cut. */
const MAX_FIELD_BYTES = 32 * MAX_OPTION_LENGTH;
/** Option fields a request may have. */
const MAX_FIELDS = 20;
/** A multipart part's framing: boundary line and part headers (a browser's are about 150 bytes). */
const PART_OVERHEAD = 1024;

function fieldSizeOf(tool: ToolDefinition): number {
  // A text tool's text is UTF-8 on the wire: up to four bytes a character.
  return tool.input.kind === 'text' ? Math.max(MAX_FIELD_BYTES, tool.input.maxLength * 4) : MAX_FIELD_BYTES;
}

/** The largest request body a tool can take: its files (or its text) and its option fields, with the framing. */
export function maxRequestBytes(tool: ToolDefinition): number {
  const fields = MAX_FIELDS * (MAX_FIELD_BYTES + PART_OVERHEAD);
  if (tool.input.kind === 'text') return fieldSizeOf(tool) + PART_OVERHEAD + fields;
  return tool.input.maxFiles * (tool.input.maxBytes + PART_OVERHEAD) + fields;
}

/** What the admission hook gives the handler. */
interface Admitted {
  admission: Admission;
  /** Aborts when the client leaves before its answer is complete: upload, wait or conversion. */
  signal: AbortSignal;
  /** Body bytes the request may send: its Content-Length, or without one its reservation. */
  limit: number;
  chunked: boolean;
}

const admitted = new WeakMap<FastifyRequest, Admitted>();

/**
 * Body bytes read and dropped after an answer given before the body: more than any tool's one
 * file (50 MB) with its form, so a client that uploads a file it may send reads its 503 or 404.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * An answer given before the body is read (unknown tool, too large, busy) keeps reading the body
 * and drops it, up to DRAIN_LIMIT_BYTES, then closes; within that the connection stays open for
 * the next request. Closing at once, as before, left the client's bytes unread in the socket: the
 * kernel then resets the connection, and a client still sending (Node's fetch posting 6 MB to an
 * unknown tool: 6 times out of 6) got EPIPE instead of the answer it had been sent. Draining
 * costs the server no memory (each chunk is dropped as it comes), only the bytes the client
 * chose to send, within the request and idle timeouts as for any upload; a client that sends
 * more is cut once it has had 64 MB of time to read its answer.
 */
export function refuse(request: FastifyRequest, reply: FastifyReply, error: ConversionError): never {
  let read = 0;
  request.raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT_BYTES) request.raw.socket?.destroy();
  });
  request.raw.resume();
  // Listened to after Node's own 'finish' handler, which gives the socket its keep-alive timeout.
  reply.raw.once('finish', () => keepUploadTimeout(request));
  throw error;
}

/**
 * Node gives a connection the keep-alive timeout (5 s) as soon as its answer is written, though
 * the body still comes: a refused client that paused that long while sending (one of 30
 * uploading 48 MB at once on a busy machine) was cut and got EPIPE instead of its answer.
 * Until its body is in, it keeps the idle timeout of any upload; then the keep-alive timeout as
 * Node sets it, a second past the one the answer announces (keepAliveTimeoutBuffer), so a client
 * that reuses the connection just within the announced time is not cut as it sends.
 */
/** Node's own margin past the announced keep-alive timeout (http.Server's keepAliveTimeoutBuffer), where its typings lack it. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1000;

function keepUploadTimeout(request: FastifyRequest) {
  const { raw } = request;
  const socket = raw.socket;
  if (raw.complete || !socket) return;
  const server = request.server.server as typeof request.server.server & { keepAliveTimeoutBuffer?: number };
  socket.setTimeout(server.timeout);
  raw.once('end', () => socket.setTimeout(server.keepAliveTimeout + (server.keepAliveTimeoutBuffer ?? NODE_KEEP_ALIVE_BUFFER_MS)));
}

/** A request given its place: its queue admission, and the signal of its client leaving. */
export interface AdmittedRequest {
  admission: Admission;
  signal: AbortSignal;
  /** The body's size its Content-Length declares, where it declares one. */
  declared?: number;
}

/**
 * Admission, before a byte of the body is read: a body declared over `maxBytes` is refused
 * (`tooLarge`), else a place in the queue holding `reserve(declared)` upload bytes (requests
 * uploading count as waiting), waited for a moment where none is free (DOOR_WAIT_MS), else 503. With the place comes the client-gone signal,
 * from the response's 'close' (the request's own 'close' fires as soon as the body has been
 * read, so it cannot tell a client that left later). The client that waited for our word before
 * sending its body (server-limits.ts) may then send it.
 */
export async function admitRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  queue: JobQueue,
  { maxBytes, tooLarge, reserve }: { maxBytes: number; tooLarge: () => ConversionError; reserve: (declared: number | undefined) => number },
): Promise<AdmittedRequest> {
  const header = request.headers['content-length'];
  const declared = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
  if (declared !== undefined && declared > maxBytes) refuse(request, reply, tooLarge());
  let admission: Admission;
  const socket = request.raw.socket;
  const left = new AbortController();
  const leave = () => left.abort();
  socket?.once('close', leave);
  try {
    admission = await queue.admitWithin(reserve(declared), DOOR_WAIT_MS, left.signal);
  } catch (error) {
    refuse(request, reply, error as ConversionError);
  } finally {
    socket?.off('close', leave);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new ConversionError('cancelled', 'The client left.'));
    admission.release();
  });
  if (String(request.headers.expect).toLowerCase() === '100-continue') reply.raw.writeContinue();
  return { admission, signal: controller.signal, ...(declared !== undefined ? { declared } : {}) };
}

/**
 * How long a request waits at the door for a place before its 503 (JobQueue.admitWithin): about
 * a page's OCR, so a place a job frees goes to a waiting request rather than to the next retry.
 */
export const DOOR_WAIT_MS = 1000;

/**
 * POST /api/v1/convert/{slug}: any registry tool over HTTP, with the same core as the page.
 * `uploadMemoryBytes` bounds the upload bytes all admitted requests hold (server-limits.ts).
 */
export function registerConvertRoute(
  app: FastifyInstance,
  deps: { queue: JobQueue; pool: ConversionRunner; uploadMemoryBytes?: number; modelDownloads?: ModelDownloadLimit },
) {
  const budget = deps.uploadMemoryBytes ?? Infinity;

  /** Admission (admitRequest) within the tool's largest request and the upload budget. */
  async function admit(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) {
    const tool = findTool(request.params.slug);
    // An address no tool has, as any unknown API address (README): 404.
    if (!tool) refuse(request, reply, new ConversionError('not-found', `No tool ${request.params.slug}: the tools are listed at /api/v1/openapi.json.`));
    const limit = Math.min(maxRequestBytes(tool), budget);
    const { admission, signal, declared } = await admitRequest(request, reply, deps.queue, {
      maxBytes: limit,
      tooLarge: () => new ConversionError('too-large', `The request is larger than ${limit} bytes.`, { maxMegabytes: Math.floor(limit / (1024 * 1024)) }),
      reserve: (size) => size ?? limit,
    });
    admitted.set(request, { admission, signal, limit: declared ?? limit, chunked: declared === undefined });
  }

  app.post<{ Params: { slug: string } }>(
    '/api/v1/convert/:slug',
    {
      onRequest: admit,
      // The response's 'close' gives the place back; this covers responses that have no socket (inject).
      onResponse: async (request) => admitted.get(request)?.admission.release(),
    },
    async (request, reply) => {
      const tool = findTool(request.params.slug)!;
      const state = admitted.get(request)!;
      if (!request.isMultipart()) throw new ConversionError('bad-request', 'Send the input as multipart/form-data.');

      const { input: declared } = tool;
      const files: InputFile[] = [];
      let text: string | undefined;
      const options: Record<string, string> = {};
      const parts = request.parts({
        limits: {
          fileSize: declared.kind === 'files' ? declared.maxBytes : 0,
          files: declared.kind === 'files' ? declared.maxFiles : 0,
          fieldSize: fieldSizeOf(tool),
          fields: MAX_FIELDS,
        },
      });
      if (state.chunked) {
        // No Content-Length: the budget reserved the tool's largest request, and holds it to that.
        let received = 0;
        request.raw.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > state.limit) request.raw.destroy(new ConversionError('too-large', `The request is larger than ${state.limit} bytes.`));
        });
      }
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') throw new ConversionError('bad-request', `Unexpected file field: ${part.fieldname}`);
          // Kept in memory only: no upload is ever written to disk.
          files.push({ name: part.filename || 'file', bytes: await part.toBuffer() });
          continue;
        }
        const value = String(part.value);
        if (part.fieldname === 'text' && declared.kind === 'text') {
          if (part.valueTruncated) throw new ConversionError('too-long', 'The text is too long.', { maxLength: declared.maxLength });
          text = value;
        } else {
          if (part.valueTruncated) throw new ConversionError('bad-request', `The field ${part.fieldname} is too long.`, { field: part.fieldname });
          options[part.fieldname] = value;
        }
      }
      if (state.signal.aborted) throw state.signal.reason;
      // OCR languages named that this server has yet to fetch count against the address's downloads.
      if (options.language) await deps.modelDownloads?.(request, options.language.split('+'));
      const input: JobInput = declared.kind === 'text' ? { text: text ?? '' } : { files };

      // The body is in. Until the answer the connection is silent by design (the wait, the
      // conversion): the idle timeout is for uploads, and the job timeout bounds this part.
      // (A request injected in a test has a socket without timeouts.)
      const socket = typeof request.raw.socket?.setTimeout === 'function' ? request.raw.socket : undefined;
      const idleMs = request.server.server.timeout;
      socket?.setTimeout(0);
      let result: ConversionResult;
      try {
        result = await deps.queue.run((signal) => deps.pool.run({ slug: tool.slug, input, options }, signal), state.signal, state.admission, tool.slug);
      } finally {
        // A client that stops reading the answer is cut like one that stops sending.
        if (socket && !socket.destroyed) socket.setTimeout(idleMs);
      }

      if (result.data?.codes) return reply.send({ results: result.data.codes });
      // The conversion thread has made the outputs one file already (zipped off the event loop).
      const [output] = result.outputs;
      if (!output) throw new ConversionError('engine-failed', 'No output.');
      // Who translated, for API clients as the page says it.
      if (result.data?.translation) reply.header('X-Translation-Engine', result.data.translation.engine);
      // What the OCR read the text as (given, or found with `auto`), as BCP-47 tags.
      if (result.data?.language) reply.header('Content-Language', result.data.language.tags.join(', '));
      return reply
        .header('Content-Type', output.type)
        .header('Content-Disposition', contentDisposition(output.name))
        .send(Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength));
    },
  );
}
