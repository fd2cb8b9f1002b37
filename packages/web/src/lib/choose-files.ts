import type { ToolDefinition } from '@textlift/core/tools';
import { sniffFile } from './files.ts';
import { toolsTaking } from './other-tools.ts';
import { fileInput } from './tool-input.ts';

/** The one-line reason a file is refused, in the page's words. */
export interface RefusalReasons {
  empty(file: File): string;
  wrongType(file: File): string;
  tooLarge(file: File): string;
}

/**
 * Splits the chosen files into those the tool takes and one line about the first refused,
 * judged by content and size (the registry's, as the server judges them) before anything is
 * converted. A file of a type another tool takes (a Word document on JPG to Word) gets those
 * tools named, `otherTools`, for the page to link.
 */
export async function checkFiles(
  files: File[],
  tool: ToolDefinition,
  reasons: RefusalReasons,
): Promise<{ accepted: File[]; notice?: string; otherTools?: ToolDefinition[] }> {
  const { accepts, maxBytes } = fileInput(tool);
  const accepted: File[] = [];
  let notice: string | undefined;
  let otherTools: ToolDefinition[] | undefined;
  for (const file of files) {
    const type = file.size === 0 ? undefined : await sniffFile(file);
    const reason =
      file.size === 0
        ? reasons.empty(file)
        : !type || !accepts.includes(type)
          ? reasons.wrongType(file)
          : file.size > maxBytes
            ? reasons.tooLarge(file)
            : undefined;
    if (reason !== undefined && notice === undefined) {
      notice = reason;
      if (type && !accepts.includes(type)) otherTools = toolsTaking(type, tool);
    } else if (reason === undefined) accepted.push(file);
  }
  return { accepted, notice, otherTools };
}
