import Piscina from 'piscina';
import { ConversionError, isErrorCode, type ConversionResult } from '@textlift/core';
import type { ServerConfig } from './config.ts';
import type { ConversionOutcome, ConversionTask } from './conversion-thread.ts';

/** A thread idle this long is stopped; the next job starts a new one (about 100 ms). */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * The worker threads that run conversions, one job per thread at a time. Aborting a job
 * (timeout, client gone) ends its thread, the only way to stop pdf.js or WASM mid-page.
 */
export class ConversionPool {
  private readonly pool: Piscina;

  constructor(config: ServerConfig) {
    this.pool = new Piscina({
      filename: new URL('./conversion-thread.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: config.concurrency,
      concurrentTasksPerWorker: 1,
      idleTimeout: IDLE_TIMEOUT_MS,
      workerData: config,
    });
  }

  async run(task: ConversionTask, signal: AbortSignal): Promise<ConversionResult> {
    let outcome: ConversionOutcome;
    try {
      outcome = await this.pool.run(task, { signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof ConversionError ? signal.reason : new ConversionError('cancelled', 'Cancelled.');
      throw new ConversionError('engine-failed', error instanceof Error ? error.message : String(error));
    }
    if (outcome.ok) return outcome.result;
    const { code, message, details } = outcome.error;
    throw new ConversionError(isErrorCode(code) ? code : 'engine-failed', message, details);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
