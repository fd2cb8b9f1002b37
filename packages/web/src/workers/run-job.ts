import type { ConversionResult, ProgressCallback } from '@textlift/core/conversion';
import { ConversionError } from '@textlift/core/errors';
import type { ToolDefinition } from '@textlift/core/tools';

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
 * sends the server the part only it can do. The bridge and the server call are loaded with the
 * first job, not with the page (they are not needed to paint it).
 */
export async function runJob(tool: ToolDefinition, job: PageJob, options: Record<string, unknown>, run: RunJobOptions = {}): Promise<ConversionResult> {
  if (tool.runsOn === 'server') {
    // Offline, a server tool first used there cannot even load its call: the same answer as the call's own failure.
    const { convertOnServer } = await import('./server-call.ts').catch(() => {
      throw new ConversionError('server-unreachable', 'The server could not be reached.');
    });
    return convertOnServer(tool.slug, { files: job.files, text: job.text, options }, run);
  }
  const files = await Promise.all((job.files ?? []).map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  const { runConversion } = await import('./conversion-bridge.ts');
  return runConversion(tool.slug, job.text === undefined ? { files } : { text: job.text }, options, run);
}

/** Starts the OCR engine's loading (see the bridge's loadOcrEngine); the bridge itself is fetched first. */
export function loadOcrEngine(languages: string[]): void {
  import('./conversion-bridge.ts').then(
    (bridge) => bridge.loadOcrEngine(languages),
    () => {},
  );
}
