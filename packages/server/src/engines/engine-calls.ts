import type { OfficeCalls, OfficeEngine, TranslationCalls } from '@textlift/core';
import type { ServedCalls } from './main-thread-calls.ts';
import { tesseractProcesses, type TesseractCalls } from './native-tesseract.ts';
import type { ServerTranslation } from './translation.ts';

/**
 * The engine services as a conversion thread calls them on the main thread, which owns their
 * processes (tesseract, LibreOffice, Apertium) and servers: OCR, Word layout, translation.
 */
export interface EngineCalls {
  ocr: TesseractCalls;
  office: OfficeCalls;
  translation: TranslationCalls;
}

/** The main thread's answers to a thread's engine calls, each stopped by the job's signal. */
export function servedEngines(office: OfficeEngine, translation: ServerTranslation): ServedCalls<EngineCalls> {
  return {
    ocr: tesseractProcesses,
    office: { toPdf: (document, signal) => office.toPdf(document, { signal }) },
    translation: {
      engineFor: async (pair, signal) => (await translation.engineFor(pair, { signal })).id,
      translate: ({ engine, texts, pair }, signal) => translation.engine(engine).translate(texts, pair, signal),
    },
  };
}
