import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, symlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { languageDataSpecifier } from '@textlift/core';

/** Path of a language's gzipped model inside its npm package. */
export function languageDataPath(code: string): string {
  return fileURLToPath(import.meta.resolve(languageDataSpecifier(code)));
}

/**
 * Folders holding every language's model side by side, as both engines want them: gzipped for
 * tesseract.js (links into node_modules) and unpacked for native tesseract's --tessdata-dir.
 * Built once in the data directory; a missing or partial file is rebuilt.
 */
export async function prepareLanguageFolders(dataDir: string, codes: readonly string[]) {
  const gzipDir = path.join(dataDir, 'tessdata-gz');
  const plainDir = path.join(dataDir, 'tessdata');
  await mkdir(gzipDir, { recursive: true });
  await mkdir(plainDir, { recursive: true });
  for (const code of codes) {
    const source = languageDataPath(code);
    const link = path.join(gzipDir, `${code}.traineddata.gz`);
    await rm(link, { force: true });
    await symlink(source, link);
    const target = path.join(plainDir, `${code}.traineddata`);
    const fresh = await stat(target).then((s) => s.size > 0, () => false);
    if (!fresh) {
      const partial = `${target}.${process.pid}.part`;
      await pipeline(createReadStream(source), createGunzip(), createWriteStream(partial));
      await rename(partial, target);
    }
  }
  return { gzipDir, plainDir };
}
