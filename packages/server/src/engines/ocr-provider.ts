import path from 'node:path';
import { bundledOcrLanguages, type OcrEngine } from '@textlift/core';
import type { StepSwitches } from '@textlift/core/ocr/pipeline';
import { createTesseractJsEngine } from '@textlift/core/ocr/tesseract-js';
import type { ServerConfig } from '../config.ts';
import { createModelStore, type ModelStore } from '../models/model-store.ts';
import { withModels } from '../models/with-models.ts';
import { prepareLanguageFolders } from './language-files.ts';
import { loadLineModel } from './line-model-files.ts';
import { createNativeTesseractEngine, nativeTessdataDir, nativeTesseractVersion, type TesseractRunner } from './native-tesseract.ts';
import { stopAllProcesses } from './processes.ts';
import { endKeptReaders } from './warm-tesseract.ts';

export interface BorrowedEngine {
  engine: OcrEngine;
  release(): void;
}

export interface OcrProvider {
  /** What /healthz reports: which engine answers OCR requests. */
  readonly kind: 'native' | 'wasm';
  readonly name: string;
  /** Native tesseract's own models folder (Debian's `fast`), read as a second model beside ours. */
  readonly secondModelDir?: string;
  /**
   * The models on this host's disk, the other languages' fetched on first use: a main thread's
   * (conversion threads ask it through their engine calls, models/with-models.ts).
   */
  readonly models?: ModelStore;
  /** The native tesseract's version, for conversion threads that must not ask the command again. */
  readonly version?: string;
  borrow(): BorrowedEngine;
  /**
   * Native only: the same engine with its processes started by `runner`; a conversion thread
   * gets the main thread's, which kills and reaps them even when the thread is stopped.
   */
  withRunner?(runner: TesseractRunner): OcrProvider;
  close(): Promise<void>;
}

/**
 * Native tesseract when it is installed (about 1.6× faster than the WASM build here), else
 * tesseract.js in worker threads; both read the same models so the text is the same.
 */
export async function createOcrProvider(
  config: ServerConfig,
  { prepare = true, tesseractVersion, secondModelDir }: { prepare?: boolean; tesseractVersion?: string; secondModelDir?: string } = {},
): Promise<OcrProvider> {
  const folders = await prepareLanguageFolders(config.dataDir, bundledOcrLanguages, { write: prepare });
  const missing = bundledOcrLanguages.filter((code) => !folders.available.includes(code));
  if (missing.length > 0 && prepare) console.warn(`OCR languages not on this machine: ${missing.join(', ')} (see scripts/system-deps.mjs)`);
  const version = config.ocrEngine === 'wasm' ? undefined : (tesseractVersion ?? (await nativeTesseractVersion()));
  if (config.ocrEngine === 'native' && !version) {
    throw new Error('TEXTLIFT_OCR_ENGINE=native but the tesseract command is not installed');
  }
  // A conversion thread is told both by the main thread, which found them: it starts no process of its own.
  const provider = version
    ? nativeProvider(version, folders.plainDir, undefined, config.ocrSteps, tesseractVersion ? secondModelDir : await nativeTessdataDir())
    : createWasmPool(folders.gzipDir, config.concurrency, config.ocrSteps);
  if (!prepare) return provider;
  // The thread that prepared the folders keeps the models; a conversion thread asks it per job.
  const models = createModelStore({ dataDir: config.dataDir, registry: config.npmRegistry });
  return { ...withModels(provider, (languages) => models.ensure(languages)), models };
}

function nativeProvider(version: string, tessdataDir: string, runner?: TesseractRunner, steps?: StepSwitches, secondModelDir?: string): OcrProvider {
  const engine: OcrEngine = {
    // Debian's folder holds the osd model, the script detector that finding a page's languages starts with.
    ...createNativeTesseractEngine(version, tessdataDir, runner, { secondModelDir, osdDir: secondModelDir }),
    lineModel: loadLineModel,
    ...(steps ? { steps } : {}),
  };
  return {
    kind: 'native',
    name: engine.name,
    ...(secondModelDir ? { secondModelDir } : {}),
    version,
    borrow: () => ({ engine, release: () => {} }),
    withRunner: (other) => nativeProvider(version, tessdataDir, other, steps, secondModelDir),
    // The processes this thread started: killed, and reaped before the server exits; the kept readers' models freed.
    close: () => {
      endKeptReaders();
      return stopAllProcesses();
    },
  };
}

/**
 * One tesseract.js worker per concurrent job, created on demand and kept for the next job: the
 * jobs already fill the cores, so a job's readings run one at a time (workers: 1), not on a
 * second worker of their own, whose WASM heap and model each job would hold.
 */
function createWasmPool(langPath: string, size: number, steps?: StepSwitches): OcrProvider {
  const idle: OcrEngine[] = [];
  const all: OcrEngine[] = [];
  return {
    kind: 'wasm',
    name: 'tesseract.js 7',
    borrow() {
      let engine = idle.pop();
      if (!engine) {
        engine = {
          ...createTesseractJsEngine({ langPath: path.resolve(langPath), cacheMethod: 'none', workers: 1 }),
          lineModel: loadLineModel,
          ...(steps ? { steps } : {}),
        };
        all.push(engine);
      }
      const borrowed = engine;
      return {
        engine: borrowed,
        release: () => {
          if (idle.length < size) idle.push(borrowed);
          else void borrowed.terminate();
        },
      };
    },
    async close() {
      await Promise.all(all.map((engine) => engine.terminate()));
    },
  };
}
