import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blankPng, truncated } from '../../../test-support/images.ts';
import { buildApp } from './app.ts';
import { JobQueue } from './job-queue.ts';
import { isPrivateAddress, ServerMetrics } from './metrics.ts';

/**
 * The Prometheus text format (0.0.4), line by line: HELP and TYPE comments, then samples of a
 * declared family with well-formed labels and a number. Returns the samples by their series.
 */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const label = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\["\\\\n])*"';
  // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes
  // the event loop's mean lag as "Nan" before its first sample).
  const sample = new RegExp(`^(${name})(\\{(?:${label})(?:,${label})*\\})? (-?[0-9.e+-]+|nan|[+-]inf)$`, 'i');
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    // The format ignores empty lines; prom-client puts one between families.
    if (line === '') continue;
    if (line.startsWith('# HELP ')) {
      expect(line).toMatch(new RegExp(`^# HELP ${name} .+$`));
      continue;
    }
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const match = sample.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const family = match[1]!.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(match[1]!) || types.has(family), `${match[1]} has a # TYPE`).toBe(true);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

/** The value of the one series of `name` whose labels include all of `labels`. */
function seriesValue(samples: Map<string, number>, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const found = [...samples].filter(([series]) => series.startsWith(`${name}{`) && wanted.every((pair) => series.includes(pair)));
  if (found.length > 1) throw new Error(`${found.length} series of ${name} match ${wanted.join(',')}`);
  return found[0]?.[1];
}

describe('GET /metrics on the app', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 3 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app.close());

  async function scrape(): Promise<Map<string, number>> {
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(response.body);
  }

  /** Over a real socket: the route sets the socket's timeouts, which inject's has not. */
  function convert(slug: string, file: Buffer | undefined, fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('file', new Blob([new Uint8Array(file)]), 'in.png');
    return fetch(`${origin}/api/v1/convert/${slug}`, { method: 'POST', body: form });
  }

  test('counts a conversion under its tool, a failure under its code, requests by route, refusals by the rate limit', async () => {
    const before = await scrape();
    expect(seriesValue(before, 'textlift_job_duration_seconds_count', { tool: 'qr-generator' })).toBeUndefined();

    expect((await convert('qr-generator', undefined, { text: 'metrics' })).status).toBe(200);
    const broken = await convert('image-to-text', truncated(blankPng(400, 300)), {});
    expect(broken.status).toBe(422);
    const code = ((await broken.json()) as { error: { code: string } }).error.code;
    expect((await convert('qr-generator', undefined, { text: 'again' })).status).toBe(200);
    // The fourth API request in the minute is the one past this app's limit of 3.
    expect((await convert('qr-generator', undefined, { text: 'refused' })).status).toBe(429);

    const after = await scrape();
    expect(seriesValue(after, 'textlift_job_duration_seconds_count', { tool: 'qr-generator', outcome: 'ok' })).toBe(2);
    const sum = seriesValue(after, 'textlift_job_duration_seconds_sum', { tool: 'qr-generator', outcome: 'ok' })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
    // Both in the bucket of the job timeout, the histogram's last.
    expect(seriesValue(after, 'textlift_job_duration_seconds_bucket', { tool: 'qr-generator', outcome: 'ok', le: '120' })).toBe(2);
    expect(seriesValue(after, 'textlift_job_duration_seconds_bucket', { tool: 'qr-generator', outcome: 'ok', le: '+Inf' })).toBe(2);
    expect(seriesValue(after, 'textlift_jobs_failed_total', { tool: 'image-to-text', code })).toBe(1);
    expect(seriesValue(after, 'textlift_jobs_failed_total', { tool: 'qr-generator' })).toBeUndefined();
    expect(seriesValue(after, 'textlift_job_duration_seconds_count', { tool: 'image-to-text', outcome: 'failed' })).toBe(1);

    const route = '/api/v1/convert/:slug';
    expect(seriesValue(after, 'textlift_http_requests_total', { method: 'POST', route, status_class: '2xx' })).toBe(2);
    expect(seriesValue(after, 'textlift_http_requests_total', { method: 'POST', route, status_class: '4xx' })).toBe(2);
    expect(seriesValue(after, 'textlift_rate_limited_total', { route })).toBe(1);
    expect(seriesValue(after, 'textlift_http_request_duration_seconds_count', { method: 'POST', route })).toBe(4);
    // The scrape before this one was counted too, under its own route.
    expect(seriesValue(after, 'textlift_http_requests_total', { method: 'GET', route: '/metrics', status_class: '2xx' })).toBe(1);
  });

  test('every series names its process; the queue and the process itself are there', async () => {
    const samples = await scrape();
    for (const series of samples.keys()) expect(series).toContain(`role="web"`);
    for (const series of samples.keys()) expect(series).toContain(`pid="${process.pid}"`);
    for (const state of ['running', 'waiting', 'uploading']) {
      expect(seriesValue(samples, 'textlift_queue_jobs', { queue: 'embedded', state })).toBe(0);
    }
    expect(seriesValue(samples, 'textlift_queue_held_upload_bytes', { queue: 'embedded' })).toBe(0);
    expect(seriesValue(samples, 'process_resident_memory_bytes', {})).toBeGreaterThan(10 * 1024 * 1024);
    expect(seriesValue(samples, 'nodejs_eventloop_lag_p99_seconds', {})).toBeGreaterThanOrEqual(0);
    expect([...samples.keys()].some((series) => series.startsWith('nodejs_heap_size_used_bytes'))).toBe(true);
  });

  test('answered to the machine and private networks; a public address, or a visitor through a proxy, gets the 404 of any unknown address', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.4.0.9', '192.168.1.20', '::1', 'fd00::7', '::ffff:172.20.1.1']) {
      expect((await app.inject({ url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    const unknown = await app.inject({ url: '/no-such-address', remoteAddress: '203.0.113.5' });
    for (const remoteAddress of ['203.0.113.5', '2001:db8::1', '::ffff:198.51.100.2', '172.32.0.1']) {
      const refused = await app.inject({ url: '/metrics', remoteAddress });
      expect(refused.statusCode, remoteAddress).toBe(404);
      expect(refused.body).toBe(unknown.body.replace('/no-such-address', '/metrics'));
      expect(refused.body).not.toContain('textlift_');
    }
    // A reverse proxy on the same machine: the socket is loopback, the visitor is named in a header.
    const viaProxy = { url: '/metrics', remoteAddress: '127.0.0.1' };
    expect((await app.inject({ ...viaProxy, headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode).toBe(404);
    expect((await app.inject({ ...viaProxy, headers: { 'x-forwarded-for': '10.0.0.3, 198.51.100.7' } })).statusCode).toBe(404);
    expect((await app.inject({ ...viaProxy, headers: { forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https' } })).statusCode).toBe(404);
    expect((await app.inject({ ...viaProxy, headers: { forwarded: 'for=unknown' } })).statusCode).toBe(404);
    expect((await app.inject({ ...viaProxy, headers: { 'x-forwarded-for': '10.0.0.3' } })).statusCode).toBe(200);
  });

  test('the answer carries the request id', async () => {
    const first = await app.inject('/healthz');
    const second = await app.inject('/healthz');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

test('TEXTLIFT_METRICS: public answers anyone, off no one', async () => {
  const open = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', metrics: 'public' });
  const closed = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', metrics: 'off' });
  try {
    expect((await open.inject({ url: '/metrics', remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    expect((await closed.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  } finally {
    await Promise.all([open.close(), closed.close()]);
  }
});

test('the queue gauges are read from the queue at each scrape', async () => {
  const metrics = new ServerMetrics('web');
  const queue = new JobQueue(1, 4, 60_000, { onJobSettled: (job) => metrics.jobSettled(job) });
  metrics.addQueue('embedded', () => ({ jobs: { running: queue.running, waiting: queue.waiting, uploading: queue.uploading }, heldBytes: queue.heldBytes }));
  const read = async () => parseExposition(await metrics.registry.metrics());
  const gauge = (samples: Map<string, number>, state: string) => seriesValue(samples, 'textlift_queue_jobs', { queue: 'embedded', state });

  const uploading = queue.admit(5000);
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const first = queue.run(() => gate, undefined, undefined, 'ocr-pdf');
  const second = queue.run(async () => 'done', undefined, undefined, 'ocr-pdf');
  let samples = await read();
  expect([gauge(samples, 'running'), gauge(samples, 'waiting'), gauge(samples, 'uploading')]).toEqual([1, 1, 1]);
  expect(seriesValue(samples, 'textlift_queue_held_upload_bytes', { queue: 'embedded' })).toBe(5000);

  finish();
  await Promise.all([first, second]);
  uploading.release();
  samples = await read();
  expect([gauge(samples, 'running'), gauge(samples, 'waiting'), gauge(samples, 'uploading')]).toEqual([0, 0, 0]);
  expect(seriesValue(samples, 'textlift_queue_held_upload_bytes', { queue: 'embedded' })).toBe(0);
  expect(seriesValue(samples, 'textlift_job_duration_seconds_count', { tool: 'ocr-pdf', outcome: 'ok' })).toBe(2);

  // A second queue (Redis mode's) is read through the same gauge, asynchronously.
  metrics.addQueue('bullmq', async () => ({ jobs: { waiting: 7, active: 2 } }));
  samples = await read();
  expect(seriesValue(samples, 'textlift_queue_jobs', { queue: 'bullmq', state: 'waiting' })).toBe(7);
  expect(seriesValue(samples, 'textlift_queue_jobs', { queue: 'bullmq', state: 'active' })).toBe(2);
});

test('private addresses', () => {
  for (const address of [
    '127.0.0.1',
    '127.8.9.1',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '::1',
    'fc00::1',
    'fe80::1%eth0',
  ]) {
    expect(isPrivateAddress(address), address).toBe(true);
  }
  for (const address of ['8.8.8.8', '172.15.0.1', '172.32.0.1', '100.64.0.1', '2001:db8::1', '::ffff:8.8.8.8', '', 'unknown', '_hidden']) {
    expect(isPrivateAddress(address), address).toBe(false);
  }
});
