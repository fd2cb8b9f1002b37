import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { freePort } from '../free-port.ts';

/** A PDF of `pages` scanned pages (the same photo of text on each): every page is OCRed. */
export async function scannedPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedJpg(corpusFile('ocr/pytesseract-test.jpg'));
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawImage(image, { x: 40, y: 400, width: 515, height: (515 * image.height) / image.width });
  }
  return pdf.save();
}

/** A PDF of `pages` pages of plain text: long to lay out as Word, no OCR. */
export async function textPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Page ${i + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 40, y: 800 - line * 19, size: 11, font });
    }
  }
  return pdf.save({ useObjectStreams: true });
}

/** A one-page text PDF carrying `bytes` of an object nothing refers to: read in milliseconds, whatever its size. */
export async function paddedPdf(bytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('The padding is never read.', { x: 50, y: 700, size: 14, font });
  pdf.context.register(pdf.context.stream(new Uint8Array(bytes)));
  return pdf.save();
}

/** The status of a fetch (undici) posting `file`, its body read; or its network error's code. */
export async function postOutcome(url: string, file: Blob, name: string): Promise<string> {
  const body = new FormData();
  body.append('file', file, name);
  try {
    const response = await fetch(url, { method: 'POST', body });
    const text = await response.text();
    if (response.status === 503 && !response.headers.get('retry-after')) return '503 without Retry-After';
    if (response.status === 404 && !text.includes('"not-found"')) return '404 without its JSON';
    return String(response.status);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `network error ${cause?.code ?? cause?.message ?? String(error)}`;
  }
}

/** Outcomes counted: "404 ×6", "200 ×2, 503 ×28". */
export function tally(results: string[]): string {
  const counts = new Map<string, number>();
  for (const result of results) counts.set(result, (counts.get(result) ?? 0) + 1);
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
}

/** A multipart form with one file and option fields, as a browser sends it. */
export function form(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

/** Child processes of `pid` (tesseract runs), with their state letter (Z: not reaped). */
export function childrenOf(pid: number): Array<{ pid: number; state: string; name: string }> {
  const out: Array<{ pid: number; state: string; name: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (Number(ppid) === pid) out.push({ pid: Number(entry), state: state!, name });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** Open file descriptors of this process. */
export function fdCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Sockets among this process's descriptors. */
export function socketCount(): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) count++;
    } catch {
      // Closed while we looked.
    }
  }
  return count;
}

/** Resident memory of a process and all its descendants, in MB, from /proc. */
export function treeRssMb(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      rss.set(Number(entry), Number(fields[21]) * 4096);
    } catch {
      // Gone.
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += bytes;
        break;
      }
    }
  }
  return total / (1024 * 1024);
}

/** A raw TCP connection to the server, resolved once connected. */
export function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with the ms until the server closes `socket` (end or reset), or -1 after `limitMs`. */
export function closedWithin(socket: net.Socket, limitMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(-1), limitMs);
    const done = () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    };
    socket.on('error', () => {});
    socket.once('close', done);
    socket.resume();
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** ms from the request's first byte to the response head. */
  ms: number;
}

/** Resolves with the response head as soon as it arrives on `socket`, or null when the socket closes first. */
export function responseHead(socket: net.Socket, since = performance.now()): Promise<RawResponse | null> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, ms: performance.now() - since });
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(null));
    socket.on('error', () => {});
  });
}

/** A multipart upload's head and the framing around one file of `size` bytes. */
export function multipartUpload(slug: string, size: number, fileName = 'a.pdf') {
  const boundary = 'hostile-boundary-7f3a';
  const before = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = before.length + size + after.length;
  const head =
    `POST /api/v1/convert/${slug} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${length}\r\n\r\n`;
  return { head, before, after, length };
}

/** Writes `total` bytes to `socket` in 1 MB chunks, respecting back-pressure; resolves with the bytes the socket took before it closed. */
export async function pump(socket: net.Socket, total: number): Promise<number> {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let written = 0;
  while (written < total && !socket.destroyed && socket.writable) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
    const flushed = socket.write(piece);
    written += piece.length;
    if (!flushed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done);
          socket.off('close', done);
          resolve();
        };
        socket.once('drain', done);
        socket.once('close', done);
      });
    }
  }
  return written;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 10 ms until it holds; resolves with the ms it took, or -1 after `limitMs`. */
export async function until(check: () => boolean | Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await sleep(10);
  }
  return -1;
}

/**
 * A server of its own for the early-answer tests: one job at a time, one waiting, 100 MB of
 * uploads admitted, so a flood is mostly refused before its bodies are read.
 */
export async function startEarlyAnswerServer(): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
    env: serverProcessEnv(port, {
      TEXTLIFT_OFFICE: 'off',
      TEXTLIFT_APERTIUM: 'off',
      TEXTLIFT_API_RATE_LIMIT: '100000',
      TEXTLIFT_CONCURRENCY: '1',
      TEXTLIFT_QUEUE_LIMIT: '1',
      TEXTLIFT_UPLOAD_MEMORY_MB: '100',
    }),
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  if (!(await healthyWithin(origin, 30_000))) {
    child.kill('SIGKILL');
    throw new Error('the server did not start');
  }
  return { child, origin };
}

/**
 * The environment of a server started as a process of its own on `port`: the API only, an
 * in-memory database, warnings only; `env` adds to it or overrides it.
 */
export function serverProcessEnv(port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    TEXTLIFT_WEB_ROOT: '/nonexistent',
    TEXTLIFT_DATABASE: ':memory:',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/** Whether the server at `origin` answered /healthz within `limitMs` (a server started as its own process). */
export async function healthyWithin(origin: string, limitMs: number): Promise<boolean> {
  // Its own connection, closed after the answer: a probe's idle connection in fetch's pool would
  // be reused by the test's first request, and the server closes it after its keep-alive timeout.
  const answered = () =>
    new Promise<boolean>((resolve) => {
      http
        .get(`${origin}/healthz`, { agent: false, headers: { connection: 'close' } }, (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
  return (await until(answered, limitMs)) >= 0;
}

/** The real app on an ephemeral loopback port, with the limits a test sets (timeouts of about 1 s). */
export interface Server {
  app: FastifyInstance;
  origin: string;
  port: number;
}

export async function start(overrides: Partial<ServerConfig>): Promise<Server> {
  const app = await buildApp({ logLevel: 'silent', webRoot: '/nonexistent', databaseFile: ':memory:', apiRateLimit: 10_000, ...overrides });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  return { app, origin: `http://127.0.0.1:${port}`, port };
}
