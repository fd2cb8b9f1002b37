import type { TFunction } from 'i18next';
import { API_REQUESTS_PER_MINUTE, JOB_TIMEOUT_MS } from '@textlift/core/service-limits';
import { toolList } from '@textlift/core/tools';

const MB = 1024 * 1024;

/** The tools that send something of the visitor's to our server (Word layout), by the registry. */
export const serverTools = toolList.filter((tool) => tool.runsOn !== 'device');

const fileSizesMb = toolList.flatMap((tool) => (tool.input.kind === 'files' ? [tool.input.maxBytes / MB] : []));

/**
 * The facts the static pages state, read from the registry and the server's default limits
 * rather than written into 13 dictionaries: when a limit or a tool's place changes, the Terms
 * and the Privacy Policy change with it. Interpolated as {{name}} into the pages' texts.
 */
export function pageFacts(t: TFunction, languageTag: string) {
  const name = (key: string) => (t as unknown as (key: string) => string)(`tools.${key}.name`);
  return {
    requestsPerMinute: API_REQUESTS_PER_MINUTE,
    jobSeconds: JOB_TIMEOUT_MS / 1000,
    smallestFileMb: Math.min(...fileSizesMb),
    largestFileMb: Math.max(...fileSizesMb),
    serverTools: new Intl.ListFormat(languageTag, { type: 'conjunction' }).format(serverTools.map((tool) => name(tool.i18nKey))),
  };
}
