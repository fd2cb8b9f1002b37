import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { ConversionError, modelTarballEntry, OCR_MODEL_PACKAGE_VERSION } from '@textlift/core';
import { modelPackageOf } from '@textlift/core/ocr/language-catalogue';
import { unpackTar } from 'modern-tar';

const gunzipAsync = promisify(gunzip);

/** A version's document is about 2 KB; anything past this is not one. */
const MAX_PACKUMENT_BYTES = 1024 * 1024;

/**
 * Past this a tarball is refused: the largest @tesseract.js-data package, chi_tra, is 28.7 MB
 * (each holds two models of the language, the legacy folder and best_int).
 */
export const MAX_TARBALL_BYTES = 64 * 1024 * 1024;

/** The registry's answer about the version, at most. */
const PACKUMENT_TIME_MS = 30_000;

/** A whole download at most: chi_tra's 28.7 MB at 100 KB/s takes five minutes. */
export const DOWNLOAD_TIME_MS = 300_000;

/** A language's model as the registry published it, its tarball checked against the published integrity. */
export interface RegistryModel {
  /** `{code}.traineddata.gz`, the best_int model, as the tarball holds it. */
  model: Uint8Array;
  /** The registry's integrity of the tarball ("sha512-…"), which the bytes matched. */
  integrity: string;
  tarball: string;
  /** The tarball's size, what the first use of the language downloads. */
  tarballBytes: number;
}

export interface RegistryOptions {
  /** The registry's address (ServerConfig.npmRegistry, TEXTLIFT_NPM_REGISTRY). */
  registry: string;
  fetch?: typeof fetch;
}

/** A language whose model cannot be had: the page and the API say so rather than read with another. */
export function unavailable(code: string, reason: string): ConversionError {
  return new ConversionError('language-unavailable', `The OCR model of ${code} cannot be had: ${reason}`, { language: code });
}

/** The body, refused past `max` bytes (by its Content-Length, or as it arrives). */
async function bodyWithin(response: Response, max: number, what: string, code: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > max) throw unavailable(code, `${what} is ${declared} bytes, more than ${max}`);
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body ?? []) {
    size += part.byteLength;
    if (size > max) throw unavailable(code, `${what} is more than ${max} bytes`);
    parts.push(part);
  }
  return Buffer.concat(parts, size);
}

async function get(url: string, { fetch: fetchFn = fetch }: RegistryOptions, timeMs: number, code: string, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetchFn(url, { signal: AbortSignal.timeout(timeMs), redirect: 'follow' });
  } catch (error) {
    throw unavailable(code, `${what} could not be fetched (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw unavailable(code, `${what} answered ${response.status}`);
  return response;
}

/** Whether `bytes` are what a Subresource Integrity string ("sha512-<base64>") names; only sha512 is taken. */
export function matchesIntegrity(bytes: Uint8Array, integrity: string): boolean {
  const expected = /^sha512-([A-Za-z0-9+/]+={0,2})$/.exec(integrity.trim())?.[1];
  return expected !== undefined && createHash('sha512').update(bytes).digest('base64') === expected;
}

/**
 * Fetches a catalogue language's model from the npm registry: the pinned version of its
 * @tesseract.js-data package, its tarball checked against the integrity the registry published
 * before anything in it is read, and of it only the best_int model's entry taken, as bytes:
 * nothing of the tarball is written anywhere. Throws 'language-unavailable' where the code has
 * no package, the registry cannot be reached, or the bytes are not what it published.
 */
export async function fetchRegistryModel(code: string, options: RegistryOptions): Promise<RegistryModel> {
  const name = modelPackageOf(code);
  if (!name) throw unavailable(code, 'no npm package holds it');
  const registry = options.registry.replace(/\/+$/, '');
  // The scope's slash escaped, as npm's own client asks: some mirrors take no other form.
  const documentUrl = `${registry}/${name.replace('/', '%2f')}/${OCR_MODEL_PACKAGE_VERSION}`;
  const answer = await get(documentUrl, options, PACKUMENT_TIME_MS, code, 'the registry');
  let dist: { tarball?: unknown; integrity?: unknown } | undefined;
  try {
    dist = (JSON.parse(new TextDecoder().decode(await bodyWithin(answer, MAX_PACKUMENT_BYTES, 'the package document', code))) as { dist?: typeof dist }).dist;
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw unavailable(code, 'the registry answered no package document');
  }
  const { tarball, integrity } = dist ?? {};
  if (typeof tarball !== 'string' || !/^https?:\/\//.test(tarball) || typeof integrity !== 'string' || !integrity.startsWith('sha512-')) {
    throw unavailable(code, 'the package document names no tarball with a sha512 integrity');
  }
  const bytes = await bodyWithin(await get(tarball, options, DOWNLOAD_TIME_MS, code, 'the tarball'), MAX_TARBALL_BYTES, 'the tarball', code);
  if (!matchesIntegrity(bytes, integrity)) throw unavailable(code, `the tarball does not match the registry's integrity ${integrity}`);
  const wanted = modelTarballEntry(code);
  let entries: Awaited<ReturnType<typeof unpackTar>>;
  try {
    entries = await unpackTar(await gunzipAsync(bytes), { filter: (header) => header.name === wanted && header.type === 'file' });
  } catch {
    throw unavailable(code, 'the tarball cannot be unpacked');
  }
  const model = entries.find((entry) => entry.header.name === wanted)?.data;
  // A gzip stream at least: tesseract.js and the unpacking for native tesseract both expect one.
  if (model?.[0] !== 0x1f || model[1] !== 0x8b) throw unavailable(code, `the tarball holds no ${wanted}`);
  return { model, integrity, tarball, tarballBytes: bytes.byteLength };
}
