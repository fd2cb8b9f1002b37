import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import { ConversionError, errorStatus, findTool, type ConversionResult, type InputFile } from '@textlift/core';
import type { PageWords } from '@textlift/core/ocr/page-words';
import type { ConversionRunner } from '../../conversion-runner.ts';
import type { Admission, JobQueue } from '../../job-queue.ts';
import type { ModelDownloadLimit } from '../../models/download-limit.ts';
import { contentDisposition, DEFAULT_RETRY_AFTER_SECONDS, sendError, toHttpError } from '../../http-errors.ts';
import { admitRequest } from '../convert.ts';
import { errorAnswer, failedPage, NOT_REQUESTED_PDF, OcrSpaceError, pagesAnswer, parsedPage, type ParsedResult } from './answer.ts';
import { decodeDataUri, fieldsOf, parametersOf, readMultipart, tooLarge, type OcrSpaceParameters, type OcrSpaceRequest } from './request.ts';
import { SearchablePdfStore } from './searchable-pdfs.ts';

export interface OcrSpaceDeps {
  queue: JobQueue;
  pool: ConversionRunner;
  /** The site's address for SearchablePDFURL; else the request's own protocol and host. */
  publicUrl?: string;
  /** The safe fetcher of `url` input (url-input/); without it, `url` is refused with a clear error. */
  fetchUrl?: (url: string, signal: AbortSignal) => Promise<{ bytes: Uint8Array; name: string; type?: string }>;
  /**
   * Counts the request against the key sent in the form or query, or its address (the rate limits
   * read only headers before the body); may throw 'rate-limited'. Called before any work is done.
   */
  checkFormKey?: (request: FastifyRequest, key: string | undefined) => Promise<void>;
  /** Upload bytes all admitted conversions may hold together (server-limits.ts), as for /api/v1/convert. */
  uploadMemoryBytes?: number;
  /** Where searchable PDFs are kept; one of its own by default. */
  searchablePdfs?: SearchablePdfStore;
  /** Counts a language this server has yet to fetch against the address (models/download-limit.ts). */
  modelDownloads?: ModelDownloadLimit;
}

/** The tools behind the API: every OCR.space request is Image to Text's (which reads a PDF as PDF to Text), its searchable PDF OCR PDF's. */
const READ_TOOL = 'image-to-text';
const PDF_TOOL = 'ocr-pdf';
/** Fields a request may have (OCR.space's are 12). */
const MAX_FIELDS = 30;
/** Room for the fields and the multipart framing beside the file (or its base64). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Codes of a file that was sent and could not be read: a ParsedResults entry of its own, as OCR.space reports a bad image. */
const READ_FAILURES = new Set<string>([
  'corrupt',
  'empty-file',
  'too-many-pixels',
  'too-large-to-open',
  'password-required',
  'wrong-password',
  'encrypted',
  'timeout',
]);

interface Admitted {
  admission: Admission;
  signal: AbortSignal;
  started: number;
}

/**
 * OCR.space's API on our engine: POST /parse/image and GET /parse/imageurl take what its
 * clients send and answer its JSON, read by the same core, queue and limits as the page and
 * /api/v1/convert. GET /parse/searchable-pdf/{id} gives back a searchable PDF made on request.
 */
export async function registerOcrSpaceRoutes(app: FastifyInstance, deps: OcrSpaceDeps) {
  const readTool = findTool(READ_TOOL)!;
  if (readTool.input.kind !== 'files') throw new Error(`${READ_TOOL} takes files`);
  const maxFileBytes = readTool.input.maxBytes;
  // A base64 data URI is a third larger than its file.
  const maxFieldBytes = Math.ceil((maxFileBytes * 4) / 3) + 1024;
  const maxBodyBytes = Math.min(maxFieldBytes + FORM_OVERHEAD_BYTES, deps.uploadMemoryBytes ?? Infinity);
  const store = deps.searchablePdfs ?? new SearchablePdfStore();
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  app.addHook('onClose', async () => store.clear());

  /** A place in the queue before the body is read (as /api/v1/convert's: admitRequest), or 503. */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    const started = performance.now();
    const { admission, signal } = await admitRequest(request, reply, deps.queue, {
      maxBytes: maxBodyBytes,
      tooLarge: () => new ConversionError('too-large', tooLarge(maxFileBytes).message),
      // A URL's file is fetched into memory: it holds what a file sent would.
      reserve: (declared) => (request.method === 'GET' ? maxFileBytes : (declared ?? maxBodyBytes)),
    });
    admitted.set(request, { admission, signal, started });
  }

  /** Runs one registry tool on the file through the queue and the pool, as /api/v1/convert does. */
  async function run(request: FastifyRequest, slug: string, file: InputFile, options: Record<string, string>): Promise<ConversionResult> {
    const state = admitted.get(request)!;
    if (options.language) await deps.modelDownloads?.(request, options.language.split('+'));
    // The body is in; the wait and the conversion are silent by design, bounded by the job timeout.
    // (A request injected in a test has a socket without timeouts.)
    const socket = typeof request.raw.socket?.setTimeout === 'function' ? request.raw.socket : undefined;
    const idleMs = request.server.server.timeout;
    socket?.setTimeout(0);
    try {
      return await deps.queue.run((signal) => deps.pool.run({ slug, input: { files: [file] }, options }, signal), state.signal, state.admission, slug);
    } finally {
      if (socket && !socket.destroyed) socket.setTimeout(idleMs);
    }
  }

  async function fileOf(request: FastifyRequest, sent: OcrSpaceRequest): Promise<InputFile> {
    const base64 = sent.fields.get('base64image');
    const url = sent.fields.get('url');
    const given = [sent.file, base64, url].filter((input) => input !== undefined && input !== '').length;
    if (given === 0) throw new OcrSpaceError('E301: No file, url or base64Image was given: send one of them.');
    if (given > 1) throw new OcrSpaceError('E301: Send one of file, url or base64Image, not several.');
    if (sent.file) return sent.file;
    if (base64) return decodeDataUri(base64, maxFileBytes);
    if (!deps.fetchUrl) throw new OcrSpaceError('E301: URL input is not available on this server: send the file itself, or as base64Image.');
    const fetched = await deps.fetchUrl(url!, admitted.get(request)!.signal);
    if (fetched.bytes.length > maxFileBytes) throw tooLarge(maxFileBytes);
    return { name: fetched.name, bytes: fetched.bytes };
  }

  /** The pages read, or the one failed entry of a file that could not be read. */
  async function read(request: FastifyRequest, file: InputFile, parameters: OcrSpaceParameters): Promise<ParsedResult[]> {
    let pages: PageWords[];
    try {
      const result = await run(request, READ_TOOL, file, { language: parameters.language });
      pages = result.data?.pages ?? [{ text: result.text ?? '' }];
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      // A picture with no text is read, and empty: OCR.space answers it so.
      if (error.code === 'no-text') pages = [{ text: '', lines: [] }];
      else if (READ_FAILURES.has(error.code)) return [failedPage(error)];
      else throw error;
    }
    return pages.map((page) => parsedPage(page, parameters));
  }

  /** The searchable PDF's address, or OCR.space's sentence where none was made. */
  async function searchablePdf(request: FastifyRequest, file: InputFile, parameters: OcrSpaceParameters): Promise<string> {
    if (!parameters.searchablePdf) return NOT_REQUESTED_PDF;
    let result: ConversionResult;
    try {
      result = await run(request, PDF_TOOL, file, { language: parameters.language });
    } catch (error) {
      if (error instanceof ConversionError && error.code !== 'busy' && error.code !== 'cancelled') {
        return `Searchable PDF not generated: ${error.message}`;
      }
      throw error;
    }
    const [pdf] = result.outputs;
    const id = pdf && store.put(pdf.name, pdf.bytes);
    if (!id) return 'Searchable PDF not generated: the server holds no room for it now; try again later.';
    const base = (deps.publicUrl || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
    return `${base}/parse/searchable-pdf/${id}`;
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, sent: OcrSpaceRequest) {
    const state = admitted.get(request)!;
    const parameters = parametersOf(sent.fields);
    await deps.checkFormKey?.(request, parameters.formKey);
    const file = await fileOf(request, sent);
    if (state.signal.aborted) throw state.signal.reason;
    const results = await read(request, file, parameters);
    const url = results.every((result) => result.FileParseExitCode !== 1) ? NOT_REQUESTED_PDF : await searchablePdf(request, file, parameters);
    return reply.type('application/json; charset=utf-8').send(pagesAnswer(results, state.started, url));
  }

  await app.register(async (scope) => {
    // application/x-www-form-urlencoded bodies, for this API alone (base64Image fits within).
    await scope.register(fastifyFormbody, { bodyLimit: maxBodyBytes });
    scope.setErrorHandler((error, request, reply) => {
      const started = admitted.get(request)?.started ?? performance.now();
      if (error instanceof OcrSpaceError) return reply.status(error.status).send(errorAnswer(error, started));
      const known = toHttpError(error);
      const status = errorStatus[known.code];
      if (status >= 500 && known.code !== 'busy' && known.code !== 'timeout') request.log.error({ err: error }, 'OCR.space request failed');
      const retryAfter = known.details.retryAfter ?? (status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      // Refused requests answer 200 as OCR.space's do, with OCRExitCode 99; the server's own
      // trouble keeps its status (429, 503 + Retry-After, 500) with OCRExitCode 4.
      // A page count over the limit is 'too-large' too, and says so itself.
      const message = known.code === 'too-large' && known.details.maxPages === undefined ? tooLarge(maxFileBytes).message : known.message;
      const failed = status >= 500 || status === 429;
      const ocrError = new OcrSpaceError(message, { status: failed ? status : 200, exitCode: failed ? 4 : 99 });
      return reply.status(ocrError.status).send(errorAnswer(ocrError, started, known.code));
    });
    const hooks = {
      onRequest: admit,
      onResponse: async (request: FastifyRequest) => admitted.get(request)?.admission.release(),
      // OCR.space clients may send their key in the form: counted once it is read (api-access.ts).
      config: { apiKeyInForm: true },
    };

    scope.post('/parse/image', { ...hooks, bodyLimit: maxBodyBytes }, async (request, reply) => {
      let sent: OcrSpaceRequest;
      if (request.isMultipart()) {
        sent = await readMultipart(request, { fileBytes: maxFileBytes, fieldBytes: maxFieldBytes, fields: MAX_FIELDS });
      } else if (request.body && typeof request.body === 'object') {
        sent = { fields: fieldsOf(Object.entries(request.body)) };
      } else {
        throw new OcrSpaceError('E301: Send the request as multipart/form-data or application/x-www-form-urlencoded.');
      }
      return answer(request, reply, sent);
    });

    scope.get('/parse/imageurl', hooks, async (request, reply) => {
      const fields = fieldsOf(Object.entries((request.query ?? {}) as Record<string, unknown>));
      if (!fields.get('url')) throw new OcrSpaceError("E301: GET /parse/imageurl reads the file at 'url': give it.");
      // The URL alone: this address reads no file sent with it.
      fields.delete('base64image');
      return answer(request, reply, { fields });
    });

    scope.get<{ Params: { id: string } }>('/parse/searchable-pdf/:id', async (request, reply) => {
      const pdf = /^[0-9a-f]{32}$/.test(request.params.id) ? store.get(request.params.id) : undefined;
      if (!pdf) return sendError(reply, new ConversionError('not-found', 'No such searchable PDF: each is kept for an hour after its answer.'));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(pdf.name))
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength));
    });
  });
}
