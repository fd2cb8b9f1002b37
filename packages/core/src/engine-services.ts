import type { ProgressCallback } from './conversion.ts';
import type { OcrEngine } from './ocr/engine.ts';
import { chosenEngine, type TranslationEngine, type TranslationEngineId } from './translation/engines.ts';
import type { LanguagePair } from './translation/languages.ts';

/**
 * The engines a host lends its tools, each a named service: OCR, Word layout, translation. A
 * tool asks `host.engines` for the one it needs and never where it runs: in the browser's worker,
 * in a server's conversion thread (whose engine processes the main thread owns), in a queue worker.
 */
export interface EngineServices {
  ocr: OcrService;
  office: OfficeEngine;
  translation: TranslationService;
}

/** OCR: the engine that reads this job's pages (lent for the job; the host takes it back after). */
export interface OcrService {
  engine(): Promise<OcrEngine>;
}

/** A Word document to lay out: its bytes and the extension its type goes by (doc, docx, odt, rtf). */
export interface OfficeDocument {
  bytes: Uint8Array;
  extension: string;
}

/**
 * Word layout: a word-processing document laid out as PDF, by LibreOffice on our server; in the
 * browser, by the server's Word to PDF, since no browser engine reads .doc and .docx faithfully.
 * A ConversionError 'engine-unavailable' where the server has none.
 */
export interface OfficeEngine {
  toPdf(document: OfficeDocument, options: { signal?: AbortSignal; onProgress?: ProgressCallback }): Promise<Uint8Array>;
}

/**
 * Translation: the engine that translates this pair here (translation/engines.ts has the order),
 * or a ConversionError 'no-translator'. In the browser the page answers, since the on-device
 * translator lives in the page, not in a worker.
 */
export interface TranslationService {
  engineFor(pair: LanguagePair): Promise<TranslationEngine>;
}

/**
 * Word layout done elsewhere, as the call crosses: plain data in and out. The side that answers
 * holds the job's signal; the caller's stops with the job.
 */
export interface OfficeCalls {
  toPdf(document: OfficeDocument): Promise<Uint8Array>;
}

/** What a translation done elsewhere is asked: the engine chosen for the job, the texts, the pair. */
export interface TranslateCall {
  engine: TranslationEngineId;
  texts: string[];
  pair: LanguagePair;
}

/**
 * Translation done elsewhere (the server's main thread, which runs Apertium and knows the
 * configured servers; the page, which alone has the browser's translator), as the calls cross.
 */
export interface TranslationCalls {
  engineFor(pair: LanguagePair): Promise<TranslationEngineId>;
  translate(call: TranslateCall): Promise<string[]>;
}

/** The Word layout service of a host whose layout is done elsewhere. */
export function officeThrough(calls: OfficeCalls): OfficeEngine {
  return { toPdf: (document) => calls.toPdf(document) };
}

/**
 * The translation service of a host whose translating is done elsewhere: the engine is chosen
 * there, and named in each call after, so the job's result names the engine that did the work.
 */
export function translationThrough(calls: TranslationCalls): TranslationService {
  return {
    async engineFor(pair) {
      const engine = await calls.engineFor(pair);
      return chosenEngine(engine, (texts, asked) => calls.translate({ engine, texts, pair: asked }));
    },
  };
}
