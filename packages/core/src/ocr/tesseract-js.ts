import { ConversionError, throwIfCancelled } from '../errors.ts';
import { NOT_LETTERS, segmentationMode, type OcrEngine, type OcrOptions, type OcrResult } from './engine.ts';
import { KEEP_BLANKS, parseTesseractTsv } from './tsv.ts';
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
  /**
   * Workers reading the first model at most (readings asked at once run at once on as many);
   * by default two where the device has two cores or more.
   */
  workers?: number;
  /** Tesseract's orientation and script detection, where this host serves its model and a core that reads it. */
  osd?: OsdPaths;
}

/**
 * The osd model and a WASM core with Tesseract's legacy engine, which alone reads it: a worker
 * of its own, made on the first page whose script the Latin model cannot read (detect/).
 */
export interface OsdPaths {
  /** The legacy-engine core's script (its .wasm beside it). */
  corePath: string;
  /** The folder of osd.traineddata.gz. */
  langPath: string;
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
/** Tesseract's legacy engine alone: the osd model is one of its models. */
const OEM_LEGACY_ONLY = 0;

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
 * Workers reading the first model at most. A page's readings that do not wait for each other
 * (a photo's plain reading beside its prepared one, a scan's at two resolutions) then run at
 * once, each on a core; each worker holds its own WASM heap and model, so no more than the
 * two readings a photo has.
 */
const MAX_FIRST_MODEL_WORKERS = 2;

/** One worker's readings, run one at a time in the order asked. */
interface Lane {
  slot: WorkerSlot;
  /** The last reading asked of it, settled or not: the next starts after it. */
  queue: Promise<unknown>;
  /** Readings queued or running: while there are some, the worker's languages are theirs. */
  pending: number;
}

/**
 * The OCR engine on tesseract.js (WASM). Its tesseract workers are created on first use and
 * kept, because loading the core and a language costs more than reading a page: one for the
 * first model, and a second (at most `workers`) made when a reading is asked while the first
 * is busy, so readings asked at once run at once; one for the second model, made only when a
 * page is read with it.
 */
export function createTesseractJsEngine(paths: TesseractJsPaths): OcrEngine {
  const { second: secondPaths, osd: osdPaths, workers = defaultWorkers(), ...firstPaths } = paths;
  let osdWorker: Promise<TesseractWorker> | undefined;
  // One page's script at a time: the osd worker reads one image at a time.
  let osdQueue: Promise<unknown> = Promise.resolve();
  const lanes: Lane[] = [lane(workerSlot(firstPaths))];
  let second: Lane | undefined;
  const secondLane = () => (second ??= lane(workerSlot({ ...firstPaths, langPath: secondPaths!.langPath, cachePath: secondPaths!.cachePath })));

  /** An idle worker, else a new one while there may be more, else the one with the fewest readings waiting. */
  function firstModelLane(): Lane {
    // A worker after the first that could not be made is not tried again: the others read.
    const usable = lanes.filter((each, index) => index === 0 || !each.slot.failed);
    const idle = usable.find((each) => each.pending === 0);
    if (idle) return idle;
    if (lanes.length < workers) {
      const made = lane(workerSlot(firstPaths));
      lanes.push(made);
      return made;
    }
    return usable.reduce((fewest, each) => (each.pending < fewest.pending ? each : fewest));
  }

  return {
    name: 'tesseract.js 7',
    dictionary: dictionaryLoader((language) => readLanguageFile(paths.langPath, language)),
    parallel: workers > 1,
    load(languages) {
      // Languages still to be found on the page (detect/) load once they are.
      if (languages.length === 0) return;
      // Not a worker whose readings wait or run: its languages are theirs until they end.
      for (const [index, each] of lanes.entries()) {
        if (each.pending === 0 && (index === 0 || !each.slot.failed)) each.slot.load(languages.join('+')).catch(() => {});
      }
    },
    recognize(image, options) {
      if (options.model === 'second' && secondPaths) return enqueue(secondLane(), image, options);
      if (options.spare) {
        // Ahead of need only on a worker made before and idle: a new one costs a model's load and its memory.
        const idle = lanes.find((each, index) => each.pending === 0 && (index === 0 || !each.slot.failed));
        return idle ? enqueue(idle, image, options) : Promise.reject(new Error('No idle worker for a reading ahead of need.'));
      }
      const chosen = firstModelLane();
      const job = enqueue(chosen, image, options);
      if (chosen === lanes[0]) return job;
      // A worker after the first that cannot be made (the device short of memory) costs the
      // reading nothing: the first reads it.
      return job.catch((error: unknown) => {
        if (!chosen.slot.failed || options.signal?.aborted) throw error;
        return enqueue(lanes[0]!, image, options);
      });
    },
    // Not offered again in this visit once it could not be had: a page then reads with the first alone.
    ...(secondPaths ? { secondModel: (languages: string[]) => !second?.slot.failed && languages.every((code) => secondPaths.languages.includes(code)) } : {}),
    ...(osdPaths
      ? {
          osd(image: Uint8Array, { signal }: { signal?: AbortSignal }) {
            const reading = osdQueue.then(async () => {
              throwIfCancelled(signal);
              osdWorker ??= createOsdWorker({ ...firstPaths, ...osdPaths });
              // A worker that could not be made is made again on the next page that asks.
              const worker = await osdWorker.catch((error: unknown) => {
                osdWorker = undefined;
                throw toEngineError(error);
              });
              const { data } = await worker.detect(image as unknown as ImageLike);
              return data.script
                ? {
                    script: data.script,
                    confidence: data.script_confidence ?? 0,
                    orientation: data.orientation_degrees ?? 0,
                    orientationConfidence: data.orientation_confidence ?? 0,
                  }
                : undefined;
            });
            osdQueue = reading.catch(() => {});
            return reading;
          },
        }
      : {}),
    async terminate() {
      const osd = osdWorker;
      osdWorker = undefined;
      await Promise.all([
        ...[...lanes, ...(second ? [second] : [])].map((each) => each.slot.terminate()),
        osd?.then((worker) => worker.terminate()).catch(() => {}),
      ]);
    },
  };
}

/** A tesseract.js worker of the legacy core that reads the osd model (its `detect`). */
function createOsdWorker(paths: Omit<TesseractJsPaths, 'second' | 'workers' | 'osd'>): Promise<TesseractWorker> {
  return createWorker('osd', OEM_LEGACY_ONLY, { ...paths, legacyCore: true, legacyLang: true });
}

/**
 * A tesseract.js worker with `languages` loaded, its data gzipped and its script from our
 * origin (no blob: URL, which the CSP refuses). A model that cannot be fetched fails
 * createWorker's language step, which tesseract.js tells only to errorHandler: its promise never
 * settles (tesseract.js 7). Told here, the load fails.
 */
async function createWorker(languages: string, oem: number, options: Record<string, unknown>): Promise<TesseractWorker> {
  const imported = (await import('tesseract.js')) as TesseractModule & { default?: TesseractModule };
  const tesseract = imported.default ?? imported;
  let loadFailed: ((reason: Error) => void) | undefined;
  const failure = new Promise<never>((_resolve, reject) => (loadFailed = reject));
  try {
    return await Promise.race([
      tesseract.createWorker(languages, oem, {
        ...options,
        gzip: true,
        workerBlobURL: false,
        errorHandler: (error: unknown) => loadFailed?.(new Error(String(error))),
      }),
      failure,
    ]);
  } finally {
    // A later error of a made worker is its reading's, told to that reading.
    loadFailed = undefined;
  }
}

function lane(slot: WorkerSlot): Lane {
  return { slot, queue: Promise.resolve(), pending: 0 };
}

function enqueue(chosen: Lane, image: Uint8Array, options: OcrOptions): Promise<OcrResult> {
  chosen.pending += 1;
  const job = chosen.queue
    .then(() => chosen.slot.read(image, options))
    .finally(() => {
      chosen.pending -= 1;
    });
  chosen.queue = job.catch(() => {});
  return job;
}

/**
 * Two workers where the device has two cores or more, one where it has one or does not say
 * (navigator.hardwareConcurrency; Node before 21 has no navigator).
 */
function defaultWorkers(): number {
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(MAX_FIRST_MODEL_WORKERS, cores));
}

function workerSlot(paths: Omit<TesseractJsPaths, 'second' | 'workers'> & { cachePath?: string }): WorkerSlot {
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
      // The half-made worker of a failed load is out of reach, so a slot that failed is not
      // tried again (WorkerSlot.failed).
      worker = await createWorker(languages, OEM_LSTM_ONLY, {
        ...paths,
        logger: (message: LoggerMessage) => {
          if (message.status !== 'recognizing text') loadStep = message;
          onLog?.(message);
        },
      }).catch((error: unknown) => {
        failed = true;
        throw error;
      });
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
    // A reading stopped is stopped by ending its worker, and tesseract.js then leaves the
    // reading's promise unsettled: it is told here instead, or the lane would wait on it forever
    // (a reading ahead of need, stopped the moment it began: the next page's readings hung).
    let stopped: (() => void) | undefined;
    const whenStopped = new Promise<never>((_resolve, reject) => (stopped = () => reject(new Error('stopped'))));
    whenStopped.catch(() => {});
    const abort = () => {
      stopped?.();
      void terminate();
    };
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
      const ready = await Promise.race([load, whenStopped]);
      // The page was prepared for one segmentation mode (preprocess/prepare-page.ts).
      // Set for this call only: tesseract.js saves Tesseract's parameters before and puts them
      // back after, so a later call or a worker loaded with other languages starts clean.
      const parameters = {
        tessedit_pageseg_mode: segmentationMode(options),
        ...(options.lettersOnly ? { tessedit_char_blacklist: NOT_LETTERS } : {}),
        ...(options.dpi ? { user_defined_dpi: String(options.dpi) } : {}),
        ...KEEP_BLANKS,
      };
      const { data } = await Promise.race([
        ready.recognize(image as unknown as ImageLike, parameters as RecognizeOptions, { text: true, tsv: true }),
        whenStopped,
      ]);
      // The text after the TSV, as the native reader gives both (tsv.ts takes its spaces).
      const tsv = data.tsv ?? '';
      return { lines: parseTesseractTsv(`${tsv}${tsv.endsWith('\n') ? '' : '\n'}${data.text ?? ''}`) };
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
  // A model the host could not give (the server could not fetch it from the registry): said
  // as such, never as a failed reading of the picture.
  const model = /Network error while fetching \S*?([a-z_]+)\.traineddata/.exec(message);
  if (model) return new ConversionError('language-unavailable', message, { language: model[1]! });
  if (/pixRead|Image file .* cannot be read|Error attempting to read image|decode/i.test(message)) {
    return new ConversionError('corrupt', 'The image cannot be decoded.');
  }
  return new ConversionError('engine-failed', message);
}
