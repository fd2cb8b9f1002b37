import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared/corpus beside the checkout, as CI lays it out. */
export const corpusDir = fileURLToPath(new URL('../../shared/corpus', import.meta.url));

export function corpusFile(relative: string): Buffer {
  return readFileSync(path.join(corpusDir, relative));
}

/** The expected text of a corpus input, with the one trailing newline stripped. */
export function corpusExpected(relative: string): string {
  const expected = relative.replace(/\.[^.]+$/, '.expected.txt');
  return readFileSync(path.join(corpusDir, expected), 'utf8').replace(/\n$/, '');
}

export const hasCorpus = existsSync(corpusDir);
