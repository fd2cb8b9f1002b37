import type { FastifyRequest } from 'fastify';
import type { InputFile } from '@textlift/core';
import type { AUTO_OCR_LANGUAGE, OcrLanguage } from '@textlift/core/ocr/languages';
import { ocrSpaceEngines, ocrSpaceFileTypes } from '@textlift/core/api/ocr-space';
import { OcrSpaceError } from './answer.ts';
import { ocrLanguageOf } from './languages.ts';

/** What a request sends, its field names lower-cased (OCR.space's clients spell `isOverlayRequired` every way). */
export interface OcrSpaceRequest {
  file?: InputFile;
  fields: Map<string, string>;
}

/** What the request asks, checked. */
export interface OcrSpaceParameters {
  language: OcrLanguage | typeof AUTO_OCR_LANGUAGE;
  overlay: boolean;
  table: boolean;
  searchablePdf: boolean;
  /** Taken and answered honestly: our text layer is always invisible (see the README). */
  hideTextLayer: boolean;
  /** Form or query `apikey`, where the header has none. */
  formKey?: string;
}

/** The file types OCR.space's `filetype` names; we read the type from the bytes whatever it says. */
const FILE_TYPES = new Set<string>(ocrSpaceFileTypes);
/** OCR.space's engines: one engine (ours) reads behind all of them. */
const ENGINES = new Set(ocrSpaceEngines.map(String));

/** Fields taken as they come, by lower-cased name; a field sent twice keeps its first value. */
export function fieldsOf(entries: Iterable<[string, unknown]>): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    if (fields.has(key) || value === undefined) continue;
    fields.set(key, String(Array.isArray(value) ? value[0] : value));
  }
  return fields;
}

/** OCR.space's booleans: true/false in any case (True/False from .NET and Python clients); absent is false. */
export function booleanField(fields: Map<string, string>, name: string): boolean {
  const value = fields.get(name.toLowerCase());
  if (value === undefined || value.trim() === '') return false;
  const lower = value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new OcrSpaceError(`E201: Invalid value for parameter '${name}': '${value}'. Use true or false.`);
}

export function parametersOf(fields: Map<string, string>): OcrSpaceParameters {
  const filetype = fields.get('filetype')?.trim();
  if (filetype && !FILE_TYPES.has(filetype.toUpperCase().replace(/^\./, ''))) {
    throw new OcrSpaceError(`E201: Invalid value for parameter 'filetype': '${filetype}'. Use one of ${ocrSpaceFileTypes.join(', ')}.`);
  }
  const engine = fields.get('ocrengine')?.trim();
  if (engine && !ENGINES.has(engine)) throw new OcrSpaceError(`E201: Invalid value for parameter 'OCREngine': '${engine}'. Use ${ocrSpaceEngines.join(', ')}.`);
  // detectOrientation and scale are taken and checked: every page is turned upright and its letters sized to be read anyway.
  booleanField(fields, 'detectOrientation');
  booleanField(fields, 'scale');
  return {
    language: ocrLanguageOf(fields.get('language')),
    overlay: booleanField(fields, 'isOverlayRequired'),
    table: booleanField(fields, 'isTable'),
    searchablePdf: booleanField(fields, 'isCreateSearchablePdf'),
    hideTextLayer: booleanField(fields, 'isSearchablePdfHideTextLayer'),
    formKey: fields.get('apikey') || undefined,
  };
}

/** The file of a `base64Image` field: a data URI, `data:<type>;base64,<data>`, as OCR.space takes it. */
export function decodeDataUri(value: string, maxBytes: number): InputFile {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i.exec(value.trimStart());
  if (!match) throw new OcrSpaceError("E201: Invalid value for parameter 'base64Image': send a data URI, data:image/png;base64,....");
  // A '+' sent unescaped in a urlencoded body arrives as a space; base64 has no spaces of its own.
  const data = value.trimStart().slice(match[0].length).replace(/ /g, '+').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data)) throw new OcrSpaceError("E201: Invalid value for parameter 'base64Image': it is not base64.");
  if (Math.floor((data.length * 3) / 4) > maxBytes + 2) throw tooLarge(maxBytes);
  const bytes = Buffer.from(data, data.includes('-') || data.includes('_') ? 'base64url' : 'base64');
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const extension = match[1]?.split('/')[1] ?? 'bin';
  return { name: `image.${extension}`, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

export function tooLarge(maxBytes: number): OcrSpaceError {
  const limit = `${Math.floor(maxBytes / 1024)} KB (${Math.floor(maxBytes / (1024 * 1024))} MB)`;
  return new OcrSpaceError(`File failed validation. File size exceeds the maximum permissible file size limit of ${limit}.`);
}

/** A multipart body's file (the part named `file`, or any part that holds a file) and fields, in memory only. */
export async function readMultipart(request: FastifyRequest, limits: { fileBytes: number; fieldBytes: number; fields: number }): Promise<OcrSpaceRequest> {
  const entries: Array<[string, string]> = [];
  let file: InputFile | undefined;
  const parts = request.parts({ limits: { fileSize: limits.fileBytes, files: 2, fieldSize: limits.fieldBytes, fields: limits.fields } });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (file) throw new OcrSpaceError('E301: Send one file a request.');
      file = { name: part.filename || part.fieldname || 'file', bytes: await part.toBuffer() };
      continue;
    }
    if (part.valueTruncated) {
      if (part.fieldname.toLowerCase() === 'base64image') throw tooLarge(limits.fileBytes);
      throw new OcrSpaceError(`E201: The field ${part.fieldname} is too long.`);
    }
    entries.push([part.fieldname, String(part.value)]);
  }
  return { file, fields: fieldsOf(entries) };
}
