import { ConversionError } from '@textlift/core/errors';
import type { Availability, EngineLanguages, TranslationEngine, TranslationEngineId } from '@textlift/core/translation/engines';
import { findPair, type LanguagePair } from '@textlift/core/translation/languages';
import { answerError } from '../../workers/server-call.ts';

let listed: Promise<EngineLanguages[] | undefined> | undefined;

/**
 * Our server's engines, asked once per page load (they change only when it restarts), or
 * undefined where the server could not be asked (offline, busy): then it is asked again next time.
 */
export function serverEngineLanguages(): Promise<EngineLanguages[] | undefined> {
  const asking = (listed ??= fetch('/api/v1/translate/languages')
    .then((response) => (response.ok ? (response.json() as Promise<{ engines?: unknown }>) : undefined))
    .then(
      (body) => (Array.isArray(body?.engines) ? (body.engines as EngineLanguages[]) : undefined),
      () => undefined,
    ));
  void asking.then((engines) => {
    if (!engines && listed === asking) listed = undefined;
  });
  return asking;
}

/** POST /api/v1/translate with a list of texts, each translated on its own, by the engine named. */
async function translateOnServer(engine: TranslationEngineId, texts: string[], pair: LanguagePair, signal?: AbortSignal): Promise<string[]> {
  let response: Response;
  let body: string;
  try {
    response = await fetch('/api/v1/translate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ texts, source: pair.source, target: pair.target, engine }),
      signal,
    });
    body = await response.text();
  } catch {
    if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
    throw new ConversionError('server-unreachable', 'The server could not be reached.');
  }
  if (!response.ok) throw answerError(response.status, body);
  const translated = (JSON.parse(body) as { texts?: unknown }).texts;
  if (!Array.isArray(translated)) throw new ConversionError('engine-failed', 'The server answered without the translation.');
  return translated as string[];
}

/** One of our server's engines as the page sees it: its pairs from the list, its work done by the server. */
export function serverEngine({ id, pairs }: EngineLanguages): TranslationEngine {
  return {
    id,
    async availability(pair): Promise<Availability> {
      return findPair(pairs, pair) ? 'available' : 'unavailable';
    },
    // Named, so that the engine the page credits is the one that translated.
    translate: (texts, pair, signal) => translateOnServer(id, texts, pair, signal),
  };
}
