import { ConversionError } from '@textlift/core/errors';
import { createOnnxLineModel, type LineModel, type LoadLineModel } from '@textlift/core/ocr/lines/line-model';

type FileKey = keyof typeof __LINE_MODEL_FILES__;

let loading: Promise<LineModel> | undefined;
/** Everyone waiting for the model hears its progress, not only the job that started it. */
const listeners = new Set<(fraction: number) => void>();

/** One file's bytes, counted as they arrive (the browser has already undone any compression). */
async function fetchCounted(key: FileKey, onBytes: (count: number) => void): Promise<Uint8Array> {
  const { url, bytes } = __LINE_MODEL_FILES__[key];
  const response = await fetch(new URL(url, self.location.origin)).catch(() => undefined);
  if (!response?.ok || !response.body) throw new ConversionError('engine-failed', 'The second text reader could not be downloaded.');
  const out = new Uint8Array(bytes);
  let length = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (length + chunk.value.length > out.length) throw new ConversionError('engine-failed', `${url} is larger than the build said.`);
    out.set(chunk.value, length);
    length += chunk.value.length;
    onBytes(chunk.value.length);
  }
  return out.subarray(0, length);
}

async function load(): Promise<LineModel> {
  const keys = ['wasm', 'detector', 'recognizer', 'dictionary'] as const;
  const total = keys.reduce((sum, key) => sum + __LINE_MODEL_FILES__[key].bytes, 0);
  let received = 0;
  const counted = (count: number) => {
    received += count;
    for (const listener of listeners) listener(received / total);
  };
  const [ort, wasm, detector, recognizer, dictionary] = await Promise.all([
    import('onnxruntime-web/wasm'),
    fetchCounted('wasm', counted),
    fetchCounted('detector', counted),
    fetchCounted('recognizer', counted),
    fetchCounted('dictionary', counted),
  ]);
  const origin = self.location.origin;
  ort.env.wasm.wasmPaths = { mjs: new URL(__LINE_MODEL_FILES__.runtime.url, origin).href, wasm: new URL(__LINE_MODEL_FILES__.wasm.url, origin).href };
  // Fetched above with progress; ort compiles these bytes instead of fetching the file again.
  ort.env.wasm.wasmBinary = wasm;
  return createOnnxLineModel(ort, { detector, recognizer, dictionary: new TextDecoder().decode(dictionary) });
}

/**
 * The second recogniser in the worker: about 18 MB over the wire (models and runtime), fetched
 * the first time a page needs it, then kept for the worker's life; the browser caches the files.
 */
export const loadLineModel: LoadLineModel = async (onProgress) => {
  if (onProgress) listeners.add(onProgress);
  try {
    loading ??= load();
    loading.catch(() => (loading = undefined));
    return await loading;
  } finally {
    if (onProgress) listeners.delete(onProgress);
  }
};
