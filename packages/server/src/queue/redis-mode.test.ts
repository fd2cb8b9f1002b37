import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { characterErrorRate } from '../../../../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../../../../test-support/corpus.ts';
import { startRedisServer, type RedisServer } from '../../../../test-support/redis-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { inputKey, QUEUE_NAME, QUEUE_PREFIX, resultKey, writeResult } from './job-payload.ts';
import { countJobsWith, hasSpareCore } from '../engines/spare-cores.ts';
import { startQueueWorker } from './queue-worker.ts';
import { RedisConversionRunner } from './redis-runner.ts';

/** A worker that stopped renewing its job gives it up after this; kept short so a killed worker's job moves within seconds. */
const LOCK_MS = 3000;
const STALLED_CHECK_MS = 1000;
/** The queue carries up to this much a job here, so that (d) needs no large upload. */
const MAX_JOB_MB = 2;

const workerScript = new URL('../worker.ts', import.meta.url).pathname;
const silent = { info() {}, warn() {} };

interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** Its pino records so far (JSON: its stdout is a pipe). */
  logs: Array<Record<string, unknown>>;
  /** Resolves with the first record, past or future, that `match` accepts. */
  waitFor(match: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

function startWorker(redisUrl: string): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [workerScript], {
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      TEXTLIFT_CONCURRENCY: '1',
      TEXTLIFT_REDIS_LOCK_MS: String(LOCK_MS),
      TEXTLIFT_REDIS_STALLED_CHECK_MS: String(STALLED_CHECK_MS),
      TEXTLIFT_REDIS_MAX_JOB_MB: String(MAX_JOB_MB),
      TEXTLIFT_OFFICE: 'off',
      TEXTLIFT_APERTIUM: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const watchers = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      return;
    }
    for (const watcher of watchers) watcher();
  });
  const waitFor = (match: (record: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = logs.find(match);
        if (found) {
          watchers.delete(check);
          resolve(found);
        }
      };
      child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal})`)));
      watchers.add(check);
      check();
    });
  const worker = { child, pid: child.pid!, logs, waitFor };
  return waitFor((record) => String(record.msg).startsWith('Worker ')).then(() => worker);
}

const message = (pattern: RegExp) => (record: Record<string, unknown>) => pattern.test(String(record.msg));

let redisServer: RedisServer;
let redis: Redis;
let workers: WorkerProcess[] = [];
let queued: FastifyInstance;
let embedded: FastifyInstance;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const origins: { queued: string; embedded: string } = { queued: '', embedded: '' };
const appConfig = { logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 1000, office: 'off', apertium: 'off' } as const;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url);
  [workers, queued, embedded] = await Promise.all([
    Promise.all([startWorker(redisServer.url), startWorker(redisServer.url)]),
    buildApp({ ...appConfig, redisUrl: redisServer.url, redisMaxJobBytes: MAX_JOB_MB * 1024 * 1024 }),
    buildApp(appConfig),
  ]);
  origins.queued = await listen(queued);
  origins.embedded = await listen(embedded);
});

afterAll(async () => {
  await Promise.all([queued?.close(), embedded?.close()]);
  for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
  await Promise.all(workers.map((worker) => (worker.child.exitCode === null && worker.child.signalCode === null ? once(worker.child, 'exit') : undefined)));
  redis?.disconnect();
  await redisServer?.stop();
});

function convert(origin: string, slug: string, files: Array<[Uint8Array, string]>, fields: Record<string, string> = {}, signal?: AbortSignal) {
  const form = new FormData();
  for (const [bytes, name] of files) form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return fetch(`${origin}/api/v1/convert/${slug}`, { method: 'POST', body: form, signal });
}

/** Both modes' answers to the same request. */
const both = (send: (origin: string) => Promise<Response>) => Promise.all([send(origins.queued), send(origins.embedded)]);

function pdfText(bytes: ArrayBuffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'textlift-queue-pdf-'));
  try {
    writeFileSync(path.join(dir, 'out.pdf'), Buffer.from(bytes));
    return spawnSync('pdftotext', [path.join(dir, 'out.pdf'), '-'], { encoding: 'utf8' }).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The job keys of ours left in Redis: none once every request has been answered. */
async function payloadKeys(): Promise<string[]> {
  return [...(await redis.keys(`${QUEUE_PREFIX}:input:*`)), ...(await redis.keys(`${QUEUE_PREFIX}:result:*`))];
}

const PAGE = 'ocr/pytesseract-test.jpg';

describe('conversions through BullMQ and two worker processes', () => {
  test('an OCR job and a PDF job answer as the embedded server does', async () => {
    const [ocrQueued, ocrEmbedded] = await both((origin) => convert(origin, 'image-to-text', [[corpusFile(PAGE), 'page.jpg']], { language: 'eng' }));
    expect(ocrQueued.status).toBe(200);
    expect(ocrQueued.headers.get('content-disposition')).toBe(ocrEmbedded.headers.get('content-disposition'));
    const text = await ocrQueued.text();
    expect(text).toBe(await ocrEmbedded.text());
    expect(characterErrorRate(text, corpusExpected(PAGE))).toBeLessThanOrEqual(0.005);

    const typed = 'Invoice 2041\nScaled out on a queue, read back by poppler.';
    const [pdfQueued, pdfEmbedded] = await both((origin) => {
      const form = new FormData();
      form.append('text', typed);
      return fetch(`${origin}/api/v1/convert/text-to-pdf`, { method: 'POST', body: form });
    });
    expect(pdfQueued.status).toBe(200);
    expect(pdfQueued.headers.get('content-type')).toBe('application/pdf');
    const read = pdfText(await pdfQueued.arrayBuffer());
    expect(read).toContain('Scaled out on a queue, read back by poppler.');
    expect(read).toBe(pdfText(await pdfEmbedded.arrayBuffer()));
    // Both jobs were taken by a worker process, and their bytes are gone from Redis.
    const taken = workers.flatMap((worker) => worker.logs.filter(message(/ taken$/)).map((record) => record.tool));
    expect(taken).toEqual(expect.arrayContaining(['image-to-text', 'text-to-pdf']));
    expect(await payloadKeys()).toEqual([]);
  });

  test('an OCR.space client gets the same words and boxes through the queue', async () => {
    const [queued, embedded] = await both((origin) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(corpusFile(PAGE))]), 'page.jpg');
      form.append('language', 'eng');
      form.append('isOverlayRequired', 'true');
      return fetch(`${origin}/parse/image`, { method: 'POST', body: form });
    });
    expect(queued.status).toBe(200);
    const [queuedJson, embeddedJson] = [await queued.json(), await embedded.json()];
    expect(queuedJson).toMatchObject({ OCRExitCode: 1, IsErroredOnProcessing: false });
    // The word boxes travel in the result's data: the same as read in the server's own process.
    expect(queuedJson.ParsedResults).toEqual(embeddedJson.ParsedResults);
    expect(queuedJson.ParsedResults[0].TextOverlay.Lines.length).toBeGreaterThan(3);
  });

  test('a bad file gets the same error JSON and status in both modes, and is not retried', async () => {
    const notAnImage = new TextEncoder().encode('This is a text file, not a picture.');
    const [queuedAnswer, embeddedAnswer] = await both((origin) => convert(origin, 'image-to-text', [[notAnImage, 'scan.jpg']]));
    expect(queuedAnswer.status).toBe(415);
    expect(queuedAnswer.status).toBe(embeddedAnswer.status);
    const error = await queuedAnswer.json();
    expect(error).toEqual(await embeddedAnswer.json());
    expect(error).toMatchObject({ error: { code: 'unsupported-type' } });
    const failed = workers.flatMap((worker) => worker.logs.filter(message(/failed: unsupported-type$/)));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.jobId).toEqual(expect.any(String));
    const attempts = workers.flatMap((worker) => worker.logs.filter((record) => record.jobId === failed[0]?.jobId && message(/ taken$/)(record)));
    expect(attempts).toHaveLength(1);
  });

  test('a job larger than the queue carries is refused before it is queued, naming the limit', async () => {
    const before = Number(await redis.get(`${QUEUE_PREFIX}:${QUEUE_NAME}:id`));
    const large = new Uint8Array(MAX_JOB_MB * 1024 * 1024 + 1);
    const response = await convert(origins.queued, 'image-to-text', [[large, 'large.jpg']]);
    expect(response.status).toBe(413);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('too-large');
    expect(error.message).toMatch(/runs its conversions on a queue, which carries up to 2 MB a job/);
    expect(Number(await redis.get(`${QUEUE_PREFIX}:${QUEUE_NAME}:id`))).toBe(before);
  });

  test('an answer larger than the queue carries fails the same way, and nothing of it is stored', async () => {
    const outputs = [{ name: 'pages.zip', type: 'application/zip', bytes: new Uint8Array(MAX_JOB_MB * 1024 * 1024) }];
    await expect(writeResult(redis, 'too-large-answer', { outputs }, MAX_JOB_MB * 1024 * 1024, 60_000)).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/larger than the 2 MB a job's answer may be on this server's queue/),
    });
    expect(await redis.exists(resultKey('too-large-answer'))).toBe(0);
  });

  test('/healthz says Redis is reachable and how deep the queue is', async () => {
    const response = await fetch(`${origins.queued}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', queue: { mode: 'redis', reachable: true, waiting: 0, active: 0 } });
    const plain = await (await fetch(`${origins.embedded}/healthz`)).json();
    expect(plain).not.toHaveProperty('queue');
  });

  test('a client that leaves stops the job its worker is running', async () => {
    const seen = workers.map((worker) => worker.logs.length);
    const controller = new AbortController();
    const request = convert(origins.queued, 'image-to-text', [[corpusFile(PAGE), 'page.jpg']], {}, controller.signal).catch(() => undefined);
    const taken = await Promise.race(
      workers.map((worker, index) => worker.waitFor((record) => worker.logs.indexOf(record) >= seen[index]! && message(/ taken$/)(record))),
    );
    controller.abort();
    await request;
    const holder = workers.find((worker) => worker.logs.includes(taken))!;
    await holder.waitFor((record) => record.jobId === taken.jobId && message(/failed: cancelled$/)(record));
    expect(holder.logs.some((record) => record.jobId === taken.jobId && message(/ done$/)(record))).toBe(false);
  });

  test('a worker killed mid-job: BullMQ finds the job stalled and the other worker completes it, nothing lost', async () => {
    const seen = workers.map((worker) => worker.logs.length);
    const answer = convert(origins.queued, 'image-to-text', [[corpusFile(PAGE), 'page.jpg']], { language: 'eng' });
    const taken = await Promise.race(
      workers.map((worker, index) => worker.waitFor((record) => worker.logs.indexOf(record) >= seen[index]! && message(/ taken$/)(record))),
    );
    const [victim, survivor] = workers[0]!.logs.includes(taken) ? [workers[0]!, workers[1]!] : [workers[1]!, workers[0]!];
    victim.child.kill('SIGKILL');
    await once(victim.child, 'exit');

    const response = await answer;
    expect(response.status).toBe(200);
    expect(characterErrorRate(await response.text(), corpusExpected(PAGE))).toBeLessThanOrEqual(0.005);
    // The same job, taken again and finished by the worker still alive.
    await survivor.waitFor((record) => record.jobId === taken.jobId && message(/ done$/)(record));
    expect(victim.logs.some((record) => record.jobId === taken.jobId && message(/ done$/)(record))).toBe(false);
    // BullMQ's own record of it: stalled once, then completed.
    const events = await redis.xrange(`${QUEUE_PREFIX}:${QUEUE_NAME}:events`, '-', '+');
    const ofJob = events.map(([, fields]) => fields).filter((fields) => fields.includes(String(taken.jobId)));
    const names = ofJob.map((fields) => fields[fields.indexOf('event') + 1]);
    expect(names).toContain('stalled');
    expect(names.at(-1)).toBe('completed');
    expect(await redis.hlen(inputKey(String(taken.jobId)))).toBe(0);
    expect(await payloadKeys()).toEqual([]);
    expect(await queued.inject({ url: '/healthz' }).then((reply) => reply.json())).toMatchObject({ queue: { waiting: 0, active: 0 } });
  });
});

describe('the Redis runner alone', () => {
  test('a job still waiting for a worker is taken off the queue when its client leaves, its bytes deleted', async () => {
    // A Redis of its own, where no worker listens: the job waits.
    const lonely = await startRedisServer();
    const runner = new RedisConversionRunner(loadConfig({ redisUrl: lonely.url }), silent);
    const app = await buildApp({ ...appConfig, redisUrl: lonely.url });
    const client = new Redis(lonely.url);
    try {
      const controller = new AbortController();
      const run = runner.run({ slug: 'image-to-text', input: { files: [{ name: 'page.jpg', bytes: corpusFile(PAGE) }] }, options: {} }, controller.signal);
      run.catch(() => {});
      await expect.poll(() => runner.depth()).toEqual({ waiting: 1, active: 0 });
      expect(await client.keys(`${QUEUE_PREFIX}:input:*`)).toHaveLength(1);
      controller.abort(new Error('client gone'));
      await expect(run).rejects.toThrow('client gone');
      expect(await runner.depth()).toEqual({ waiting: 0, active: 0 });
      expect(await client.keys(`${QUEUE_PREFIX}:input:*`)).toEqual([]);
      expect(await runner.reachable()).toBe(true);
      // Redis gone: /healthz's question answers false within its second, and a job gets 503.
      client.disconnect();
      await lonely.stop();
      expect(await runner.reachable()).toBe(false);
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'redis-unreachable', queue: { mode: 'redis', reachable: false } });
      await expect(runner.run({ slug: 'text-to-pdf', input: { text: 'x' }, options: {} }, new AbortController().signal)).rejects.toMatchObject({
        code: 'engine-unavailable',
      });
    } finally {
      await Promise.all([runner.close(), app.close()]);
      client.disconnect();
      await lonely.stop();
    }
  });

  test('a worker reads ahead of need only while no other job waits on the queue', async () => {
    const lonely = await startRedisServer();
    const config = loadConfig({ redisUrl: lonely.url, concurrency: 1 });
    const runner = new RedisConversionRunner(config, silent);
    const setting = process.env.TEXTLIFT_READ_AHEAD;
    delete process.env.TEXTLIFT_READ_AHEAD;
    // Each job says, as it starts, whether a reading ahead of need could start beside it.
    const spare: boolean[] = [];
    const pool = {
      run: async () => {
        spare.push(hasSpareCore(0));
        return { outputs: [], text: 'read' };
      },
      close: async () => {},
    };
    let worker: Awaited<ReturnType<typeof startQueueWorker>> | undefined;
    try {
      const signal = new AbortController().signal;
      const jobs = [1, 2, 3].map(() => runner.run({ slug: 'text-to-pdf', input: { text: 'x' }, options: {} }, signal));
      // Settled here or, where the test fails first, by the runner's close.
      for (const job of jobs) job.catch(() => {});
      await expect.poll(() => runner.depth()).toEqual({ waiting: 3, active: 0 });
      worker = await startQueueWorker(config, pool, silent);
      await Promise.all(jobs);
      // One at a time: two wait behind the first, one behind the second, none behind the last.
      expect(spare).toEqual([false, false, true]);
    } finally {
      if (setting === undefined) delete process.env.TEXTLIFT_READ_AHEAD;
      else process.env.TEXTLIFT_READ_AHEAD = setting;
      countJobsWith(() => 0);
      await Promise.all([worker?.close(), runner.close()]);
      await lonely.stop();
    }
  });
});
