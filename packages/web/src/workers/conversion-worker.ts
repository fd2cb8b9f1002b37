import * as Comlink from 'comlink';
import { runTool, toConversionError, type ConversionHost, type JobInput, type ProgressCallback, type TranslationEngine } from '@textlift/core';
import type { PageTranslation } from '../lib/translation/page-engines.ts';
import { browserHost } from './browser-host.ts';

/** The one entry point of the worker: any registry tool, run off the main thread. */
const api = {
  /** A PDF's page count, for the lists that show it before converting; a password or damage is an error. */
  async pdfPageCount(bytes: Uint8Array, password?: string): Promise<number> {
    try {
      const { document, close } = await (await browserHost.pdf()).open(bytes, password);
      const pages = document.numPages;
      await close();
      return pages;
    } catch (error) {
      const { code, message, details } = toConversionError(error);
      throw { code, message, details };
    }
  },
  async run(slug: string, input: JobInput, options: Record<string, unknown>, onProgress?: ProgressCallback, translation?: PageTranslation) {
    try {
      const host: ConversionHost = translation ? { ...browserHost, translator: (pair) => pageTranslator(translation, pair) } : browserHost;
      const result = await runTool(slug, input, options, { host, onProgress });
      return Comlink.transfer(result, result.outputs.map((output) => output.bytes.buffer as ArrayBuffer));
    } catch (error) {
      // Thrown as a plain object so the code and details survive the trip to the page.
      const { code, message, details } = toConversionError(error);
      throw { code, message, details };
    }
  },
};

/** The engine the page chose for a pair, its work done in the page (the browser's translator is not in workers). */
async function pageTranslator(translation: PageTranslation, pair: Parameters<ConversionHost['translator']>[0]): Promise<TranslationEngine> {
  const id = (await translation.engineFor(pair)) as TranslationEngine['id'];
  return { id, availability: async () => 'available', translate: (texts, asked) => translation.translate(id, texts, asked) };
}

export type ConversionWorkerApi = typeof api;
Comlink.expose(api);
