import os from 'node:os';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { ConversionError } from '@textlift/core';
import type { ServerConfig } from '../config.ts';
import type { ConversionRunner } from '../conversion-runner.ts';
import { releaseWhenIdle } from '../idle-memory.ts';
import { JobQueue } from '../job-queue.ts';
import { countJobsWith } from '../engines/spare-cores.ts';
import { CANCEL_CHANNEL, encodeFailure, payloadTtlMs, QUEUE_NAME, QUEUE_PREFIX, readInput, writeResult } from './job-payload.ts';

/**
 * Times a job whose worker died may be put back on the queue; one more stall fails it (500), so
 * a file that kills every worker that reads it does not go round them all.
 */
const MAX_STALLS = 1;

/** How often a worker holding a job looks at how many wait on the queue (for its readings ahead of need). */
const WAITING_CHECK_MS = 250;

interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface QueueWorker {
  /** host:pid, as BullMQ records it on each job it takes (job.processedBy). */
  readonly name: string;
  /** Takes no new job, lets the running ones finish, then closes its connections. */
  close(): Promise<void>;
}

/**
 * Takes conversions off the Redis queue and runs each through `pool` (the same ConversionPool the
 * embedded server runs, with the same time limit per job), `config.concurrency` at a time. The
 * answer goes back through Redis to the web server waiting for it (queue/redis-runner.ts).
 */
export async function startQueueWorker(config: ServerConfig, pool: ConversionRunner, log: WorkerLog): Promise<QueueWorker> {
  const name = `${os.hostname()}:${process.pid}`;
  const ttlMs = payloadTtlMs(config);
  // Payload reads and writes wait through a short loss of Redis rather than fail the job.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const cancels = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  for (const client of [redis, cancels]) client.on('error', (error) => log.warn({ err: error }, 'Redis connection error'));
  // The job's time limit and its stop (thread ended, engine processes reaped), as the web server applies them embedded.
  const jobs = new JobQueue(config.concurrency, 0, config.jobTimeoutMs);
  const stopReleasing = releaseWhenIdle(jobs);
  // A page reads ahead of need only where no other job wants the cores. This worker's own jobs
  // are not all of them: jobs waiting on the queue are about to be taken, by it or by another
  // worker on the same machine, and a reading ahead then costs a page's throughput (two workers
  // on two cores, one job at a time each, answered half as many pages as with it off).
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: QUEUE_PREFIX });
  // The connection's own listener logs Redis's errors; BullMQ would print each again on stderr.
  queue.on('error', () => {});
  let taken = 0;
  let waitingOnQueue = 0;
  let watching: NodeJS.Timeout | undefined;
  // One look at a time: while Redis is away a look waits for it, and the next ones join it.
  let looking: Promise<void> | undefined;
  const lookAtQueue = () =>
    (looking ??= queue
      .getWaitingCount()
      .then(
        (count) => {
          waitingOnQueue = count;
        },
        () => {},
      )
      .finally(() => {
        looking = undefined;
      }));
  countJobsWith(() => taken + waitingOnQueue);

  async function convert(job: Job<{ slug: string }>, _token?: string, signal?: AbortSignal) {
    const jobId = job.id ?? '';
    const begun = performance.now();
    log.info({ jobId, tool: job.data.slug, worker: name, attempt: job.attemptsMade + 1 }, `job ${jobId} taken`);
    taken += 1;
    watching ??= setInterval(lookAtQueue, WAITING_CHECK_MS);
    const looked = lookAtQueue();
    try {
      const task = await readInput(redis, jobId, job.data.slug);
      if (!task) throw new ConversionError('cancelled', 'The job’s input is gone: its client left, or it waited past its time.');
      await looked;
      const result = await jobs.run((stop) => pool.run(task, stop), signal);
      const bytes = await writeResult(redis, jobId, result, config.redisMaxJobBytes, ttlMs);
      log.info({ jobId, tool: job.data.slug, ms: Math.round(performance.now() - begun), bytes }, `job ${jobId} done`);
      return { bytes };
    } catch (error) {
      // A conversion's answer, failure included, is final: the same input fails the same way again.
      if (error instanceof ConversionError) {
        log.info({ jobId, tool: job.data.slug, code: error.code, ms: Math.round(performance.now() - begun) }, `job ${jobId} failed: ${error.code}`);
        throw new UnrecoverableError(encodeFailure(error));
      }
      log.warn({ jobId, err: error }, `job ${jobId} failed outside the conversion`);
      throw error;
    } finally {
      taken -= 1;
      if (taken === 0) {
        clearInterval(watching);
        watching = undefined;
      }
    }
  }

  const worker = new Worker<{ slug: string }>(QUEUE_NAME, convert, {
    connection: { url: config.redisUrl },
    prefix: QUEUE_PREFIX,
    name,
    concurrency: config.concurrency,
    lockDuration: config.redisLockMs,
    stalledInterval: config.redisStalledCheckMs,
    maxStalledCount: MAX_STALLS,
    autorun: false,
  });
  worker.on('error', (error) => log.warn({ err: error }, 'queue worker error'));
  // The web server whose client left publishes the job's id; the worker that holds it stops it
  // (BullMQ aborts the job's signal, the pool ends its thread and engine processes).
  cancels.on('message', (_channel, jobId: string) => {
    if (worker.cancelJob(jobId, 'The client left.')) log.info({ jobId }, `job ${jobId} cancelled: its client left`);
  });
  await cancels.subscribe(CANCEL_CHANNEL);
  void worker.run().catch((error: unknown) => log.warn({ err: error }, 'queue worker stopped'));
  await worker.waitUntilReady();

  return {
    name,
    async close() {
      stopReleasing();
      // Closing waits for the running jobs, the last of which stops the looks at the queue.
      await worker.close();
      await queue.close();
      cancels.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
