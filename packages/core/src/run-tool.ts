import type { ConversionContext, ConversionResult, InputFile, Job } from './conversion.ts';
import { ConversionError } from './errors.ts';
import { sniffType } from './sniff.ts';
import { parseOptions } from './parse-options.ts';
import { findTool, type ToolDefinition } from './tools.ts';

/** A job as a host receives it: files, or the text of a text tool. */
export interface JobInput {
  files?: InputFile[];
  text?: string;
}

/**
 * The checks every host makes before converting, from the tool's declaration: file count,
 * size and sniffed type, or the text's length. Returns the job in the form conversions take.
 */
export function checkJob(tool: ToolDefinition, input: JobInput): Job {
  const files = input.files ?? [];
  const text = input.text ?? '';
  if (tool.input.kind === 'text') {
    if (files.length > 0) throw new ConversionError('bad-request', 'This tool takes text, not files.');
    if (!text.trim()) throw new ConversionError('no-text-input', 'No text was given.');
    if (text.length > tool.input.maxLength) {
      throw new ConversionError('too-long', `The text is longer than ${tool.input.maxLength} characters.`, { maxLength: tool.input.maxLength });
    }
    return { files, text };
  }
  const { accepts, maxBytes, minFiles, maxFiles } = tool.input;
  if (input.text !== undefined) throw new ConversionError('bad-request', 'This tool takes files, not text.');
  if (files.length === 0) throw new ConversionError('no-file', 'No file was given.');
  if (files.length < minFiles) throw new ConversionError('too-few-files', `At least ${minFiles} files.`, { minFiles });
  if (files.length > maxFiles) throw new ConversionError('too-many-files', `At most ${maxFiles} files.`, { maxFiles });
  for (const [index, file] of files.entries()) {
    const details = { name: file.name, index };
    if (file.bytes.length > maxBytes) {
      throw new ConversionError('too-large', `${file.name} is larger than the limit.`, { ...details, maxMegabytes: maxBytes / (1024 * 1024) });
    }
    if (file.bytes.length === 0) throw new ConversionError('empty-file', `${file.name} is empty.`, details);
    const type = sniffType(file.bytes);
    if (!type || !accepts.includes(type)) throw new ConversionError('unsupported-type', `${file.name} is not a file this tool reads.`, details);
  }
  return { files, text };
}

/**
 * Runs a registry tool after the checks every host must make: known tool, its input as
 * declared, its options by their schema. Both the browser worker and the server call this, so
 * the rules cannot drift.
 */
export async function runTool(
  slug: string,
  input: JobInput,
  rawOptions: Readonly<Record<string, unknown>>,
  context: ConversionContext,
): Promise<ConversionResult> {
  const tool = findTool(slug);
  if (!tool) throw new ConversionError('bad-request', `Unknown tool: ${slug}`);
  const job = checkJob(tool, input);
  const options = parseOptions(tool.options, rawOptions);
  const convert = await tool.load();
  return convert(job, options, context);
}
