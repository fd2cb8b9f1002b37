import * as Comlink from 'comlink';
import { runTool, toConversionError, type JobInput, type ProgressCallback } from '@textlift/core';
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
  async run(slug: string, input: JobInput, options: Record<string, unknown>, onProgress?: ProgressCallback) {
    try {
      const result = await runTool(slug, input, options, { host: browserHost, onProgress });
      return Comlink.transfer(result, result.outputs.map((output) => output.bytes.buffer as ArrayBuffer));
    } catch (error) {
      // Thrown as a plain object so the code and details survive the trip to the page.
      const { code, message, details } = toConversionError(error);
      throw { code, message, details };
    }
  },
};

export type ConversionWorkerApi = typeof api;
Comlink.expose(api);
