import * as Comlink from 'comlink';
import type { ConversionResult, ProgressCallback } from '@textlift/core/conversion';
import type { JobInput } from '@textlift/core/run-tool';
import { ConversionError, toConversionError } from '@textlift/core/errors';
import type { TranslationCalls } from '@textlift/core/engine-services';
import { languages } from '../i18n/languages.ts';
import { interfaceOcrLanguage } from '../i18n/ocr-language.ts';
import { firstDetectionModel } from '@textlift/core/ocr/detect/scripts';
import type { ConversionWorkerApi } from './conversion-worker.ts';

/** A worker idle this long is stopped to give its memory (the OCR engine holds ~100 MB) back. */
const IDLE_TIMEOUT_MS = 5 * 60 * 1000;

interface WorkerHandle {
  worker: Worker;
  api: Comlink.Remote<ConversionWorkerApi>;
  /** Calls under way on this worker; each is told when the worker is stopped under it. */
  pending: Set<(error: ConversionError) => void>;
}

let current: WorkerHandle | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function spawn(): WorkerHandle {
  const worker = new Worker(new URL('./conversion-worker.ts', import.meta.url), { type: 'module', name: 'conversion' });
  const handle: WorkerHandle = { worker, api: Comlink.wrap<ConversionWorkerApi>(worker), pending: new Set() };
  worker.addEventListener('error', (event) => stop(handle, new ConversionError('engine-failed', event.message || 'The conversion worker stopped.')));
  return handle;
}

/** Ends a worker; whatever was still running on it fails with `reason` rather than waiting for ever. */
function stop(handle: WorkerHandle | undefined, reason = new ConversionError('cancelled', 'Cancelled.')) {
  if (!handle) return;
  if (current === handle) current = undefined;
  handle.api[Comlink.releaseProxy]();
  handle.worker.terminate();
  for (const fail of handle.pending) fail(reason);
  handle.pending.clear();
}

/**
 * One call into the conversion worker. Aborting stops the worker at once (an engine cannot be
 * interrupted mid-page any other way); the next call starts a fresh one. A worker left idle is
 * stopped after a while to give its memory back.
 */
async function callWorker<T>(work: (api: Comlink.Remote<ConversionWorkerApi>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
  clearTimeout(idleTimer);
  const handle = (current ??= spawn());
  let fail: ((error: ConversionError) => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    fail = reject;
    handle.pending.add(reject);
  });
  const onAbort = () => stop(handle);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([work(handle.api), stopped]);
  } catch (error) {
    throw toConversionError(error);
  } finally {
    handle.pending.delete(fail!);
    signal?.removeEventListener('abort', onAbort);
    if (current === handle && handle.pending.size === 0) idleTimer = setTimeout(() => stop(handle), IDLE_TIMEOUT_MS);
  }
}

export interface RunConversionOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

/** Runs a registry tool in the conversion worker. */
export function runConversion(
  slug: string,
  input: JobInput,
  options: Record<string, unknown>,
  { signal, onProgress }: RunConversionOptions = {},
): Promise<ConversionResult> {
  // The page's translation engines, for the one tool that translates; loaded only when it asks.
  // A cancelled job stops its translation here too: the worker is ended, but a request the page
  // made for it would go on.
  const translation = Comlink.proxy({
    engineFor: async (pair) => (await import('../lib/translation/page-engines.ts')).pageTranslation.engineFor(pair),
    translate: async ({ engine, texts, pair }) => (await import('../lib/translation/page-engines.ts')).pageTranslation.translate(engine, texts, pair, signal),
  } satisfies TranslationCalls);
  return callWorker((api) => api.run(slug, input, options, onProgress && Comlink.proxy(onProgress), translation, pageOcrLanguage()), signal);
}

/**
 * The model of the language the page is shown in (<html lang>, set by language-scope.tsx): a
 * page whose language detection cannot tell within its script is read in it (core's ocr/detect/).
 */
function pageOcrLanguage(): string {
  const tag = globalThis.document?.documentElement.lang;
  return interfaceOcrLanguage(languages.find((language) => language.tag === tag)?.code ?? 'en');
}

/** A PDF's page count, read in the worker (pdf.js is not in the page's own script). */
export async function pdfPageCount(file: File, password?: string): Promise<number> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return callWorker((api) => api.pdfPageCount(bytes, password));
}

/**
 * The OCR engine's loading (its WASM core and language data, 1-2 s) started while the visitor
 * chooses a file, not after. A failure is left to the reading, which tries again and says so.
 */
export function loadOcrEngine(languages: string[]): void {
  // Automatic (none chosen): the model detection reads the page with first, the page's language's where it is Latin.
  const models = languages.length > 0 ? languages : [firstDetectionModel(pageOcrLanguage())];
  callWorker((api) => api.loadOcr(models)).catch(() => {});
}
