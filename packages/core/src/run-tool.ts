import type { ConversionContext, ConversionResult, InputFile } from './conversion.ts';
import { ConversionError } from './errors.ts';
import { sniffType } from './sniff.ts';
import { findTool } from './tools.ts';

/**
 * Runs a registry tool after the checks every host must make: known tool, file count, size and
 * sniffed type. Both the browser worker and the server call this, so the rules cannot drift.
 */
export async function runTool(
  slug: string,
  inputs: InputFile[],
  options: Record<string, string>,
  context: ConversionContext,
): Promise<ConversionResult> {
  const tool = findTool(slug);
  if (!tool) throw new ConversionError('bad-request', `Unknown tool: ${slug}`);
  if (inputs.length === 0) throw new ConversionError('no-file', 'No file was given.');
  if (inputs.length > tool.maxFiles) {
    throw new ConversionError('bad-request', `At most ${tool.maxFiles} file(s).`, { maxFiles: tool.maxFiles });
  }
  for (const input of inputs) {
    if (input.bytes.length > tool.maxBytes) {
      throw new ConversionError('too-large', `${input.name} is larger than the limit.`, {
        maxMegabytes: tool.maxBytes / (1024 * 1024),
      });
    }
    if (input.bytes.length === 0) throw new ConversionError('empty-file', `${input.name} is empty.`);
    const type = sniffType(input.bytes);
    if (!type || !tool.accepts.includes(type)) {
      throw new ConversionError('unsupported-type', `${input.name} is not a file this tool reads.`);
    }
  }
  const convert = await tool.load();
  return convert(inputs, options, context);
}
