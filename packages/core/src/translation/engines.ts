import { ConversionError } from '../errors.ts';
import type { LanguagePair, RelayedPair } from './languages.ts';

/**
 * The engines, in the order they are tried: the browser's own on-device translator, Apertium
 * on our server, and a LibreTranslate-compatible server the operator configured.
 */
export type TranslationEngineId = 'device' | ServerEngineId;

/** The engines our server runs, which a client of POST /api/v1/translate may name. */
export const serverEngineIds = ['apertium', 'libretranslate'] as const;
export type ServerEngineId = (typeof serverEngineIds)[number];

/**
 * Whether an engine translates a pair here: now, once its language model is downloaded (the
 * browser's, which may only start after the visitor's click), or not at all.
 */
export type Availability = 'available' | 'downloadable' | 'unavailable';

export interface TranslationEngine {
  id: TranslationEngineId;
  availability(pair: LanguagePair): Promise<Availability>;
  /**
   * Translates each text on its own and answers in the same order: lines of one paragraph, as
   * `translateText` cuts them, so an engine that keeps nothing across calls loses nothing.
   */
  translate(texts: string[], pair: LanguagePair, signal?: AbortSignal): Promise<string[]>;
}

/** One of our server's engines and the pairs it translates, as GET /api/v1/translate/languages lists them. */
export interface EngineLanguages {
  id: TranslationEngineId;
  pairs: RelayedPair[];
}

/** The failure every host reports for a pair nobody here translates, or the engine asked does not. */
export function noTranslator(pair: LanguagePair, engine?: string): ConversionError {
  const message = engine
    ? `${engine} does not translate ${pair.source} to ${pair.target}.`
    : `No translation engine here translates ${pair.source} to ${pair.target}.`;
  return new ConversionError('no-translator', message, { source: pair.source, target: pair.target });
}

/** The engine of this id among these, or 'no-translator' where there is none such here. */
export function engineById<T extends TranslationEngine>(engines: readonly T[], id: string, pair?: LanguagePair): T {
  const engine = engines.find((candidate) => candidate.id === id);
  if (!engine) throw new ConversionError('no-translator', `No translation engine ${id} here.`, pair ? { source: pair.source, target: pair.target } : {});
  return engine;
}

/**
 * An engine chosen elsewhere, whose work is done there: a conversion thread's, by the server's
 * main thread; the browser worker's, by the page.
 */
export function chosenEngine(id: TranslationEngineId, translate: TranslationEngine['translate']): TranslationEngine {
  return { id, availability: async () => 'available', translate };
}

export type EngineChoice =
  | { engine: TranslationEngine; needsDownload: false }
  /** Only an engine that must download its model first translates the pair. */
  | { engine: TranslationEngine; needsDownload: true }
  | undefined;

/**
 * The engine that translates a pair: the first, in order, that can now; else the first that can
 * once its model is downloaded; else none. Engines are asked in turn, and no further once one
 * can: a slow engine late in the list does not hold up an earlier one. An engine whose question
 * fails (a server that does not answer) counts as unable, so the next one is asked.
 */
export async function chooseEngine(engines: readonly TranslationEngine[], pair: LanguagePair): Promise<EngineChoice> {
  let later: TranslationEngine | undefined;
  for (const engine of engines) {
    const answer = await engine.availability(pair).catch((): Availability => 'unavailable');
    if (answer === 'available') return { engine, needsDownload: false };
    if (answer === 'downloadable') later ??= engine;
  }
  return later && { engine: later, needsDownload: true };
}

/** The engine that translates a pair now, or the failure the API and the page both report. */
export async function requireEngine(engines: readonly TranslationEngine[], pair: LanguagePair): Promise<TranslationEngine> {
  const choice = await chooseEngine(engines, pair);
  if (!choice || choice.needsDownload) throw noTranslator(pair);
  return choice.engine;
}
