import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { ConversionError, type ConversionResult } from '@textlift/core';
import type { ServerConfig } from '../config.ts';
import type { ConversionRunner, QueueDepth, RunnerTask } from '../conversion-runner.ts';
import {
  CANCEL_CHANNEL,
  decodeFailure,
  inputKey,
  payloadTtlMs,
  QUEUE_NAME,
  QUEUE_PREFIX,
  readResult,
  resultKey,
  taskBytes,
  tooLargeForQueue,
  writeInput,
} from './job-payload.ts';

/** A request made while this server is not yet connected to Redis waits this long for it before its 503. */
const CONNECT_WAIT_MS = 2000;

/** How long closing waits for Redis to take the connections' QUIT. */
const CLOSE_WAIT_MS = 1000;

/** A ping slower than this counts as Redis unreachable in /healthz. */
const PING_TIMEOUT_MS = 1000;

/**
 * Attempts of a job. A conversion's own failure is final on the first (the worker throws it as
 * BullMQ's UnrecoverableError), as it is in the embedded mode; a second attempt is for a failure
 * around it (the worker lost Redis while reading the input or writing the result). A worker that
 * dies mid-job does not use an attempt: BullMQ's stalled-job check puts the job back on the queue.
 */
const JOB_ATTEMPTS = 2;

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

interface Logger {
  warn(object: object, message: string): void;
}

const unreachable = () => new ConversionError('engine-unavailable', 'The conversion queue cannot be reached; try again in a moment.');

/**
 * Conversions through a BullMQ queue on Redis, taken by `npm run worker` processes anywhere
 * (queue/queue-worker.ts): the web server stores the input, queues the job, waits for its end on
 * BullMQ's event stream and reads the result back. It holds no state beyond the requests it is
 * answering, so any number of web servers share the queue.
 */
export class RedisConversionRunner implements ConversionRunner {
  private readonly redis: Redis;
  private readonly queue: Queue;
  private events?: QueueEvents;
  private readonly url: string;
  private readonly waiters = new Map<string, Waiter>();
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly log: Logger;
  private starting?: Promise<void>;
  private closed = false;

  constructor(config: ServerConfig, log: Logger) {
    this.maxBytes = config.redisMaxJobBytes;
    this.ttlMs = payloadTtlMs(config);
    this.log = log;
    // Commands fail at once while Redis is away (the request gets 503), rather than wait in
    // ioredis's offline queue for a reconnection that may not come.
    this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => {});
    this.redis.on('ready', () => void this.ready().catch(() => {}));
    this.queue = new Queue(QUEUE_NAME, { connection: { url: config.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false }, prefix: QUEUE_PREFIX });
    this.queue.on('error', () => {});
    this.url = config.redisUrl;
  }

  /** Listening to the queue's events: started once Redis answers, again after a failed start. */
  private async ready(): Promise<void> {
    if (this.events) return;
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /**
   * Reads the event stream from its last entry now, not from "$" (BullMQ's default): with "$"
   * an event written between two of its blocking reads is never seen, and the request waiting
   * on it would wait until its time limit.
   */
  private async start(): Promise<void> {
    if (this.redis.status !== 'ready') {
      await once(this.redis, 'ready', { signal: AbortSignal.timeout(CONNECT_WAIT_MS) });
    }
    const [last] = await this.redis.xrevrange(`${QUEUE_PREFIX}:${QUEUE_NAME}:events`, '+', '-', 'COUNT', 1);
    if (this.closed) return;
    const events = new QueueEvents(QUEUE_NAME, { connection: { url: this.url }, prefix: QUEUE_PREFIX, lastEventId: last?.[0] ?? '0-0' });
    events.on('error', () => {});
    events.on('completed', ({ jobId }) => this.waiters.get(jobId)?.resolve());
    events.on('failed', ({ jobId, failedReason }) => {
      const waiter = this.waiters.get(jobId);
      if (!waiter) return;
      const error = decodeFailure(failedReason);
      if (!error) this.log.warn({ jobId, failedReason }, 'a queued conversion failed outside the conversion');
      waiter.reject(error ?? new ConversionError('engine-failed', 'The conversion failed on the worker that ran it.'));
    });
    this.events = events;
  }

  async run(task: RunnerTask, signal: AbortSignal): Promise<ConversionResult> {
    if (signal.aborted) throw signal.reason;
    // Refused before anything is queued: the bytes would have to go through Redis.
    if (taskBytes(task) > this.maxBytes) throw tooLargeForQueue('input', this.maxBytes);
    const jobId = randomUUID();
    let queued = false;
    let stopWaiting: (() => void) | undefined;
    try {
      await this.redisCall(() => this.ready());
      const finished = new Promise<void>((resolve, reject) => this.waiters.set(jobId, { resolve, reject }));
      const aborted = new Promise<never>((_, reject) => {
        stopWaiting = () => reject(signal.reason);
        signal.addEventListener('abort', stopWaiting, { once: true });
      });
      // Either may settle after this request has already failed another way.
      finished.catch(() => {});
      aborted.catch(() => {});
      await this.redisCall(() => writeInput(this.redis, jobId, task, this.ttlMs));
      await this.redisCall(() => this.queue.add(task.slug, { slug: task.slug }, { jobId, attempts: JOB_ATTEMPTS, removeOnComplete: true, removeOnFail: true }));
      queued = true;
      await Promise.race([finished, aborted]);
      const result = await this.redisCall(() => readResult(this.redis, jobId));
      if (!result) throw new ConversionError('engine-failed', 'The result of the conversion was lost on its way back.');
      return result;
    } catch (error) {
      if (signal.aborted && queued) await this.cancel(jobId);
      throw error;
    } finally {
      if (stopWaiting) signal.removeEventListener('abort', stopWaiting);
      this.waiters.delete(jobId);
      // The input and the result go as soon as the job ends, whatever its end; their TTL is the backstop.
      await this.redis.del(inputKey(jobId), resultKey(jobId)).catch(() => {});
    }
  }

  /**
   * A job whose client has gone: taken off the queue while it waits; once a worker holds it
   * (BullMQ's remove answers 0 for a locked job), that worker is told to stop it.
   */
  private async cancel(jobId: string): Promise<void> {
    try {
      if ((await this.queue.remove(jobId)) === 0) await this.redis.publish(CANCEL_CHANNEL, jobId);
    } catch {
      // Redis is away: the worker finds the input gone or finishes; the payload TTL cleans up.
    }
  }

  private async redisCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ConversionError) throw error;
      throw unreachable();
    }
  }

  /** Whether Redis answers a ping within a second. */
  async reachable(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const ping = this.redis.ping().then((answer) => answer === 'PONG');
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
      return await Promise.race([ping, late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Jobs waiting for a worker and jobs running, over all web servers of the queue. */
  async depth(): Promise<QueueDepth> {
    const counts = await this.queue.getJobCounts('waiting', 'active');
    return { waiting: counts.waiting ?? 0, active: counts.active ?? 0 };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => {});
    for (const waiter of this.waiters.values()) waiter.reject(new ConversionError('cancelled', 'The server is stopping.'));
    // BullMQ's close waits for Redis to take its QUIT, for ever while Redis is away, or fails and
    // leaves ioredis reconnecting; then the connections are dropped without it (disconnect stops
    // the reconnection at once, its promise may never settle for a client already ended).
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    if (this.redis.status === 'ready') await Promise.race([Promise.allSettled([this.events?.close(), this.queue.close()]), late]);
    clearTimeout(timer);
    for (const connection of [this.events, this.queue]) void connection?.disconnect().catch(() => {});
    this.redis.disconnect();
  }
}
