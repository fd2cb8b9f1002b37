import type { SniffedType } from '@textlift/core/sniff';
import { sniffFile } from './files.ts';

export interface FileCheck {
  /** Whether the sniffed type is one the tool reads. */
  accepts(type: SniffedType | undefined): boolean;
  maxBytes: number;
  /** The one-line reason a file is refused. */
  reasons: { empty(file: File): string; wrongType(file: File): string; tooLarge(file: File): string };
}

/**
 * Splits the chosen files into those the tool takes and one line about the first refused,
 * judged by content and size before anything is converted.
 */
export async function checkFiles(files: File[], check: FileCheck): Promise<{ accepted: File[]; notice?: string }> {
  const accepted: File[] = [];
  let notice: string | undefined;
  for (const file of files) {
    const reason =
      file.size === 0
        ? check.reasons.empty(file)
        : !check.accepts(await sniffFile(file))
          ? check.reasons.wrongType(file)
          : file.size > check.maxBytes
            ? check.reasons.tooLarge(file)
            : undefined;
    if (reason !== undefined) notice ??= reason;
    else accepted.push(file);
  }
  return { accepted, notice };
}
