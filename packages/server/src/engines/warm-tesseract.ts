import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseractRunner } from './native-tesseract.ts';
import type { ProcessResult } from './processes.ts';

/** The addon (packages/server/native/tesseract-reader.cc), built by scripts/native-build.mjs. */
interface Addon {
  version: string;
  /** glibc's malloc_trim: freed heap given back to the system. */
  trim(): boolean;
  Reader: new () => NativeReader;
}

interface NativeReader {
  init(folder: string, languages: string, oem: number): Promise<void>;
  read(image: Uint8Array, psm: number, variables: Array<[string, string]>, osd: boolean): Promise<string>;
  cancel(): void;
  end(): void;
}

export const ADDON_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../native/build/tesseract-reader.node');

/**
 * The variables a reading may set (tesseract's `-c`, `--dpi`), each with its default: a kept
 * reader remembers the last reading's, so each reading sets them all. `tessedit_create_tsv`
 * only chooses the CLI's output, which the reader always gives; `tessedit_create_txt` is read by
 * the addon, which then gives the page's text after the TSV as the CLI does.
 */
const VARIABLE_DEFAULTS: Readonly<Record<string, string>> = {
  tessedit_char_blacklist: '',
  user_defined_dpi: '0',
  tessedit_create_txt: '0',
  preserve_interword_spaces: '0',
};
const OUTPUT_ONLY = new Set(['tessedit_create_tsv']);

/** The CLI's TSV header line, which its renderer writes before the page's rows. */
const TSV_HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n';

/** OEM_DEFAULT, as the CLI uses where `--oem` is not given (the osd model: its legacy engine). */
const DEFAULT_OEM = 3;
const DEFAULT_PSM = 3;

/** A CLI call (`stdin stdout --tessdata-dir … -l … --psm … -c …`) as a kept reader's. */
export interface ReadingCall {
  folder: string;
  languages: string;
  oem: number;
  psm: number;
  variables: Array<[string, string]>;
  osd: boolean;
}

/**
 * The engine's CLI arguments read as one reading; anything else is refused, so a new flag in
 * native-tesseract.ts fails its tests here rather than being silently dropped.
 */
export function readingCall(args: readonly string[]): ReadingCall {
  if (args[0] !== 'stdin' || args[1] !== 'stdout') throw new Error(`not a reading of stdin: ${args.join(' ')}`);
  let folder: string | undefined;
  let languages: string | undefined;
  let oem = DEFAULT_OEM;
  let psm = DEFAULT_PSM;
  const set: Record<string, string> = {};
  for (let at = 2; at < args.length; at += 2) {
    const [flag, value] = [args[at]!, args[at + 1]];
    if (value === undefined) throw new Error(`${flag} without a value`);
    if (flag === '--tessdata-dir') folder = value;
    else if (flag === '-l') languages = value;
    else if (flag === '--oem') oem = Number(value);
    else if (flag === '--psm') psm = Number(value);
    else if (flag === '--dpi') set.user_defined_dpi = value;
    else if (flag === '-c') {
      const equals = value.indexOf('=');
      const name = value.slice(0, equals);
      if (equals < 0 || !(name in VARIABLE_DEFAULTS || OUTPUT_ONLY.has(name))) throw new Error(`variable not kept track of: ${value}`);
      if (!OUTPUT_ONLY.has(name)) set[name] = value.slice(equals + 1);
    } else throw new Error(`flag not understood: ${flag}`);
  }
  if (!folder || !languages || !Number.isInteger(oem) || !Number.isInteger(psm)) throw new Error(`incomplete reading: ${args.join(' ')}`);
  const variables = Object.entries({ ...VARIABLE_DEFAULTS, ...set });
  return { folder, languages, oem, psm, variables, osd: psm === 0 };
}

/**
 * Idle readers kept at most, over all models (each holds its model: 15-60 MB), the least recently
 * used ended first. A busy server reads with the same few models all the time; a quiet one ends
 * them all (idle-memory.ts calls endKeptReaders).
 */
const MAX_IDLE = 8;

interface Idle {
  key: string;
  reader: NativeReader;
}

let underWay = 0;

/** Readings the kept readers of this thread are making now (the hostile tests watch a cancelled job's stop). */
export function readingsUnderWay(): number {
  return underWay;
}

/** Each pool's ending of its idle readers (endKeptReaders). */
const pools = new Set<() => void>();

/**
 * Every idle reader's model freed, as the server closes: tesseract's shared word lists complain
 * at exit ("WARNING! LEAK!") of any still held.
 */
export function endKeptReaders() {
  for (const endIdle of pools) endIdle();
}

/** A pool of kept readers over the addon: one reading per reader at a time, more readers as readings overlap. */
export function warmTesseractRunner(addon: Addon): TesseractRunner {
  const idle: Idle[] = [];
  const retire = (entry: Idle) => {
    idle.splice(idle.indexOf(entry), 1);
    entry.reader.end();
  };
  pools.add(() => {
    for (const entry of [...idle]) retire(entry);
  });
  async function borrow(call: ReadingCall, key: string): Promise<NativeReader> {
    const found = idle.findLast((entry) => entry.key === key);
    if (found) {
      idle.splice(idle.indexOf(found), 1);
      return found.reader;
    }
    const reader = new addon.Reader();
    await reader.init(call.folder, call.languages, call.oem);
    return reader;
  }
  function giveBack(key: string, reader: NativeReader) {
    idle.push({ key, reader });
    if (idle.length > MAX_IDLE) retire(idle[0]!);
  }
  return async (args, stdin, signal): Promise<ProcessResult> => {
    const call = readingCall(args);
    const key = `${call.folder}\n${call.languages}\n${call.oem}`;
    signal?.throwIfAborted();
    let reader: NativeReader;
    try {
      reader = await borrow(call, key);
    } catch (error) {
      return { code: 1, signal: null, stdout: new Uint8Array(), stderr: String(error) };
    }
    if (signal?.aborted) {
      giveBack(key, reader);
      signal.throwIfAborted();
    }
    const stop = () => reader.cancel();
    signal?.addEventListener('abort', stop, { once: true });
    underWay++;
    try {
      const text = await reader.read(stdin, call.psm, call.variables, call.osd);
      giveBack(key, reader);
      return { code: 0, signal: null, stdout: new TextEncoder().encode(call.osd ? text : TSV_HEADER + text), stderr: '' };
    } catch (error) {
      // A reader whose reading failed (an image Leptonica cannot decode, a cancelled job) is
      // still sound; the error is told as the CLI's would be.
      giveBack(key, reader);
      signal?.throwIfAborted();
      return { code: 1, signal: null, stdout: new Uint8Array(), stderr: String(error) };
    } finally {
      underWay--;
      signal?.removeEventListener('abort', stop);
    }
  };
}

/**
 * The addon where it was built, OMP_THREAD_LIMIT=1 set first (libgomp reads it when loaded; see
 * createNativeTesseractEngine); undefined where it was not built or does not load, and
 * TEXTLIFT_TESSERACT_PROCESSES=1 asks for a process per reading (the benches' comparison).
 */
export function loadWarmTesseract(): Addon | undefined {
  if (process.env.TEXTLIFT_TESSERACT_PROCESSES === '1' || !existsSync(ADDON_PATH)) return undefined;
  process.env.OMP_THREAD_LIMIT = '1';
  try {
    return createRequire(import.meta.url)(ADDON_PATH) as Addon;
  } catch (error) {
    console.warn(`The kept-loaded tesseract does not load (${String(error)}): each reading starts a process.`);
    return undefined;
  }
}
