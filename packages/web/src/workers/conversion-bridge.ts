import * as Comlink from 'comlink';
import type { ConversionResult, ProgressCallback } from '@textlift/core/conversion';
import type { JobInput } from '@textlift/core/run-tool';
import { ConversionError, toConversionError } from '@textlift/core/errors';
import type { ConversionWorkerApi } from './conversion-worker.ts';

/** A worker idle this long is stopped to give its memory (the OCR engine holds ~100 MB) back. */
const IDLE_TIMEOUT_MS = 5 * 60 * 1000;

interface WorkerHandle {
  worker: Worker;
  api: Comlink.Remote<ConversionWorkerApi>;
}

let current: WorkerHandle | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let running = 0;

function spawn(): WorkerHandle {
  const worker = new Worker(new URL('./conversion-worker.ts', import.meta.url), { type: 'module', name: 'conversion' });
  return { worker, api: Comlink.wrap<ConversionWorkerApi>(worker) };
}

function stop() {
  current?.api[Comlink.releaseProxy]();
  current?.worker.terminate();
  current = undefined;
}

export interface RunConversionOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

/**
 * Runs a registry tool in the conversion worker. Aborting stops the worker at once (the engine
 * cannot be interrupted mid-page any other way); the next call starts a fresh one.
 */
export async function runConversion(
  slug: string,
  input: JobInput,
  options: Record<string, unknown>,
  { signal, onProgress }: RunConversionOptions = {},
): Promise<ConversionResult> {
  if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
  clearTimeout(idleTimer);
  const handle = (current ??= spawn());
  running++;
  let onAbort: (() => void) | undefined;
  try {
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        if (current === handle) stop();
        reject(new ConversionError('cancelled', 'Cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const crashed = new Promise<never>((_, reject) => {
      handle.worker.addEventListener('error', (event) => {
        if (current === handle) stop();
        reject(new ConversionError('engine-failed', event.message || 'The conversion worker stopped.'));
      }, { once: true });
    });
    const work = handle.api.run(slug, input, options, onProgress && Comlink.proxy(onProgress));
    return await Promise.race([work, aborted, crashed]);
  } catch (error) {
    throw toConversionError(error);
  } finally {
    running--;
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    if (running === 0) idleTimer = setTimeout(stop, IDLE_TIMEOUT_MS);
  }
}

/** A PDF's page count, read in the worker (pdf.js is not in the page's own script). */
export async function pdfPageCount(file: File, password?: string): Promise<number> {
  clearTimeout(idleTimer);
  const handle = (current ??= spawn());
  running++;
  try {
    return await handle.api.pdfPageCount(new Uint8Array(await file.arrayBuffer()), password);
  } catch (error) {
    throw toConversionError(error);
  } finally {
    running--;
    if (running === 0) idleTimer = setTimeout(stop, IDLE_TIMEOUT_MS);
  }
}
