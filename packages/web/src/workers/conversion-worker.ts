import * as Comlink from 'comlink';
import { runTool, translationThrough, type ConversionHost, type JobInput, type ProgressCallback, type TranslationCalls } from '@textlift/core';
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
    (await browserHost.engines.ocr.engine()).load?.(languages);
  }),
  /**
   * `translation` is the page's: the browser's own translator is not in workers, and the page
   * reaches the server's engines too. `preferredOcrLanguage` is the model of the page's language.
   */
  run: plainErrors(
    async (
      slug: string,
      input: JobInput,
      options: Record<string, unknown>,
      onProgress?: ProgressCallback,
      translation?: TranslationCalls,
      preferredOcrLanguage?: string,
    ) => {
      const host: ConversionHost = translation
        ? { ...browserHost, engines: { ...browserHost.engines, translation: translationThrough(translation) } }
        : browserHost;
      const result = await runTool(slug, input, options, { host, onProgress, ...(preferredOcrLanguage ? { preferredOcrLanguage } : {}) });
      return Comlink.transfer(
        result,
        result.outputs.map((output) => output.bytes.buffer as ArrayBuffer),
      );
    },
  ),
};

export type ConversionWorkerApi = typeof api;
Comlink.expose(api);
