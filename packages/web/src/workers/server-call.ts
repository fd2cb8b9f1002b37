import { parse as parseContentDisposition } from 'content-disposition';
import type { ConversionResult, ProgressCallback } from '@textlift/core/conversion';
import { ConversionError, isErrorCode } from '@textlift/core/errors';

export interface ServerJob {
  files?: Array<Blob & { name?: string }>;
  text?: string;
  options?: Record<string, unknown>;
}

export interface ServerCallOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

/**
 * The failure of an API answer that is not 200: our error shape's code and words, or where the
 * body is not ours (a proxy's page), what its status means.
 */
export function answerError(status: number, body: string): ConversionError {
  let code: string = status === 413 ? 'too-large' : status === 415 ? 'unsupported-type' : 'engine-failed';
  let message = `HTTP ${status}`;
  let details: Record<string, string | number> = {};
  try {
    const parsed = JSON.parse(body) as { error?: { code?: string; message?: string; details?: Record<string, string | number> } };
    code = parsed.error?.code ?? code;
    message = parsed.error?.message ?? message;
    details = parsed.error?.details ?? {};
  } catch {
    // Not our error shape: the status decides.
  }
  return new ConversionError(isErrorCode(code) ? code : 'engine-failed', message, details);
}

/** The file name an answer's Content-Disposition gives (RFC 6266: `filename*`, decoded, before `filename`). */
function attachmentName(header: string | null): string {
  try {
    return (header && parseContentDisposition(header).parameters.filename) || 'download';
  } catch {
    // Not a header of ours (a proxy's): the file still downloads.
    return 'download';
  }
}

/**
 * POST /api/v1/convert/{slug}, from the page or from its worker (a Word document sent to be laid
 * out): the answer as a result, or a ConversionError with the server's code; aborting cancels.
 * XMLHttpRequest rather than fetch: it reports upload progress, which a large file needs.
 */
export function convertOnServer(slug: string, job: ServerJob, { signal, onProgress }: ServerCallOptions = {}): Promise<ConversionResult> {
  const form = new FormData();
  for (const file of job.files ?? []) form.append('file', file, file.name ?? 'file');
  if (job.text !== undefined) form.append('text', job.text);
  for (const [name, value] of Object.entries(job.options ?? {})) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));

  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ConversionError('cancelled', 'Cancelled.'));
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/convert/${slug}`);
    request.responseType = 'arraybuffer';
    // Sending is the first half of the bar; the server's work, which reports no progress, the rest.
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.((event.loaded / event.total) * 0.5, 'uploading');
    };
    request.upload.onload = () => onProgress?.(0.5, 'converting');
    request.onerror = () => reject(new ConversionError('server-unreachable', 'The server could not be reached.'));
    request.onload = () => {
      const type = request.getResponseHeader('Content-Type') ?? 'application/octet-stream';
      const bytes = new Uint8Array(request.response as ArrayBuffer);
      if (request.status === 200) {
        if (type.startsWith('application/json')) {
          const body = JSON.parse(new TextDecoder().decode(bytes)) as { results?: Array<{ format: string; text: string }> };
          return resolve({ outputs: [], data: { codes: body.results ?? [] } });
        }
        return resolve({ outputs: [{ name: attachmentName(request.getResponseHeader('Content-Disposition')), type, bytes }] });
      }
      reject(answerError(request.status, new TextDecoder().decode(bytes)));
    };
    signal?.addEventListener(
      'abort',
      () => {
        request.abort();
        reject(new ConversionError('cancelled', 'Cancelled.'));
      },
      { once: true },
    );
    request.send(form);
  });
}
