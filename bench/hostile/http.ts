// HTTP requests with the control the attacks need: bodies written in pieces (a 50 MB file is
// never copied per client), abort right after the upload is sent, a deadline per request.
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export interface Answer {
  /** HTTP status, or 'timeout', 'aborted' (we hung up on purpose) or a socket error code. */
  status: number | string;
  /** Time from the request's start to its answer (headers), or to the failure. */
  ms: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  /** Body pieces, written in order. */
  body?: (string | Uint8Array)[];
  timeoutMs?: number;
  /** Hang up as soon as the last byte of the body is handed to the kernel. */
  abortAfterUpload?: boolean;
  /** Keep at most this much of the answer's body (it is only read for its error shape). */
  keepBodyBytes?: number;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

export function request(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', headers = {}, body = [], timeoutMs = 30_000, abortAfterUpload = false, keepBodyBytes = 4096 } = options;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms'>, ms = performance.now() - started) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms });
    };
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent });
    const timer = setTimeout(() => {
      finish({ status: 'timeout', body: '', headers: {} });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      const answeredMs = performance.now() - started;
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < keepBodyBytes) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      const done = () =>
        finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, keepBodyBytes), headers: res.headers }, answeredMs);
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({ status: abortAfterUpload && req.writableFinished ? 'aborted' : (error.code ?? error.message), body: '', headers: {} });
    });
    void (async () => {
      for (const [index, piece] of body.entries()) {
        if (req.destroyed) return;
        if (index === body.length - 1) {
          req.end(piece, () => {
            if (abortAfterUpload) {
              finish({ status: 'aborted', body: '', headers: {} });
              req.destroy();
            }
          });
          return;
        }
        if (!req.write(piece)) await new Promise((resolve) => req.once('drain', resolve).once('close', resolve));
      }
      req.end();
    })();
  });
}

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body as pieces (the files' bytes are not copied) and its headers. */
export function multipart(fields: Record<string, string>, files: FilePart[]): { headers: Record<string, string | number>; body: (string | Uint8Array)[] } {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const body: (string | Uint8Array)[] = [];
  for (const [name, value] of Object.entries(fields)) {
    body.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const file of files) {
    body.push(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`);
    body.push(file.bytes);
    body.push('\r\n');
  }
  body.push(`--${boundary}--\r\n`);
  const length = body.reduce((sum, piece) => sum + (typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength), 0);
  return { headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length }, body };
}

/** POST one PDF (or image) to a convert slug. */
export function convert(port: number, slug: string, file: FilePart, fields: Record<string, string> = {}, options: RequestOptions = {}): Promise<Answer> {
  const form = multipart(fields, [file]);
  return request(port, `/api/v1/convert/${slug}`, { ...options, method: 'POST', headers: { ...form.headers, ...options.headers }, body: form.body });
}

export const pdfPart = (bytes: Uint8Array, filename = 'input.pdf'): FilePart => ({ name: 'file', filename, type: 'application/pdf', bytes });

/** Whether an answer's body is `{"error":{"code","message"}}` with string code and message. */
export function hasErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string';
  } catch {
    return false;
  }
}
