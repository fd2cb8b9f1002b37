// Runs in a worker thread of the conversion pool: parsing a PDF or decoding an image holds a
// core for seconds, and must not stop the server from answering other requests meanwhile.
import { threadId, workerData, type MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import sharp from 'sharp';
import { officeThrough, resultAsOneFile, runTool, toConversionError, translationThrough, type ConversionResult, type JobInput } from '@textlift/core';
import type { ServerConfig } from './config.ts';
import type { EngineCalls } from './engines/engine-calls.ts';
import { createNodeHost } from './engines/node-host.ts';
import { mainThreadServices } from './engines/main-thread-calls.ts';
import { tesseractThrough } from './engines/native-tesseract.ts';
import { createOcrProvider } from './engines/ocr-provider.ts';
import { withModels } from './models/with-models.ts';
import { ownBuffers } from './own-buffers.ts';

export interface ConversionTask {
  slug: string;
  input: JobInput;
  options: Record<string, string>;
  /** The main thread's end runs this job's engine processes, tesseract and LibreOffice (engines/main-thread-calls.ts). */
  engines?: MessagePort;
}

export type ConversionOutcome =
  | { ok: true; result: ConversionResult }
  | { ok: false; error: { code: string; message: string; details: Record<string, string | number> } };

/** What the pool gives each thread: the server's settings and the OCR engine the main thread chose. */
export interface ConversionThreadData {
  config: ServerConfig;
  ocr: { kind: 'native' | 'wasm'; version?: string; secondModelDir?: string };
}

/** The first message on a job's port: which thread runs it, so that the pool can wait for its end after an abort. */
export interface ThreadStarted {
  thread: number;
}

const data = workerData as ConversionThreadData;
// libvips keeps up to 50 MB of recent operations per process by default; a server that decodes
// each upload once never gets a hit from that cache, it only keeps the memory resident.
sharp.cache(false);
// The main thread has unpacked the models and found the engine already; this thread only reads
// them, and never runs `tesseract --version` or `--list-langs` (a process a stopped thread would
// leave unreaped).
const provider = createOcrProvider(data.ocr.kind === 'wasm' ? { ...data.config, ocrEngine: 'wasm' } : data.config, {
  prepare: false,
  tesseractVersion: data.ocr.version,
  secondModelDir: data.ocr.secondModelDir,
});

export default async function convert(task: ConversionTask) {
  const base = await provider;
  const port = task.engines;
  port?.postMessage({ thread: threadId } satisfies ThreadStarted);
  // The engines' processes and servers (tesseract, LibreOffice, Apertium, a LibreTranslate client) are the main thread's.
  const main = port && mainThreadServices<EngineCalls>(port);
  const withRunner = main && base.withRunner ? base.withRunner(tesseractThrough(main.ocr)) : base;
  // The models too are the main thread's: it fetches a language's on first use, once for all threads.
  const jobProvider = main ? withModels(withRunner, (languages) => main.models.ensure(languages)) : withRunner;
  const { host, release } = createNodeHost(jobProvider, main && { office: officeThrough(main.office), translation: translationThrough(main.translation) });
  try {
    let result = await runTool(task.slug, task.input, task.options, { host });
    // Several outputs are answered as one file (a ZIP), packed here: on the main thread, zipping
    // the 15 pages of a PDF to JPG at 300 dpi (17 MB) held the event loop for 1.7-2.8 s.
    if (!result.data?.codes && result.outputs.length > 1) result = { ...result, outputs: [resultAsOneFile(result)] };
    const outcome: ConversionOutcome = { ok: true, result };
    // Moved, not copied, to the main thread: a 40 MB ZIP of pages is held once, not twice.
    return Piscina.move({ [Piscina.transferableSymbol]: ownBuffers(result.outputs), [Piscina.valueSymbol]: outcome } as never) as unknown as ConversionOutcome;
  } catch (error) {
    // Errors lose their code when cloned between threads, so both outcomes travel as data.
    const { code, message, details } = toConversionError(error);
    return { ok: false, error: { code, message, details } } satisfies ConversionOutcome;
  } finally {
    release();
    port?.close();
  }
}
