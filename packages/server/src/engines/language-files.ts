import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { languageDataSource, type BundledOcrLanguage } from '@textlift/core';

/** The language's model file on this machine and whether it is gzipped, or undefined if absent. */
function modelFile(code: BundledOcrLanguage): { file: string; gzipped: boolean } | undefined {
  const source = languageDataSource(code);
  if (source.kind === 'debian') return existsSync(source.path) ? { file: source.path, gzipped: false } : undefined;
  return { file: fileURLToPath(import.meta.resolve(source.specifier)), gzipped: true };
}

/** Points `link` at `target`; safe when several processes prepare the same folder at once. */
async function linkTo(target: string, link: string) {
  if ((await readlink(link).catch(() => '')) === target) return;
  await rm(link, { force: true });
  await symlink(target, link).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

const isFresh = (file: string) =>
  stat(file).then(
    (info) => info.size > 0,
    () => false,
  );

/** Writes through a temporary name so a crash never leaves half a model behind. */
async function transform(source: string, target: string, step: NodeJS.ReadWriteStream) {
  const partial = `${target}.${process.pid}.part`;
  await pipeline(createReadStream(source), step, createWriteStream(partial));
  await rename(partial, target);
}

/** The models' folders in the data directory: gzipped for tesseract.js, unpacked for native tesseract. */
export function languageFolders(dataDir: string): { gzipDir: string; plainDir: string } {
  return { gzipDir: path.join(dataDir, 'tessdata-gz'), plainDir: path.join(dataDir, 'tessdata') };
}

/**
 * Folders holding every available language's model side by side, as both engines want them:
 * gzipped for tesseract.js and unpacked for native tesseract's --tessdata-dir. Built once in
 * the data directory (by the main thread; conversion threads pass write: false and only read).
 * Returns the languages found; a missing one is left out. The other languages' models are
 * fetched into the same folders on first use (models/model-store.ts).
 */
export async function prepareLanguageFolders(dataDir: string, codes: readonly BundledOcrLanguage[], { write = true } = {}) {
  const { gzipDir, plainDir } = languageFolders(dataDir);
  const available: BundledOcrLanguage[] = [];
  if (write) {
    await mkdir(gzipDir, { recursive: true });
    await mkdir(plainDir, { recursive: true });
  }
  for (const code of codes) {
    const model = modelFile(code);
    if (!model) continue;
    available.push(code);
    if (!write) continue;
    const gz = path.join(gzipDir, `${code}.traineddata.gz`);
    const plain = path.join(plainDir, `${code}.traineddata`);
    if (model.gzipped) {
      await linkTo(model.file, gz);
      if (!(await isFresh(plain))) await transform(model.file, plain, createGunzip());
    } else {
      await linkTo(model.file, plain);
      if (!(await isFresh(gz))) await transform(model.file, gz, createGzip());
    }
  }
  return { gzipDir, plainDir, available };
}
