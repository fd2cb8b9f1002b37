import { zipSync } from 'fflate';
import type { ConversionResult, OutputFile } from '../conversion.ts';
import { batchZipName } from '../output-names.ts';

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

/**
 * A batch's outputs as one .zip ("Download all" of several files), named after the first file's
 * output and how many files came with it: "Foto_extracted (+9).zip".
 */
export function batchAsOneFile(outputs: OutputFile[], files: number): OutputFile {
  return zipOutputs(outputs, batchZipName(outputs[0]?.name ?? '', files));
}

/**
 * A result as one file, as the API answers it and a page's "Download all" saves it: the tool's
 * own output where it made one (its by-products, `aside`, left to the page's other buttons),
 * else every output in a .zip named by the tool (`zipName`) or after the first output.
 */
export function resultAsOneFile({ outputs, zipName }: Pick<ConversionResult, 'outputs' | 'zipName'>): OutputFile {
  const own = outputs.filter((output) => !output.aside);
  if (own.length === 1) return own[0]!;
  if (outputs.length === 1) return outputs[0]!;
  return zipOutputs(outputs, zipName ?? batchZipName(outputs[0]?.name ?? '', 1));
}
