import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ConversionError } from '@textlift/core';

/** Who may read GET /metrics: nobody, the machine and its private network (the default), or anyone. */
export type MetricsAccess = 'off' | 'private' | 'public';

/** What a process is in a deployment: the web server, or (Redis mode) a queue worker. */
export type ProcessRole = 'web' | 'worker';

/**
 * Seconds a job may take, bucketed: a QR code or a text to PDF in 50-250 ms, an OCR page in 1-5 s
 * on a busy core, a long PDF or a Word document up to the job timeout (120 s by default).
 */
const JOB_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

/** Seconds from a request's arrival to its answer: a page in a millisecond, an OCR upload as long as its job. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** A route label for a request no route took (the site's pages and 404s answer from the not-found handler). */
const UNROUTED = 'unrouted';

/** How many jobs are in each state ('running', 'waiting', 'uploading' here; a Redis queue has its own) and the upload bytes held. */
export interface QueueDepth {
  jobs: Record<string, number>;
  heldBytes?: number;
}

/** How a job ended, as a queue tells it. */
export interface JobSettled {
  /** The tool's slug; 'other' when the caller named none. */
  tool: string;
  seconds: number;
  /** Undefined when it succeeded. */
  error?: unknown;
}

/** The error code a failed job counts under: a ConversionError's, else 'internal'. */
export function failureCode(error: unknown): string {
  return error instanceof ConversionError ? error.code : 'internal';
}

/**
 * This process's Prometheus metrics, in a registry of its own (each app a test builds has its
 * own). Every series carries `role` and `pid`, so the processes of a deployment (several web
 * servers, queue workers) are told apart when one scrape target holds several.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly jobSeconds: Histogram<'tool' | 'outcome'>;
  private readonly jobsFailed: Counter<'tool' | 'code'>;
  private readonly rateLimited: Counter<'route'>;
  private readonly queues = new Map<string, () => QueueDepth | Promise<QueueDepth>>();

  constructor(role: ProcessRole) {
    this.registry.setDefaultLabels({ role, pid: String(process.pid) });
    // Memory, CPU, event loop lag, GC pauses, handles: prom-client's standard process_* and nodejs_* series.
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'textlift_http_requests_total',
      help: 'HTTP requests answered, by route template and status class (2xx, 4xx...).',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'textlift_http_request_duration_seconds',
      help: 'Seconds from a request arriving to its answer sent, by route template.',
      labelNames: ['method', 'route'],
      buckets: REQUEST_SECONDS_BUCKETS,
      registers,
    });
    this.jobSeconds = new Histogram({
      name: 'textlift_job_duration_seconds',
      help: 'Seconds a conversion ran (its wait in the queue not counted), by tool and outcome (ok, failed).',
      labelNames: ['tool', 'outcome'],
      buckets: JOB_SECONDS_BUCKETS,
      registers,
    });
    this.jobsFailed = new Counter({
      name: 'textlift_jobs_failed_total',
      help: 'Conversions that ended in an error, by tool and error code (timeout, corrupt, cancelled...).',
      labelNames: ['tool', 'code'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'textlift_rate_limited_total',
      help: 'Requests refused with 429 (a client past its rate limit), by route template.',
      labelNames: ['route'],
      registers,
    });
    const queues = this.queues;
    new Gauge({
      name: 'textlift_queue_jobs',
      help: 'Jobs in each state of each queue, read when scraped.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, read] of queues) {
          for (const [state, count] of Object.entries((await read()).jobs)) this.set({ queue, state }, count);
        }
      },
    });
    new Gauge({
      name: 'textlift_queue_held_upload_bytes',
      help: 'Upload bytes the requests admitted to a queue may hold in memory, read when scraped.',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, read] of queues) {
          const { heldBytes } = await read();
          if (heldBytes !== undefined) this.set({ queue }, heldBytes);
        }
      },
    });
  }

  /**
   * A queue whose depth is read at each scrape: `read` is asked then (it may be async, as a Redis
   * queue's counts are), so the figures are never stale and nothing runs between scrapes.
   */
  addQueue(name: string, read: () => QueueDepth | Promise<QueueDepth>): void {
    this.queues.set(name, read);
  }

  jobSettled({ tool, seconds, error }: JobSettled): void {
    this.jobSeconds.observe({ tool, outcome: error === undefined ? 'ok' : 'failed' }, seconds);
    if (error !== undefined) this.jobsFailed.inc({ tool, code: failureCode(error) });
  }

  requestAnswered(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNROUTED;
    const status = reply.statusCode;
    this.requests.inc({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` });
    this.requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status === 429) this.rateLimited.inc({ route });
  }
}

/**
 * Private and loopback ranges: the machine itself, its LAN or VPC (RFC 1918, IPv6 unique-local),
 * link-local. A Prometheus server scraping the host is in one of them; a visitor is not.
 */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  // A zone index (fe80::1%eth0) names the interface, not the address.
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  if (isIPv4(bare)) return PRIVATE.check(bare, 'ipv4');
  if (isIPv6(bare)) return PRIVATE.check(bare, 'ipv6');
  return false;
}

/** An address as a header writes it, bare: "[2001:db8::1]:4711" and "192.0.2.1:80" lose their brackets and port. */
function bareAddress(written: string): string {
  const value = written.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\]/.exec(value);
  if (bracketed) return bracketed[1]!;
  return /^\d+\.\d+\.\d+\.\d+:\d+$/.test(value) ? value.slice(0, value.lastIndexOf(':')) : value;
}

/** Every address a request names: its socket's peer, the address Fastify took, each hop of X-Forwarded-For and Forwarded. */
function addressesOf(request: FastifyRequest): string[] {
  const addresses = [request.socket.remoteAddress ?? '', request.ip];
  for (const value of [request.headers['x-forwarded-for'] ?? []].flat()) addresses.push(...value.split(','));
  for (const match of (request.headers.forwarded ?? '').matchAll(/for=("[^"]*"|[^;,\s]+)/gi)) addresses.push(match[1]!);
  return addresses.map(bareAddress);
}

/**
 * In 'private' mode a scrape is answered when every address the request names is private: a
 * visitor reaching the server through a proxy on the same machine comes from 127.0.0.1, but the
 * proxy names the visitor in X-Forwarded-For, and that refuses it, with or without trustProxy.
 */
export function mayReadMetrics(access: MetricsAccess, request: FastifyRequest): boolean {
  if (access === 'public') return true;
  if (access === 'off') return false;
  return addressesOf(request).every(isPrivateAddress);
}

/**
 * GET /metrics, and the hook that counts every request. A scrape it may not answer gets what an
 * address the server does not have gets (the site's 404), so the public site does not show that
 * it keeps figures. Not rate-limited, and logged only at warn: a scrape every 15 s is no event.
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, access: MetricsAccess): void {
  app.addHook('onResponse', async (request, reply) => metrics.requestAnswered(request, reply));
  if (access === 'off') return;
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(access, request)) return reply.callNotFound();
    const text = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
