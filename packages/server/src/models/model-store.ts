import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { isBundledOcrLanguage, OCR_MODEL_PACKAGE_VERSION } from '@textlift/core';
import { modelPackageOf } from '@textlift/core/ocr/language-catalogue';
import { languageFolders } from '../engines/language-files.ts';
import { fetchRegistryModel, unavailable, type RegistryOptions } from './registry-model.ts';
import { sharedLoads } from '@textlift/core/shared-load';

const gunzipAsync = promisify(gunzip);

/**
 * What is kept beside a fetched model ({gzipDir}/{code}.model.json), written after both files:
 * where it came from, the integrity the registry published for it, and the files' own hashes,
 * so a model changed on disk is found and fetched again rather than read.
 */
export interface ModelRecord {
  package: string;
  version: string;
  tarball: string;
  /** The registry's integrity of the tarball, which its bytes matched. */
  integrity: string;
  tarballBytes: number;
  /** sha512 (base64) of {code}.traineddata.gz and of {code}.traineddata. */
  gzipped: string;
  plain: string;
}

/** A language's model as the store has it. */
export interface StoredModel {
  code: string;
  /** The gzipped model, as tesseract.js and the browser read it. */
  gzipFile: string;
  /** The record of a fetched model; undefined for a bundled one. */
  record?: ModelRecord;
}

export interface ModelStore {
  /**
   * Each language's model in the data directory's folders, fetched on first use where it is not
   * bundled; a 'language-unavailable' ConversionError for one that cannot be had.
   */
  ensure(codes: readonly string[]): Promise<StoredModel[]>;
  /**
   * Whether asking for the language now downloads nothing: bundled, already fetched (its record
   * of this version on disk; `ensure` still checks the files), or being fetched.
   */
  stored(code: string): Promise<boolean>;
  /** The fetched models on disk, by their records (read as they are: `ensure` checks them). */
  installed(): Promise<Array<{ code: string; record: ModelRecord }>>;
}

export interface ModelStoreOptions extends RegistryOptions {
  dataDir: string;
}

const recordFile = (gzipDir: string, code: string) => path.join(gzipDir, `${code}.model.json`);

async function sha512Of(file: string): Promise<string | undefined> {
  const hash = createHash('sha512');
  try {
    for await (const part of createReadStream(file)) hash.update(part as Buffer);
  } catch {
    return undefined;
  }
  return hash.digest('base64');
}

const sha512 = (bytes: Uint8Array) => createHash('sha512').update(bytes).digest('base64');

/** Writes through a temporary name, so a reader never sees half a file (and several processes may write at once). */
async function writeWhole(file: string, bytes: Uint8Array | string) {
  const partial = `${file}.${process.pid}.${randomUUID()}.part`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function readRecord(file: string): Promise<ModelRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ModelRecord;
  } catch {
    return undefined;
  }
}

/**
 * The OCR models of this host's data directory: the bundled ones prepared at start
 * (engines/language-files.ts), every other catalogue language's fetched from the npm registry the
 * first time it is asked for and kept beside them, gzipped for tesseract.js and unpacked for
 * native tesseract. One download per language at a time: a second request waits for the first's.
 * Only a main thread (or the ocr-languages script) keeps a store; conversion threads ask theirs.
 */
export function createModelStore({ dataDir, ...registry }: ModelStoreOptions): ModelStore {
  const { gzipDir, plainDir } = languageFolders(dataDir);
  const files = (code: string) => ({
    gzipFile: path.join(gzipDir, `${code}.traineddata.gz`),
    plainFile: path.join(plainDir, `${code}.traineddata`),
    record: recordFile(gzipDir, code),
  });
  /** Checked or fetched once per process; a failure is forgotten, so the next request tries again. */
  const ready = sharedLoads(load);

  /** The record where both files on disk are what it says; else undefined. */
  async function verified(code: string): Promise<ModelRecord | undefined> {
    const { gzipFile, plainFile, record: file } = files(code);
    const record = await readRecord(file);
    if (!record || record.version !== OCR_MODEL_PACKAGE_VERSION) return undefined;
    const [gzipped, plain] = await Promise.all([sha512Of(gzipFile), sha512Of(plainFile)]);
    return gzipped === record.gzipped && plain === record.plain ? record : undefined;
  }

  async function fetchModel(code: string): Promise<ModelRecord> {
    const { gzipFile, plainFile, record: file } = files(code);
    const fetched = await fetchRegistryModel(code, registry);
    let plain: Uint8Array;
    try {
      plain = await gunzipAsync(fetched.model);
    } catch {
      throw unavailable(code, 'its model is not a gzip file');
    }
    const record: ModelRecord = {
      package: modelPackageOf(code)!,
      version: OCR_MODEL_PACKAGE_VERSION,
      tarball: fetched.tarball,
      integrity: fetched.integrity,
      tarballBytes: fetched.tarballBytes,
      gzipped: sha512(fetched.model),
      plain: sha512(plain),
    };
    // The record goes first and last: removed before the files change, written once both are whole.
    await Promise.all([mkdir(gzipDir, { recursive: true }), mkdir(plainDir, { recursive: true })]);
    await rm(file, { force: true });
    await writeWhole(gzipFile, fetched.model);
    await writeWhole(plainFile, plain);
    await writeWhole(file, `${JSON.stringify(record, null, 2)}\n`);
    return record;
  }

  async function load(code: string): Promise<StoredModel> {
    const { gzipFile, plainFile } = files(code);
    if (isBundledOcrLanguage(code)) {
      // Prepared by the main thread at start; absent where its source is (Debian's Russian).
      if (existsSync(gzipFile) && existsSync(plainFile)) return { code, gzipFile };
      throw unavailable(code, 'it is not installed on this server');
    }
    if (!modelPackageOf(code)) throw unavailable(code, 'it is not in the catalogue');
    const record = (await verified(code)) ?? (await fetchModel(code));
    return { code, gzipFile, record };
  }

  return {
    ensure: (codes) => Promise.all(codes.map((code) => ready.get(code))),
    async stored(code) {
      if (isBundledOcrLanguage(code) || ready.has(code)) return true;
      return (await readRecord(recordFile(gzipDir, code)))?.version === OCR_MODEL_PACKAGE_VERSION;
    },
    async installed() {
      const names = await readdir(gzipDir).catch(() => [] as string[]);
      const found: Array<{ code: string; record: ModelRecord }> = [];
      for (const name of names.sort()) {
        const code = /^([a-z_]+)\.model\.json$/.exec(name)?.[1];
        const record = code && (await readRecord(recordFile(gzipDir, code)));
        if (code && record) found.push({ code, record });
      }
      return found;
    },
  };
}
