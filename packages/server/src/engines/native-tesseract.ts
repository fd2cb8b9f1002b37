import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ConversionError,
  isOcrLanguage,
  NOT_LETTERS,
  KEEP_BLANKS,
  parseTesseractTsv,
  secondModelPath,
  segmentationMode,
  type OcrEngine,
  type OcrOptions,
  type OcrResult,
} from '@textlift/core';
import { dictionaryLoader, type DictionaryLoader } from '@textlift/core/ocr/dictionary/load-dictionary';
import { parseOsd } from '@textlift/core/ocr/detect/osd';
import type { Served } from './main-thread-calls.ts';
import { runProcess, type ProcessResult } from './processes.ts';
import { hasSpareCore, noSpareCore } from './spare-cores.ts';
import { loadWarmTesseract, warmTesseractRunner } from './warm-tesseract.ts';

const run = promisify(execFile);

/** The installed tesseract's version ("5.3.0"), or undefined where it is not installed. */
export async function nativeTesseractVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--version'], { timeout: 5000 });
    return /tesseract\s+v?(\d+\.\d+(?:\.\d+)?)/i.exec(stdout + stderr)?.[1];
  } catch {
    return undefined;
  }
}

/** Runs `tesseract args` with `stdin` as its input. */
export type TesseractRunner = (args: string[], stdin: Uint8Array, signal?: AbortSignal, options?: { spare?: boolean }) => Promise<ProcessResult>;

/** tesseract here, in this thread, a process per reading: OMP_THREAD_LIMIT=1 (see createNativeTesseractEngine). */
export const runTesseractProcess: TesseractRunner = (args, stdin, signal) => runProcess('tesseract', args, { stdin, env: { OMP_THREAD_LIMIT: '1' }, signal });

let here: TesseractRunner | undefined;
/** Readings of this thread's runTesseract under way, kept loaded or processes: what a reading ahead of need is weighed against. */
let reading = 0;

/**
 * tesseract here, in this thread: kept loaded where the addon was built (warm-tesseract.ts), else
 * a process per reading. Chosen on the first reading, so a thread that only passes readings on
 * to the main thread never loads the addon.
 */
export const runTesseract: TesseractRunner = async (args, stdin, signal, { spare = false } = {}) => {
  if (!here) {
    const addon = loadWarmTesseract();
    here = addon ? warmTesseractRunner(addon) : runTesseractProcess;
  }
  if (spare && !hasSpareCore(reading)) throw noSpareCore();
  reading += 1;
  try {
    return await here(args, stdin, signal);
  } finally {
    reading -= 1;
  }
};

/** What a conversion thread's tesseract call carries to the main thread. */
export interface TesseractCall {
  args: string[];
  stdin: Uint8Array;
  /** A reading ahead of need (OcrOptions.spare): refused where no core is spare. */
  spare?: boolean;
}

/** OCR's call to the main thread: native tesseract's process, run there (see serveCalls). */
export interface TesseractCalls {
  /** Stopped by the job's end, or by `signal` (a reading ahead of need found not needed). */
  tesseract(call: TesseractCall, signal?: AbortSignal): Promise<ProcessResult>;
}

/** The main thread's tesseract processes, as it serves a thread's calls. */
export const tesseractProcesses: Served<TesseractCalls> = {
  tesseract: ({ args, stdin, spare }, signal) => runTesseract(args, stdin, signal, { spare: spare === true }),
};

/** A conversion thread's runner: tesseract through the main thread, which stops it with the job or its signal (see serveCalls). */
export function tesseractThrough(calls: TesseractCalls): TesseractRunner {
  return (args, stdin, signal, { spare } = {}) => calls.tesseract({ args, stdin, ...(spare ? { spare } : {}) }, signal);
}

/** One loader per models folder, so the engines a thread makes (one per runner) share the word lists read. */
const dictionaries = new Map<string, DictionaryLoader>();

/** The word lists inside the models tesseract reads ({tessdataDir}/{code}.traineddata), read once per thread. */
function dictionariesIn(tessdataDir: string): DictionaryLoader {
  let loader = dictionaries.get(tessdataDir);
  if (!loader) {
    loader = dictionaryLoader((language) => readFile(path.join(tessdataDir, `${language}.traineddata`)));
    dictionaries.set(tessdataDir, loader);
  }
  return loader;
}

/**
 * Native tesseract, kept loaded or a process per reading (runTesseract). OMP_THREAD_LIMIT=1
 * because its OpenMP threads fight each other on 2 cores (measured slower than one thread); the
 * job queue gives parallelism across pages instead. It reads the same best_int models as the
 * browser from tessdataDir. `runner` reads: here, or through the main thread from a conversion thread.
 */
export function createNativeTesseractEngine(
  version: string,
  tessdataDir: string,
  runner: TesseractRunner = runTesseract,
  { secondModelDir, osdDir }: { secondModelDir?: string; osdDir?: string } = {},
): OcrEngine {
  async function recognize(image: Uint8Array, { languages, segmentation = 'auto', lettersOnly, dpi, signal, model, spare }: OcrOptions): Promise<OcrResult> {
    const psm = segmentationMode({ segmentation, languages });
    const folder = model === 'second' && secondModelDir ? secondModelDir : tessdataDir;
    // TSV for word boxes and confidences, and the text after it for the page's own spaces
    // (tsv.ts: KEEP_BLANKS); `-c` because the config files are looked up in --tessdata-dir, which holds only models.
    const args = ['stdin', 'stdout', '--tessdata-dir', folder, '-l', languages.join('+'), '--oem', '1', '--psm', psm, '-c', 'tessedit_create_tsv=1'];
    args.push('-c', 'tessedit_create_txt=1');
    for (const [name, value] of Object.entries(KEEP_BLANKS)) args.push('-c', `${name}=${value}`);
    if (lettersOnly) args.push('-c', `tessedit_char_blacklist=${NOT_LETTERS}`);
    if (dpi) args.push('--dpi', String(dpi));
    const { code, stdout, stderr: log } = await runner(args, image, signal, spare ? { spare } : {});
    if (code !== 0) {
      if (/pixRead|Error in pix|read image/i.test(log)) {
        throw new ConversionError('corrupt', 'The image cannot be decoded.');
      }
      throw new ConversionError('engine-failed', `tesseract exited with ${code}: ${log.slice(0, 500)}`);
    }
    return { lines: parseTesseractTsv(new TextDecoder().decode(stdout)) };
  }

  /** The page's script by Tesseract's OSD; its report names none where the page has too few letters. */
  async function osd(image: Uint8Array, { signal }: { signal?: AbortSignal }) {
    const { code, stdout } = await runner(['stdin', 'stdout', '--tessdata-dir', osdDir!, '-l', 'osd', '--psm', '0'], image, signal);
    return code === 0 ? parseOsd(new TextDecoder().decode(stdout)) : undefined;
  }

  return {
    name: `tesseract ${version}`,
    parallel: true,
    readsAhead: true,
    recognize,
    ...(osdDir && existsSync(path.join(osdDir, 'osd.traineddata')) ? { osd } : {}),
    dictionary: dictionariesIn(tessdataDir),
    ...(secondModelDir
      ? {
          secondModel: (languages: string[]) =>
            languages.every((code) => isOcrLanguage(code) && secondModelPath(code) !== undefined && hasSecondModel(tessdataDir, secondModelDir, code)),
        }
      : {}),
    terminate: async () => {},
  };
}

const secondModels = new Map<string, boolean>();

/**
 * Whether the second folder holds a model of the language other than the one read first (Debian's
 * `fast` beside npm's `best_int`); where the project's folder links to the system's model (its
 * Russian), there is only one.
 */
function hasSecondModel(tessdataDir: string, secondModelDir: string, code: string): boolean {
  const key = `${secondModelDir}/${code}`;
  let has = secondModels.get(key);
  if (has === undefined) {
    try {
      has = realpathSync(path.join(secondModelDir, `${code}.traineddata`)) !== realpathSync(path.join(tessdataDir, `${code}.traineddata`));
    } catch {
      has = false;
    }
    secondModels.set(key, has);
  }
  return has;
}

/**
 * Where the installed tesseract keeps its own models (Debian: /usr/share/tesseract-ocr/5/tessdata,
 * the `fast` ones), or undefined.
 */
export async function nativeTessdataDir(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--list-langs'], { timeout: 5000 });
    const folder = /available languages in "([^"]+)"/i.exec(stdout + stderr)?.[1];
    return folder && existsSync(folder) ? path.resolve(folder) : undefined;
  } catch {
    return undefined;
  }
}
