import * as Comlink from 'comlink';
import {
  chosenEngine,
  runTool,
  type ConversionHost,
  type JobInput,
  type ProgressCallback,
  type TranslationEngine,
  type TranslationEngineId,
} from '@textlift/core';
import type { PageTranslation } from '../lib/translation/page-engines.ts';
import { browserHost } from './browser-host.ts';
import { plainErrors } from './plain-errors.ts';

/** The one entry point of the worker: any registry tool, run off the main thread. */
const api = {
  /** A PDF's page count, for the lists that show it before converting; a password or damage is an error. */
  pdfPageCount: plainErrors(async (bytes: Uint8Array, password?: string): Promise<number> => {
    const { document, close } = await (await browserHost.pdf()).open(bytes, password);
    const pages = document.numPages;
    await close();
    return pages;
  }),
  /** Starts loading the OCR engine for these languages, before a file is chosen. */
  loadOcr: plainErrors(async (languages: string[]) => {
    (await browserHost.ocr()).load?.(languages);
  }),
  run: plainErrors(async (slug: string, input: JobInput, options: Record<string, unknown>, onProgress?: ProgressCallback, translation?: PageTranslation) => {
    const host: ConversionHost = translation ? { ...browserHost, translator: (pair) => pageTranslator(translation, pair) } : browserHost;
    const result = await runTool(slug, input, options, { host, onProgress });
    return Comlink.transfer(
      result,
      result.outputs.map((output) => output.bytes.buffer as ArrayBuffer),
    );
  }),
};

/** The engine the page chose for a pair, its work done in the page (the browser's translator is not in workers). */
async function pageTranslator(translation: PageTranslation, pair: Parameters<ConversionHost['translator']>[0]): Promise<TranslationEngine> {
  const id = (await translation.engineFor(pair)) as TranslationEngineId;
  return chosenEngine(id, (texts, asked) => translation.translate(id, texts, asked));
}

export type ConversionWorkerApi = typeof api;
Comlink.expose(api);
