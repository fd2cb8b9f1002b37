import PQueue from 'p-queue';
import { ConversionError } from '@textlift/core';

/**
 * After its abort, a job keeps its slot until it has really stopped (its worker thread ended,
 * its tesseract processes reaped), at most this long. Measured: 6-23 ms from the abort of an OCR
 * job to its thread gone and its tesseract reaped, on 2 busy cores; 2 s only bounds a job that
 * ignores its signal.
 */
const STOP_GRACE_MS = 2000;

/** Requests waiting for a place (JobQueue.admitWithin) at most; past that, refused at once. */
const MAX_AT_THE_DOOR = 512;

interface DoorWaiter {
  bytes: number;
  admit(): void;
}

/** A place in the queue, taken before the request's body is read and given back when its answer is done. */
export interface Admission {
  /** The bytes this request may hold in memory (its Content-Length, or its tool's largest). */
  readonly bytes: number;
  /** Idempotent. */
  release(): void;
}

export interface JobQueueLimits {
  /** Upload bytes all admitted requests may hold together; Infinity: no byte bound. */
  memoryBytes?: number;
  /** Told when a job that ran has ended, done or failed (metrics.ts); not for one that left the queue before it started. */
  onJobSettled?: (job: { tool: string; seconds: number; error?: unknown }) => void;
}

/**
 * Bounded concurrency with a bounded wait: a conversion holds a core for seconds, so a request
 * is admitted only while fewer than `concurrency + limit` requests are uploading, waiting or
 * running, and the upload bytes they hold stay under `memoryBytes`; past that a new one is refused
 * at once (503 + Retry-After) rather than left to time out. Every job is stopped after `timeoutMs`.
 */
export class JobQueue {
  private readonly queue: PQueue;
  private readonly limit: number;
  private readonly timeoutMs: number;
  private readonly memoryBytes: number;
  private readonly onJobSettled: JobQueueLimits['onJobSettled'];
  private admittedCount = 0;
  private admittedBytes = 0;
  /** Mean job time in ms, for Retry-After; starts at a typical OCR page. */
  private meanMs = 2000;

  constructor(concurrency: number, limit: number, timeoutMs: number, { memoryBytes = Infinity, onJobSettled }: JobQueueLimits = {}) {
    this.queue = new PQueue({ concurrency });
    this.limit = limit;
    this.timeoutMs = timeoutMs;
    this.memoryBytes = memoryBytes;
    this.onJobSettled = onJobSettled;
  }

  get running(): number {
    return this.queue.pending;
  }

  get waiting(): number {
    return this.queue.size;
  }

  /** Admitted requests not yet in the queue: their body is still arriving (or their answer still leaving). */
  get uploading(): number {
    return Math.max(0, this.admittedCount - this.queue.pending - this.queue.size);
  }

  /** Upload bytes the admitted requests may hold. */
  get heldBytes(): number {
    return this.admittedBytes;
  }

  /** Requests admitted at most: the ones running plus the ones allowed to wait. */
  get capacity(): number {
    return this.queue.concurrency + this.limit;
  }

  /** Seconds until a place is likely free. */
  retryAfterSeconds(): number {
    const ahead = Math.max(this.admittedCount, this.queue.size + this.queue.pending);
    return Math.max(1, Math.ceil((ahead * this.meanMs) / Math.max(1, this.queue.concurrency) / 1000));
  }

  /**
   * Takes a place for a request that will hold `bytes` of upload, or throws 'busy' (with
   * retryAfter) when the places or the upload bytes are all taken.
   */
  admit(bytes = 0): Admission {
    if (!this.hasPlace(bytes) || this.doorWaiters.length > 0) throw this.busy();
    return this.take(bytes);
  }

  /**
   * A place as admit gives one, or, where none is free, the first to free up within `waitMs`,
   * first come first served; then 'busy'. The request waits with its body unread (the client's
   * upload held back by TCP), so waiting costs a socket, not memory; at most MAX_AT_THE_DOOR wait.
   * Clients that retry a 503 at once (no backoff) made their refusals the server's main work:
   * measured with 50 such clients against 20 places, 1,500 refusals a second took most of a
   * core from the conversions (throughput 1.1 pages a second against 3.5 with 10 clients).
   */
  admitWithin(bytes: number, waitMs: number, signal?: AbortSignal): Promise<Admission> {
    if (this.hasPlace(bytes) && this.doorWaiters.length === 0) return Promise.resolve(this.take(bytes));
    if (waitMs <= 0 || this.doorWaiters.length >= MAX_AT_THE_DOOR || signal?.aborted) return Promise.reject(this.busy());
    return new Promise<Admission>((resolve, reject) => {
      const waiter: DoorWaiter = {
        bytes,
        admit: () => {
          leave();
          resolve(this.take(bytes));
        },
      };
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        const at = this.doorWaiters.indexOf(waiter);
        if (at >= 0) this.doorWaiters.splice(at, 1);
      };
      const gone = () => {
        leave();
        reject(this.busy());
      };
      const timer = setTimeout(gone, waitMs);
      signal?.addEventListener('abort', gone, { once: true });
      this.doorWaiters.push(waiter);
    });
  }

  private readonly doorWaiters: DoorWaiter[] = [];
  private idleAt = performance.now();

  /** Milliseconds since the last request left, 0 while one is admitted (idle-memory.ts). */
  get idleMs(): number {
    return this.admittedCount > 0 ? 0 : performance.now() - this.idleAt;
  }

  private hasPlace(bytes: number): boolean {
    return this.admittedCount < this.capacity && (this.admittedCount === 0 || this.admittedBytes + bytes <= this.memoryBytes);
  }

  private busy(): ConversionError {
    return new ConversionError('busy', 'The server is busy.', { retryAfter: this.retryAfterSeconds() });
  }

  private take(bytes: number): Admission {
    this.admittedCount++;
    this.admittedBytes += bytes;
    let released = false;
    return {
      bytes,
      release: () => {
        if (released) return;
        released = true;
        this.admittedCount--;
        this.admittedBytes -= bytes;
        if (this.admittedCount === 0) this.idleAt = performance.now();
        // The first at the door takes the place (strictly in order: a large upload is not passed by small ones).
        const first = this.doorWaiters[0];
        if (first && this.hasPlace(first.bytes)) first.admit();
      },
    };
  }

  /**
   * Runs `job` when a slot is free. `outerSignal` (the client left) takes a waiting job out of
   * the queue, or aborts a running one. Without an `admission` the job takes (and gives back)
   * a place of its own, and is refused when there is none. `tool` names the job in the metrics.
   */
  async run<T>(job: (signal: AbortSignal) => Promise<T>, outerSignal?: AbortSignal, admission?: Admission, tool = 'other'): Promise<T> {
    const own = admission ? undefined : this.admit();
    try {
      return await this.schedule(job, outerSignal, tool);
    } finally {
      own?.release();
    }
  }

  private async schedule<T>(job: (signal: AbortSignal) => Promise<T>, outerSignal: AbortSignal | undefined, tool: string): Promise<T> {
    const cancelled = () => new ConversionError('cancelled', 'Cancelled.');
    if (outerSignal?.aborted) throw cancelled();
    // Two signals: one takes the job out of the wait list (p-queue drops it, the slot was never
    // taken), the other stops it once it runs; p-queue's own signal would free the slot at the
    // abort, before the job has stopped.
    const wait = new AbortController();
    const controller = new AbortController();
    let started = false;
    const cancel = () => (started ? controller : wait).abort(cancelled());
    outerSignal?.addEventListener('abort', cancel, { once: true });
    try {
      return (await this.queue.add(
        async () => {
          started = true;
          const timer = setTimeout(() => controller.abort(new ConversionError('timeout', 'The conversion took too long.')), this.timeoutMs);
          const begun = performance.now();
          let failure: unknown;
          const work = job(controller.signal);
          const settled = work.then(
            () => undefined,
            () => undefined,
          );
          try {
            const result = await Promise.race([
              work,
              new Promise<never>((_, reject) => {
                controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
              }),
            ]);
            // A job that answers its abort signal by resolving has still been stopped.
            if (controller.signal.aborted) throw controller.signal.reason;
            return result;
          } catch (error) {
            failure = error ?? new Error('rejected without a reason');
            if (controller.signal.aborted) {
              let timeout: NodeJS.Timeout | undefined;
              await Promise.race([settled, new Promise((resolve) => (timeout = setTimeout(resolve, STOP_GRACE_MS)))]);
              clearTimeout(timeout);
            }
            throw error;
          } finally {
            clearTimeout(timer);
            const elapsedMs = performance.now() - begun;
            this.meanMs = this.meanMs * 0.8 + elapsedMs * 0.2;
            this.onJobSettled?.({ tool, seconds: elapsedMs / 1000, error: failure });
          }
        },
        { signal: wait.signal },
      )) as T;
    } finally {
      outerSignal?.removeEventListener('abort', cancel);
    }
  }
}
