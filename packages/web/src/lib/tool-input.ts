import { parseOcrLanguages, type OcrLanguage } from '@textlift/core/ocr/languages';
import { wordTypes, type DocumentType, type SniffedType } from '@textlift/core/sniff';
import type { ToolDefinition, ToolInput } from '@textlift/core/tools';

type FileInput = Extract<ToolInput, { kind: 'files' }>;

/** The file part of a tool's declaration; every page that shows a drop zone has one. */
export function fileInput(tool: ToolDefinition): FileInput {
  if (tool.input.kind !== 'files') throw new Error(`${tool.slug} takes text, not files`);
  return tool.input;
}

/** The size limit in MB, as the pages state it. */
export function maxMegabytes(tool: ToolDefinition): number {
  return fileInput(tool).maxBytes / (1024 * 1024);
}

/** The most pages a PDF may have (all files together where the tool takes several), if the tool says. */
export function maxPages(tool: ToolDefinition): number | undefined {
  return fileInput(tool).maxPages;
}

/** Extensions browsers need beside the media type before their picker offers such files. */
const extensions: Record<SniffedType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg,.jpeg',
  'image/gif': '.gif',
  'image/bmp': '.bmp',
  'image/tiff': '.tif,.tiff',
  'image/webp': '.webp',
  'image/heic': '.heic,.heif',
  'image/avif': '.avif',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.oasis.opendocument.text': '.odt',
  'application/rtf': '.rtf',
};

/** The file picker's accept attribute from the types the tool reads (the content is sniffed again). */
export function acceptAttribute(tool: ToolDefinition): string {
  return fileInput(tool)
    .accepts.flatMap((type) => [type, extensions[type]])
    .join(',');
}

/** Whether the tool reads PDFs (among other files, maybe). */
export function readsPdf(tool: ToolDefinition): boolean {
  return fileInput(tool).accepts.includes('application/pdf');
}

/** Whether the tool reads PDFs alone (its drop zone speaks of PDFs). */
export function readsOnlyPdf(tool: ToolDefinition): boolean {
  return fileInput(tool).accepts.every((type) => type === 'application/pdf');
}

/** Whether the tool reads Word documents (its drop zone and titles speak of documents). */
export function readsWord(tool: ToolDefinition): boolean {
  return fileInput(tool).accepts.some((type) => wordTypes.includes(type as DocumentType));
}

/**
 * The languages a tool that reads pictures by OCR will read them in, from the page's option
 * values; undefined for the others. PDF tools are left out: most PDFs carry their text.
 */
export function ocrLanguagesOf(tool: ToolDefinition, values: Record<string, unknown>): OcrLanguage[] | undefined {
  if (readsOnlyPdf(tool)) return undefined;
  const option = Object.entries(tool.options).find(([, field]) => field.kind === 'ocr-languages')?.[0];
  if (option === undefined) return undefined;
  try {
    const languages = parseOcrLanguages(String(values[option] ?? ''));
    // Automatic: none yet; the engine loads the model the page is first read with (conversion-bridge.ts).
    return languages;
  } catch {
    return undefined;
  }
}
