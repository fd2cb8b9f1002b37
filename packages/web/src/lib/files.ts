import type { OutputFile } from '@textlift/core/conversion';
import { isContainer, sniffType, type SniffedType } from '@textlift/core/sniff';

/** Sizes as the spec shows them: megabytes with two decimals. */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** The type a file really has, from its first bytes (a renamed file is caught here). */
export async function sniffFile(file: Blob): Promise<SniffedType | undefined> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  // A .docx or .doc says what it is only in its directory, which may be anywhere in the file.
  return sniffType(isContainer(head) ? new Uint8Array(await file.arrayBuffer()) : head);
}

/** The files of one job as the page names them: the file's name, or the names of the files taken together. */
export function jobName(files: readonly File[]): string {
  return files.map((file) => file.name).join(', ');
}

/** The bytes of a job's files together. */
export function jobSize(files: readonly File[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/** How long a download's blob URL lives after its click. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

export function downloadBytes(bytes: Uint8Array, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked a minute later, not at once: a busy browser may not have begun reading the blob on
  // the next task, and a revoked one is a download that never comes (as FileSaver.js waits).
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/** The output whose name ends with `extension` (".docx", ".csv"), where a tool answers several. */
export const outputOfType = (outputs: OutputFile[], extension: string) => outputs.find((output) => output.name.endsWith(extension));

export function downloadOutput(output: OutputFile | undefined) {
  if (output) downloadBytes(output.bytes, output.name, output.type);
}
