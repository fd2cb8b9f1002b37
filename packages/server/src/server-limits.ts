import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';

/*
 * What a client may hold of the server, and for how long. The defaults (config.ts) and why:
 *
 * - idleTimeoutMs 30 s: a socket that moves no byte either way this long is closed. Before the
 *   fix, 1000 uploads that sent a few bytes and stalled were held for ever (descriptors 27 →
 *   1029). Not applied while a job converts (routes/convert.ts: the connection is silent by
 *   design then, and the job timeout bounds it).
 * - headersTimeoutMs 20 s: request line and headers; a browser sends them in one packet.
 * - requestTimeoutMs 300 s: the whole request, body included (not the conversion): a 50 MB PDF
 *   at 2 Mbit/s takes 200 s.
 * - keepAliveTimeoutMs 5 s (Node's default; Fastify's own is 72 s): a page's assets are fetched
 *   within a second of its HTML. Behind a proxy that keeps upstream connections, set it above the
 *   proxy's idle timeout.
 * - maxConnections 896: one descriptor each; 1024 (Debian's default `ulimit -n`) less 128 for the
 *   process's own (27 at start: modules, epoll, stdio, SQLite) and its jobs' (a running OCR job:
 *   a thread's 2 and a tesseract's 3 pipes). Past it Node closes new connections at once.
 *
 * Memory of uploads: a convert request is admitted (routes/convert.ts) only while
 *   admitted requests < concurrency + queueLimit  and  Σ admitted Content-Length ≤ uploadMemoryBytes
 * so the uploads held at once are at most min(uploadMemoryBytes, (concurrency + queueLimit) ×
 * the largest tool request) — 256 MB by default, whatever the number of clients. A running job's
 * files move to its thread without a copy.
 */

/*
 * Heap of a conversion thread (workerHeapMb, 512 MB): peak V8 heap measured per job with no limit
 * (bench/hostile/measure-heap.ts): a photo's OCR 24 MB, a 3-page scan 30, tracemonkey to Word 82, GeoTopo
 * to Word 128, a million characters to PDF 101, 1000 text pages to text 143, merging 2 × 1000
 * pages 114, 1000 text pages to Word 470. The smallest limit each passes with: 32 MB for most,
 * 48 for the million characters, 96 for GeoTopo, 384 for 1000 pages to Word (320 fails). 1000
 * pages is PDF to Word's page limit, so 512 lets every legitimate job through with a third to
 * spare, and stops one that would take the machine's memory.
 *
 * Past its limit a thread is usually stopped alone (ERR_WORKER_OUT_OF_MEMORY: the job answers
 * 500 engine-failed, piscina starts another thread). Not always: with some allocation patterns V8
 * aborts the whole process instead (nodejs/node#47224; here: 1000 pages to Word with a 192 MB
 * limit aborted the process in 1 run of 2). The limit is therefore set well above any real job,
 * and the server must run under a supervisor that restarts it.
 *
 * Memory after load (bench/hostile/soak.ts: 60 s of 4 clients over 8 tools, then idle; RSS of the server and
 * its tesseract children from /proc; start 100-113 MB, peak 0.8-1.2 GB):
 *   before (threads kept 60 s)                    928 MB after 30 s idle
 *   threads stopped after 10 s idle               386 MB
 *   + MALLOC_ARENA_MAX=2                          288 MB
 *   + MALLOC_MMAP_THRESHOLD_=131072               224 MB
 *   + both                                        205 MB
 * glibc keeps freed memory in per-thread arenas, and after a large Buffer is freed it raises its
 * mmap threshold (up to 32 MB), so later ones come from arenas that are never given back; a fixed
 * threshold keeps every large block in its own mapping, returned on free. No cost in time seen:
 * 24 jobs (4 clients) took 28-34 s with both against 39-43 s without, on a shared, busy machine.
 * The threshold is 64 KiB, not 128: an upload's body arrives in 64 KiB socket buffers, which
 * under a 128 KiB threshold filled the brk heap, and one long-lived block above them kept the
 * heap from shrinking (bench/server-memory.ts, ten 50 MB uploads then OCR and Word jobs, 60 s
 * idle: +107 to +158 MB over the start at 128 KiB, the brk heap holding 130 MB; +62 and +68 MB
 * at 64 KiB, the heap 14 MB). Soak throughput and memory were the same with either (20-37 jobs
 * a run, 205-224 MB after idle).
 * Both are read when the process starts: they belong in the environment of `npm start` (README).
 */

/** Node checks header and request deadlines on a timer; a quarter of the shortest keeps the overshoot under 25 %. */
function checkingInterval(config: ServerConfig): number {
  const deadlines = [config.headersTimeoutMs, config.requestTimeoutMs].filter((ms) => ms > 0);
  if (deadlines.length === 0) return 30_000;
  return Math.min(30_000, Math.max(100, Math.floor(Math.min(...deadlines) / 4)));
}

/** Fastify's options for the deadlines above. */
export function connectionOptions(config: ServerConfig) {
  const headersTimeout = config.requestTimeoutMs > 0 ? Math.min(config.headersTimeoutMs, config.requestTimeoutMs) : config.headersTimeoutMs;
  return {
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: checkingInterval(config) },
  } satisfies Partial<FastifyHttpOptions<Server>>;
}

/** The conversion route answers `Expect: 100-continue` itself, once the request is admitted. */
const CONVERT_PATH = /^\/api\/v1\/convert\//;

/** The connection cap, and who answers `Expect: 100-continue`. Call once, after Fastify() has created the server. */
export function applyConnectionLimits(app: FastifyInstance, config: ServerConfig) {
  if (config.maxConnections > 0) app.server.maxConnections = config.maxConnections;
  // Node answers 100 Continue by itself unless told otherwise, and the client then sends its
  // whole body even when the answer is going to be 503. For a conversion the route decides.
  app.server.on('checkContinue', (request, response) => {
    if (!CONVERT_PATH.test(request.url ?? '')) response.writeContinue();
    app.server.emit('request', request, response);
  });
}
