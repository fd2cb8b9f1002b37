import type { SniffedType } from '@textlift/core/sniff';
import { toolList, type ToolDefinition } from '@textlift/core/tools';

/** What a tool makes, as its registry entry says: the codes of a scanner, or the end of its slug ("jpg-to-word": word). */
function makes(tool: ToolDefinition): string | undefined {
  if (tool.answers === 'codes') return 'codes';
  return /-to-([a-z]+)$/.exec(tool.slug)?.[1];
}

/** How many other tools a refusal names at most. */
const MAX_SUGGESTED = 2;

/**
 * The tools of the registry that take a file of `type` which `current` refused: the ones that
 * make what `current` makes (a PDF on JPG to Word: PDF to Word) where there are any, else the
 * first in the registry's order (a Word document on JPG to Word: Word to PDF, Word to JPG).
 */
export function toolsTaking(type: SniffedType | undefined, current: ToolDefinition): ToolDefinition[] {
  if (!type) return [];
  const taking = toolList.filter((tool) => tool.slug !== current.slug && tool.input.kind === 'files' && tool.input.accepts.includes(type));
  const output = makes(current);
  const alike = output === undefined ? [] : taking.filter((tool) => makes(tool) === output);
  return (alike.length > 0 ? alike : taking).slice(0, MAX_SUGGESTED);
}
