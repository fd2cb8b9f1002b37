import { ConversionError, isErrorCode } from '@textlift/core/errors';
import type { Availability, TranslationEngine, TranslationEngineId } from '@textlift/core/translation/engines';
import type { LanguagePair, RelayedPair } from '@textlift/core/translation/languages';

/** One of our server's engines and its pairs, as GET /api/v1/translate/languages lists them. */
export interface ServerEngineLanguages {
  id: TranslationEngineId;
  pairs: RelayedPair[];
}

let listed: Promise<ServerEngineLanguages[] | undefined> | undefined;

/**
 * Our server's engines, asked once per page load (they change only when it restarts), or
 * undefined where the server could not be asked (offline, busy): then it is asked again next time.
 */
export function serverEngineLanguages(): Promise<ServerEngineLanguages[] | undefined> {
  const asking = (listed ??= fetch('/api/v1/translate/languages')
    .then((response) => (response.ok ? (response.json() as Promise<{ engines?: unknown }>) : undefined))
    .then((body) => (Array.isArray(body?.engines) ? (body.engines as ServerEngineLanguages[]) : undefined), () => undefined));
  void asking.then((engines) => {
    if (!engines && listed === asking) listed = undefined;
  });
  return asking;
}

/** POST /api/v1/translate with a list of texts, each translated on its own, by the engine named. */
async function translateOnServer(engine: TranslationEngineId, texts: string[], pair: LanguagePair, signal?: AbortSignal): Promise<string[]> {
  let response: Response;
  try {
    response = await fetch('/api/v1/translate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ texts, source: pair.source, target: pair.target, engine }),
      signal,
    });
  } catch {
    if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
    throw new ConversionError('engine-failed', 'The server could not be reached.');
  }
  const body = (await response.json().catch(() => ({}))) as { texts?: string[]; error?: { code?: string; message?: string; details?: Record<string, string | number> } };
  if (!response.ok || !Array.isArray(body.texts)) {
    const code = body.error?.code;
    throw new ConversionError(isErrorCode(code) ? code : 'engine-failed', body.error?.message ?? `HTTP ${response.status}`, body.error?.details ?? {});
  }
  return body.texts;
}

/** One of our server's engines as the page sees it: its pairs from the list, its work done by the server. */
export function serverEngine({ id, pairs }: ServerEngineLanguages): TranslationEngine {
  return {
    id,
    async availability(pair): Promise<Availability> {
      return pairs.some((offered) => offered.source === pair.source && offered.target === pair.target) ? 'available' : 'unavailable';
    },
    // Named, so that the engine the page credits is the one that translated.
    translate: (texts, pair, signal) => translateOnServer(id, texts, pair, signal),
  };
}
