import type { ConversionResult, ProgressCallback } from '@textlift/core/conversion';
import type { ToolDefinition } from '@textlift/core/tools';
import { runConversion } from './conversion-bridge.ts';
import { convertOnServer } from './server-call.ts';

/** What a page hands over: the files the visitor chose, or the text typed. */
export interface PageJob {
  files?: File[];
  text?: string;
}

export interface RunJobOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

/**
 * Runs a tool where the registry says it runs: in the page's worker, or on our server through
 * POST /api/v1/convert/{slug}. Both answer the same way: a result, or a ConversionError with
 * the same codes; aborting cancels either. A 'server+device' tool runs in the worker, whose host
 * sends the server the part only it can do.
 */
export async function runJob(tool: ToolDefinition, job: PageJob, options: Record<string, unknown>, run: RunJobOptions = {}): Promise<ConversionResult> {
  if (tool.runsOn === 'server') return convertOnServer(tool.slug, { files: job.files, text: job.text, options }, run);
  const files = await Promise.all((job.files ?? []).map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  return runConversion(tool.slug, job.text === undefined ? { files } : { text: job.text }, options, run);
}
