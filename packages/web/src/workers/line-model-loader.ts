import { ConversionError } from '@textlift/core/errors';
import { createOnnxLineModel, type LineModel, type LoadLineModel } from '@textlift/core/ocr/lines/line-model';

type FileKey = keyof typeof __LINE_MODEL_FILES__;

interface Load {
  model: Promise<LineModel>;
  /** Everyone waiting for this load hears its progress, not only the job that started it. */
  listeners: Set<(fraction: number) => void>;
}

/**
 * No graph optimisation when the sessions are made: in Chromium on 2 cores it took about 1.4 s
 * of the 3 s the two sessions cost on a visit's first unsure page (its basic level alone cost as
 * much as all), and the models then ran no faster than unoptimised; their outputs differ by at
 * most 3e-5. The server's native sessions keep the default: they are made once per process.
 */
const BROWSER_SESSION = { graphOptimizationLevel: 'disabled' } as const;

let current: Load | undefined;

const unavailable = () => new ConversionError('engine-failed', 'The second text reader could not be downloaded.');

/** One file's bytes, counted as they arrive (the browser has already undone any compression). */
async function fetchCounted(key: FileKey, signal: AbortSignal, onBytes: (count: number) => void): Promise<Uint8Array> {
  const { url, bytes } = __LINE_MODEL_FILES__[key];
  const response = await fetch(new URL(url, self.location.origin), { signal }).catch(() => undefined);
  if (!response?.ok || !response.body) throw unavailable();
  const out = new Uint8Array(bytes);
  let length = 0;
  const reader = response.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (length + chunk.value.length > out.length) throw unavailable();
      out.set(chunk.value, length);
      length += chunk.value.length;
      onBytes(chunk.value.length);
    }
  } catch {
    await reader.cancel().catch(() => {});
    throw unavailable();
  }
  // A cut connection can end a body early without an error.
  if (length !== bytes) throw unavailable();
  return out;
}

function startLoad(): Load {
  const listeners = new Set<(fraction: number) => void>();
  const keys = ['wasm', 'detector', 'recognizer', 'dictionary'] as const;
  const total = keys.reduce((sum, key) => sum + __LINE_MODEL_FILES__[key].bytes, 0);
  // One file failing stops the others, so a later try starts afresh.
  const stop = new AbortController();
  let received = 0;
  const counted = (count: number) => {
    received += count;
    for (const listener of listeners) listener(received / total);
  };
  const model = (async () => {
    const [ort, wasm, detector, recognizer, dictionary] = await Promise.all([
      import('onnxruntime-web/wasm'),
      fetchCounted('wasm', stop.signal, counted),
      fetchCounted('detector', stop.signal, counted),
      fetchCounted('recognizer', stop.signal, counted),
      fetchCounted('dictionary', stop.signal, counted),
    ]).catch((error: unknown) => {
      stop.abort();
      throw error;
    });
    const origin = self.location.origin;
    ort.env.wasm.wasmPaths = { mjs: new URL(__LINE_MODEL_FILES__.runtime.url, origin).href, wasm: new URL(__LINE_MODEL_FILES__.wasm.url, origin).href };
    // Fetched above with progress; ort compiles these bytes instead of fetching the file again.
    ort.env.wasm.wasmBinary = wasm;
    return createOnnxLineModel(ort, { detector, recognizer, dictionary: new TextDecoder().decode(dictionary) }, BROWSER_SESSION);
  })();
  return { model, listeners };
}

/**
 * The second recogniser in the worker: about 18 MB over the wire (models and runtime), fetched
 * the first time a page needs it, then kept for the worker's life; the browser caches the files.
 * A failed load is forgotten, so the next page tries again.
 */
export const loadLineModel: LoadLineModel = async (onProgress) => {
  const load = (current ??= startLoad());
  if (onProgress) load.listeners.add(onProgress);
  try {
    return await load.model;
  } catch (error) {
    if (current === load) current = undefined;
    throw error;
  } finally {
    if (onProgress) load.listeners.delete(onProgress);
  }
};
