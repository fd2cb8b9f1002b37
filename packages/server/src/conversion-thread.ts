// Runs in a worker thread of the conversion pool: parsing a PDF or decoding an image holds a
// core for seconds, and must not stop the server from answering other requests meanwhile.
import { workerData } from 'node:worker_threads';
import { runTool, toConversionError, type ConversionResult, type JobInput } from '@textlift/core';
import type { ServerConfig } from './config.ts';
import { createNodeHost } from './engines/node-host.ts';
import { createOcrProvider } from './engines/ocr-provider.ts';

export interface ConversionTask {
  slug: string;
  input: JobInput;
  options: Record<string, string>;
}

export type ConversionOutcome =
  | { ok: true; result: ConversionResult }
  | { ok: false; error: { code: string; message: string; details: Record<string, string | number> } };

// The main thread has unpacked the models already; this thread only reads them.
const provider = createOcrProvider(workerData as ServerConfig, { prepare: false });

export default async function convert(task: ConversionTask): Promise<ConversionOutcome> {
  const { host, release } = createNodeHost(await provider);
  try {
    // Errors lose their code when cloned between threads, so both outcomes travel as data.
    return { ok: true, result: await runTool(task.slug, task.input, task.options, { host }) };
  } catch (error) {
    const { code, message, details } = toConversionError(error);
    return { ok: false, error: { code, message, details } };
  } finally {
    release();
  }
}
