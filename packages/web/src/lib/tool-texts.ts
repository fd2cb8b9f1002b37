import type { TFunction } from 'i18next';
import type { ToolDefinition } from '@textlift/core/tools';

/**
 * A tool page's own words, by the dictionary's convention: `{i18nKey}.{name}` (the page's
 * section, e.g. `pdfToJpg.resultTitle`). The frame reads the keys every page has this way, so
 * a page names only the words that differ.
 */
export function toolText(t: TFunction, tool: ToolDefinition, name: string, values?: Record<string, unknown>): string {
  return (t as unknown as (key: string, values?: Record<string, unknown>) => string)(`${tool.i18nKey}.${name}`, values);
}
