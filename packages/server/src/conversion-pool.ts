import { once } from 'node:events';
import { MessageChannel, type Worker } from 'node:worker_threads';
import Piscina from 'piscina';
import './engines/onnx-telemetry-off.ts';
import { ConversionError, isErrorCode, type ConversionResult } from '@textlift/core';
import type { ServerConfig } from './config.ts';
import type { ConversionOutcome, ConversionTask, ConversionThreadData, ThreadStarted } from './conversion-thread.ts';
import { servedEngines, type EngineCalls } from './engines/engine-calls.ts';
import { officeEngine, type OfficePool } from './engines/libreoffice.ts';
import { serveCalls, type ServedCalls } from './engines/main-thread-calls.ts';
import { ownBuffers } from './own-buffers.ts';
import type { OcrProvider } from './engines/ocr-provider.ts';
import { ServerTranslation } from './engines/translation.ts';

/**
 * A thread idle this long is stopped. Measured after 60 s of mixed load on 2 cores (bench/hostile/soak.ts):
 * the server's process tree held 785 MB with its threads alive, 386 MB once they had gone (at 60 s
 * as before, 928 MB still after 30 s idle). The price: the first job after a pause starts a new
 * thread, 0.9-1.0 s against 60-120 ms on a warm one (measured on the same busy machine).
 */
export const IDLE_TIMEOUT_MS = 10_000;

/** How long an aborted job waits for its thread to end (measured 6-23 ms), past which it gives the slot back anyway. */
const THREAD_EXIT_WAIT_MS = 1000;

/**
 * The worker threads that run conversions, one job per thread at a time. Aborting a job
 * (timeout, client gone) ends its thread, the only way to stop pdf.js or WASM mid-page, and
 * kills its tesseract and LibreOffice processes; the job settles once both are gone.
 */
export class ConversionPool {
  private readonly pool: Piscina;
  /** The engine services the jobs' threads call on this thread: tesseract's and LibreOffice's processes, translation. */
  private readonly engines: ServedCalls<EngineCalls>;

  /** Without `translation`, none: the Image Translator answers 'no-translator'. */
  constructor(
    config: ServerConfig,
    ocr?: Pick<OcrProvider, 'kind' | 'version' | 'secondModelDir' | 'models'>,
    office?: OfficePool,
    translation = new ServerTranslation(undefined, undefined),
  ) {
    this.engines = servedEngines(officeEngine(office), translation, ocr?.models);
    const data: ConversionThreadData = { config, ocr: { kind: ocr?.kind ?? 'native', version: ocr?.version, secondModelDir: ocr?.secondModelDir } };
    this.pool = new Piscina({
      filename: new URL('./conversion-thread.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: config.concurrency,
      concurrentTasksPerWorker: 1,
      idleTimeout: IDLE_TIMEOUT_MS,
      // A thread past its heap limit is stopped (ERR_WORKER_OUT_OF_MEMORY) and replaced; the
      // number and its measurement: server-limits.ts.
      resourceLimits: { maxOldGenerationSizeMb: config.workerHeapMb },
      workerData: data,
    });
    // A thread that dies outside a task (out of memory while idle) must not take the server down.
    this.pool.on('error', () => {});
  }

  async run(task: Omit<ConversionTask, 'engines'>, signal: AbortSignal): Promise<ConversionResult> {
    const channel = new MessageChannel();
    // The job's engine processes run on this thread, which outlives the job's (main-thread-calls.ts).
    const engines = serveCalls<EngineCalls>(channel.port1, signal, this.engines);
    let thread: number | undefined;
    channel.port1.on('message', (message: Partial<ThreadStarted>) => {
      if (typeof message.thread === 'number') thread = message.thread;
    });
    // Looked up now: piscina drops an aborted thread from its list at once, before it has exited.
    let worker: Worker | undefined;
    const remember = () => {
      worker = this.pool.threads.find((candidate) => candidate.threadId === thread);
    };
    signal.addEventListener('abort', remember, { once: true });
    let outcome: ConversionOutcome;
    try {
      outcome = await this.pool.run(
        { ...task, engines: channel.port2 },
        {
          signal,
          transferList: [channel.port2, ...ownBuffers(task.input.files ?? [])],
        },
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof ConversionError ? signal.reason : new ConversionError('cancelled', 'Cancelled.');
      if (error && typeof error === 'object' && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ConversionError('engine-failed', 'The conversion needed more memory than the server gives one job.', { reason: 'out-of-memory' });
      }
      throw new ConversionError('engine-failed', error instanceof Error ? error.message : String(error));
    } finally {
      signal.removeEventListener('abort', remember);
      // Its engine processes killed and reaped, its thread ended: only then is the slot free.
      await Promise.all([engines.close(), worker && this.exited(worker)]);
    }
    if (outcome.ok) return outcome.result;
    const { code, message, details } = outcome.error;
    throw new ConversionError(isErrorCode(code) ? code : 'engine-failed', message, details);
  }

  private async exited(worker: Worker): Promise<void> {
    if (worker.threadId === -1) return;
    const timeout = AbortSignal.timeout(THREAD_EXIT_WAIT_MS);
    await once(worker, 'exit', { signal: timeout }).catch(() => {});
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
