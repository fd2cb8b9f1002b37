import { ConversionError, throwIfCancelled } from '../errors.ts';
import { NOT_LETTERS, tesseractPsm, type OcrEngine, type OcrOptions, type OcrResult } from './engine.ts';
import { parseTesseractTsv } from './tsv.ts';
import { dictionaryLoader } from './dictionary/load-dictionary.ts';

/** Where tesseract.js finds its worker script, WASM core and language data on this host. */
export interface TesseractJsPaths {
  workerPath?: string;
  corePath?: string;
  langPath: string;
  /** 'write' keeps downloaded language data in IndexedDB for the next visit; 'none' on Node. */
  cacheMethod: 'write' | 'none';
  /** The second model (Debian's `fast`), where this host serves one; absent where none. */
  second?: SecondModelPaths;
}

/**
 * A second model of some languages, trained apart from the first, read by a second tesseract.js
 * worker made on the first page that reaches the per-word choice (pipeline.ts `word-choice`).
 */
export interface SecondModelPaths {
  /** Its folder: {langPath}/{code}.traineddata.gz. */
  langPath: string;
  /** The languages it holds. */
  languages: readonly string[];
  /**
   * Where it is kept in IndexedDB: tesseract.js keys a model by {cachePath}/{code}.traineddata,
   * so the first model's key would hand the second worker the first model.
   */
  cachePath: string;
}

type TesseractModule = typeof import('tesseract.js');
type TesseractWorker = Awaited<ReturnType<TesseractModule['createWorker']>>;
type RecognizeOptions = NonNullable<Parameters<TesseractWorker['recognize']>[1]>;
/** Both builds read a Uint8Array; the typings list only Node's Buffer. */
type ImageLike = Parameters<TesseractWorker['recognize']>[0];
interface LoggerMessage {
  status: string;
  progress: number;
}

/** Tesseract.js LSTM-only mode: the "best_int" models carry no legacy engine data. */
const OEM_LSTM_ONLY = 1;

/**
 * Loading reports each of its steps from 0 to 1; these spans make one bar of them, sized by
 * what each step costs on a first visit (the 3 MB language model dominates).
 */
const loadingSpans: Record<string, readonly [number, number]> = {
  'loading tesseract core': [0, 0.15],
  'initializing tesseract': [0.15, 0.2],
  'loading language traineddata': [0.2, 0.9],
  'initializing api': [0.9, 1],
};

/** One tesseract.js worker and the model it reads with, loaded on first use and kept. */
interface WorkerSlot {
  /** Starts loading the languages (a failure is told to the reading that waits for it). */
  load(languages: string): Promise<unknown>;
  read(image: Uint8Array, options: OcrOptions): Promise<OcrResult>;
  terminate(): Promise<void>;
  /** Its worker could not be made (its model could not be fetched): it is not tried again. */
  readonly failed: boolean;
}

/**
 * The OCR engine on tesseract.js (WASM). One tesseract worker, created on first use and kept,
 * because loading the core and a language costs more than reading a page; a second one for the
 * second model, made only when a page is read with it. Readings run one at a time.
 */
export function createTesseractJsEngine(paths: TesseractJsPaths): OcrEngine {
  const { second: secondPaths, ...firstPaths } = paths;
  const first = workerSlot(firstPaths);
  let second: WorkerSlot | undefined;
  const secondSlot = () => (second ??= workerSlot({ ...firstPaths, langPath: secondPaths!.langPath, cachePath: secondPaths!.cachePath }));
  let queue: Promise<unknown> = Promise.resolve();
  // Readings queued or running: while there are some, the worker's languages are theirs.
  let readings = 0;

  return {
    name: 'tesseract.js 7',
    dictionary: dictionaryLoader((language) => readLanguageFile(paths.langPath, language)),
    load(languages) {
      // Not while readings wait or run: the worker's languages are theirs until they end.
      if (readings === 0) first.load(languages.join('+')).catch(() => {});
    },
    recognize(image, options) {
      readings += 1;
      const slot = options.model === 'second' && secondPaths ? secondSlot() : first;
      const job = queue.then(() => slot.read(image, options)).finally(() => {
        readings -= 1;
      });
      queue = job.catch(() => {});
      return job;
    },
    // Not offered again in this visit once it could not be had: a page then reads with the first alone.
    ...(secondPaths ? { secondModel: (languages: string[]) => !second?.failed && languages.every((code) => secondPaths.languages.includes(code)) } : {}),
    async terminate() {
      await Promise.all([first.terminate(), second?.terminate()]);
    },
  };
}

function workerSlot(paths: Omit<TesseractJsPaths, 'second'> & { cachePath?: string }): WorkerSlot {
  let failed = false;
  let worker: TesseractWorker | undefined;
  let workerLanguages = '';
  // The latest load of the worker and its languages, shared by the readings that wait for it.
  let loading: { languages: string; worker: Promise<TesseractWorker> } | undefined;
  // The load's last step, told again to a reading that comes to wait for it part-way.
  let loadStep: LoggerMessage | undefined;
  let onLog: ((message: LoggerMessage) => void) | undefined;

  async function ensureWorker(languages: string): Promise<TesseractWorker> {
    if (worker && workerLanguages === languages) return worker;
    if (worker) {
      await worker.reinitialize(languages, OEM_LSTM_ONLY);
    } else {
      const imported = (await import('tesseract.js')) as TesseractModule & { default?: TesseractModule };
      const tesseract = imported.default ?? imported;
      // A model that cannot be fetched fails createWorker's language step, which tesseract.js
      // tells only to errorHandler: its promise never settles (tesseract.js 7). Told here, the
      // load fails; the half-made worker is out of reach, so a slot that failed is not tried
      // again (WorkerSlot.failed).
      let loadFailed: ((reason: Error) => void) | undefined;
      const failure = new Promise<never>((_resolve, reject) => (loadFailed = reject));
      worker = await Promise.race([
        tesseract.createWorker(languages, OEM_LSTM_ONLY, {
          ...paths,
          gzip: true,
          workerBlobURL: false,
          logger: (message: LoggerMessage) => {
            if (message.status !== 'recognizing text') loadStep = message;
            onLog?.(message);
          },
          errorHandler: (error: unknown) => loadFailed?.(new Error(String(error))),
        }),
        failure,
      ]).catch((error: unknown) => {
        failed = true;
        throw error;
      });
      loadFailed = undefined;
    }
    workerLanguages = languages;
    return worker;
  }

  /** One load at a time; a failed one is tried again by the next reading, which reports it. */
  function loadWorker(languages: string): Promise<TesseractWorker> {
    if (loading?.languages === languages) return loading.worker;
    const previous = loading?.worker;
    const next = (async () => {
      await previous?.catch(() => {});
      loadStep = undefined;
      return ensureWorker(languages);
    })();
    const current = { languages, worker: next };
    loading = current;
    next.catch(() => {
      if (loading === current) loading = undefined;
    });
    return next;
  }

  async function terminate() {
    const current = worker;
    worker = undefined;
    workerLanguages = '';
    loading = undefined;
    loadStep = undefined;
    await current?.terminate().catch(() => {});
  }

  async function run(image: Uint8Array, options: OcrOptions): Promise<OcrResult> {
    const { signal, onProgress } = options;
    throwIfCancelled(signal);
    const abort = () => void terminate();
    signal?.addEventListener('abort', abort, { once: true });
    onLog = ({ status, progress }) => {
      if (status === 'recognizing text') return onProgress?.(progress, 'recognizing');
      const span = loadingSpans[status];
      if (span) onProgress?.(span[0] + (span[1] - span[0]) * progress, 'loading');
    };
    try {
      const languages = options.languages.join('+');
      const load = loadWorker(languages);
      if (loadStep && workerLanguages !== languages) onLog(loadStep);
      const ready = await load;
      // The page was prepared for one segmentation mode (preprocess/prepare-page.ts).
      // Set for this call only: tesseract.js saves Tesseract's parameters before and puts them
      // back after, so a later call or a worker loaded with other languages starts clean.
      const parameters = {
        tessedit_pageseg_mode: tesseractPsm[options.segmentation ?? 'auto'],
        ...(options.lettersOnly ? { tessedit_char_blacklist: NOT_LETTERS } : {}),
        ...(options.dpi ? { user_defined_dpi: String(options.dpi) } : {}),
      };
      const { data } = await ready.recognize(image as unknown as ImageLike, parameters as RecognizeOptions, { text: false, tsv: true });
      return { lines: parseTesseractTsv(data.tsv ?? '') };
    } catch (error) {
      throwIfCancelled(signal);
      await terminate();
      throw toEngineError(error);
    } finally {
      onLog = undefined;
      signal?.removeEventListener('abort', abort);
    }
  }

  return {
    load: loadWorker,
    read: run,
    terminate,
    get failed() {
      return failed;
    },
  };
}

/**
 * A language's model, as tesseract.js finds it: {langPath}/{code}.traineddata.gz. In the
 * browser a URL, fetched again (the HTTP cache answers: tesseract.js fetched it to read);
 * on Node a folder, read. No `import` of node:fs, which a browser build cannot resolve.
 */
async function readLanguageFile(langPath: string, language: string): Promise<Uint8Array> {
  const name = `${language}.traineddata.gz`;
  const host = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  if (host?.getBuiltinModule && !/^[a-z][a-z\d+.-]+:/i.test(langPath)) {
    const fs = host.getBuiltinModule('node:fs/promises') as typeof import('node:fs/promises');
    return new Uint8Array(await fs.readFile(`${langPath.replace(/\/+$/, '')}/${name}`));
  }
  const response = await fetch(`${langPath.replace(/\/+$/, '')}/${name}`);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Leptonica reports undecodable pixels as a read failure; that is the user's file, not our fault. */
function toEngineError(error: unknown): ConversionError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixRead|Image file .* cannot be read|Error attempting to read image|decode/i.test(message)) {
    return new ConversionError('corrupt', 'The image cannot be decoded.');
  }
  return new ConversionError('engine-failed', message);
}
