import type { ConversionResult } from '@textlift/core';
import type { ConversionTask } from './conversion-thread.ts';

/** A job as a route hands it over: the tool, its input and its option fields. */
export type RunnerTask = Omit<ConversionTask, 'engines'>;

/**
 * Where the routes' conversions run: the worker threads of this process (ConversionPool, the
 * default) or the workers behind a Redis queue (queue/redis-runner.ts). Both answer a job with
 * its result or throw its ConversionError, so a route cannot tell which it has.
 */
export interface ConversionRunner {
  /** `signal` aborts (client gone, time limit): the job is taken off the queue or stopped. */
  run(task: RunnerTask, signal: AbortSignal): Promise<ConversionResult>;
  close(): Promise<void>;
}

/** Jobs on a shared queue, for /healthz and metrics. */
export interface QueueDepth {
  waiting: number;
  active: number;
}
