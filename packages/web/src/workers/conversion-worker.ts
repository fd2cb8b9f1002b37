import * as Comlink from 'comlink';
import { runTool, toConversionError, type InputFile, type ProgressCallback } from '@textlift/core';
import { browserHost } from './browser-host.ts';

/** The one entry point of the worker: any registry tool, run off the main thread. */
const api = {
  async run(slug: string, inputs: InputFile[], options: Record<string, string>, onProgress?: ProgressCallback) {
    try {
      const result = await runTool(slug, inputs, options, { host: browserHost, onProgress });
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
