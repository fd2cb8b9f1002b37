import { zipSync } from 'fflate';
import type { OutputFile } from '../conversion.ts';

/**
 * Several outputs as one .zip (API answers with many files, "Download all"). Names that repeat
 * get " (2)", " (3)" so no file overwrites another when unpacked.
 */
export function zipOutputs(outputs: OutputFile[], name: string): OutputFile {
  const entries: Record<string, Uint8Array> = {};
  for (const output of outputs) {
    let entry = output.name;
    for (let n = 2; entry in entries; n++) entry = output.name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    entries[entry] = output.bytes;
  }
  // Office files and images are compressed already; level 6 still shrinks text well.
  return { name, type: 'application/zip', bytes: zipSync(entries, { level: 6 }) };
}
