import type { OcrEngine } from '@textlift/core';
import type { OcrProvider } from '../engines/ocr-provider.ts';
import { sharedLoads } from '@textlift/core/shared-load';

/** Makes sure the languages' models are in the folders the engine reads (ModelStore.ensure, or a call to the main thread's). */
export type EnsureModels = (languages: string[]) => Promise<unknown>;

/** What a conversion thread asks the main thread, which keeps the models and fetches the missing ones (models/model-store.ts). */
export interface ModelCalls {
  ensure(languages: string[]): Promise<void>;
}

/**
 * The engine, each reading waiting until its languages' models are on disk: a language fetched
 * on first use is fetched before tesseract is started on it, and one that cannot be had fails
 * the reading with 'language-unavailable' rather than reading with another model. Asked once
 * per set of languages while the engine is lent (the answer crosses threads).
 */
export function ensuringModels(engine: OcrEngine, ensure: EnsureModels): OcrEngine {
  const asked = sharedLoads((key: string) => ensure(key.split('+')));
  const ready = (languages: string[]) => asked.get(languages.join('+'));
  const { load, dictionary } = engine;
  return {
    ...engine,
    ...(load
      ? {
          load: (languages: string[]) =>
            void ready(languages).then(
              () => load(languages),
              () => {},
            ),
        }
      : {}),
    recognize: async (image, options) => {
      await ready(options.languages);
      return engine.recognize(image, options);
    },
    // A dictionary never fails a page: a model that cannot be had is reported by the reading.
    ...(dictionary
      ? {
          dictionary: (languages: string[]) =>
            ready(languages).then(
              () => dictionary(languages),
              () => undefined,
            ),
        }
      : {}),
  };
}

/** The provider, its engines lent waiting for their languages' models (ensuringModels). */
export function withModels(provider: OcrProvider, ensure: EnsureModels): OcrProvider {
  const { withRunner } = provider;
  return {
    ...provider,
    borrow() {
      const borrowed = provider.borrow();
      return { engine: ensuringModels(borrowed.engine, ensure), release: borrowed.release };
    },
    ...(withRunner ? { withRunner: (runner) => withModels(withRunner(runner), ensure) } : {}),
    close: () => provider.close(),
  };
}
