import { isBundledOcrLanguage, type OfficeCalls, type OfficeEngine, type TranslationCalls } from '@textlift/core';
import type { ModelStore } from '../models/model-store.ts';
import { unavailable } from '../models/registry-model.ts';
import type { ModelCalls } from '../models/with-models.ts';
import type { ServedCalls } from './main-thread-calls.ts';
import { tesseractProcesses, type TesseractCalls } from './native-tesseract.ts';
import type { ServerTranslation } from './translation.ts';

/**
 * The engine services as a conversion thread calls them on the main thread, which owns their
 * processes (tesseract, LibreOffice, Apertium) and servers: OCR, OCR's models, Word layout, translation.
 */
export interface EngineCalls {
  ocr: TesseractCalls;
  models: ModelCalls;
  office: OfficeCalls;
  translation: TranslationCalls;
}

/**
 * The main thread's answers to a thread's engine calls, each stopped by the job's signal (but a
 * model's download, which other jobs may wait for too). Without a model store, only the bundled
 * languages can be read.
 */
export function servedEngines(office: OfficeEngine, translation: ServerTranslation, models?: ModelStore): ServedCalls<EngineCalls> {
  return {
    ocr: tesseractProcesses,
    models: {
      ensure: async (languages) => {
        if (models) await models.ensure(languages);
        else for (const code of languages) if (!isBundledOcrLanguage(code)) throw unavailable(code, 'this server keeps no models');
      },
    },
    office: { toPdf: (document, signal) => office.toPdf(document, { signal }) },
    translation: {
      engineFor: async (pair, signal) => (await translation.engineFor(pair, { signal })).id,
      translate: ({ engine, texts, pair }, signal) => translation.engine(engine).translate(texts, pair, signal),
    },
  };
}
