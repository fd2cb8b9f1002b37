import PQueue from 'p-queue';
import { ConversionError } from '@textlift/core';

/**
 * Bounded concurrency with a bounded wait: a conversion holds a core for seconds, so past
 * `limit` waiting jobs a new one is refused at once (503 + Retry-After) rather than left to
 * time out, and every job is stopped after `timeoutMs`.
 */
export class JobQueue {
  private readonly queue: PQueue;
  private readonly limit: number;
  private readonly timeoutMs: number;
  /** Mean job time in ms, for Retry-After; starts at a typical OCR page. */
  private meanMs = 2000;

  constructor(concurrency: number, limit: number, timeoutMs: number) {
    this.queue = new PQueue({ concurrency });
    this.limit = limit;
    this.timeoutMs = timeoutMs;
  }

  get running(): number {
    return this.queue.pending;
  }

  get waiting(): number {
    return this.queue.size;
  }

  /** Seconds until a place is likely free. */
  retryAfterSeconds(): number {
    const ahead = this.queue.size + this.queue.pending;
    return Math.max(1, Math.ceil((ahead * this.meanMs) / Math.max(1, this.queue.concurrency) / 1000));
  }

  run<T>(job: (signal: AbortSignal) => Promise<T>, outerSignal?: AbortSignal): Promise<T> {
    if (this.queue.size >= this.limit) {
      return Promise.reject(new ConversionError('busy', 'The server is busy.', { retryAfter: this.retryAfterSeconds() }));
    }
    return this.queue.add(async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new ConversionError('timeout', 'The conversion took too long.')), this.timeoutMs);
      const cancel = () => controller.abort(new ConversionError('cancelled', 'Cancelled.'));
      outerSignal?.addEventListener('abort', cancel, { once: true });
      const started = performance.now();
      try {
        const result = await Promise.race([
          job(controller.signal),
          new Promise<never>((_, reject) => {
            controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
          }),
        ]);
        // A job that answers its abort signal by resolving has still been stopped.
        if (controller.signal.aborted) throw controller.signal.reason;
        return result;
      } finally {
        clearTimeout(timer);
        outerSignal?.removeEventListener('abort', cancel);
        this.meanMs = this.meanMs * 0.8 + (performance.now() - started) * 0.2;
      }
    }) as Promise<T>;
  }
}
