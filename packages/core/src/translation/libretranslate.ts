import { ConversionError } from '../errors.ts';
import { noTranslator, type Availability, type TranslationEngine } from './engines.ts';
import type { LanguageCode, LanguagePair } from './languages.ts';
import { fetchJson, requestSignal, TRANSLATION_PROBE_TIMEOUT_MS } from './http.ts';

export interface LibreTranslateOptions {
  /** The server's address ("https://translate.example.org"), without /translate. */
  url: string;
  /** Its API key, where it asks for one; sent only from our server, never to a page. */
  apiKey?: string;
}

interface LanguagesAnswerEntry {
  code: string;
  targets?: string[];
}

/** The server's own code for a language: the same, or a script variant of it (newer servers say "zh-Hans"). */
function serverCode(codes: readonly string[], code: LanguageCode): string | undefined {
  return (
    codes.find((candidate) => candidate === code) ??
    codes.find((candidate) => candidate.split('-')[0] === code && /hans/i.test(candidate)) ??
    codes.find((candidate) => candidate.split('-')[0] === code)
  );
}

/** The languages list is asked again after this: an operator may add models to a running server. */
const LANGUAGES_TTL_MS = 10 * 60 * 1000;
/** A server that did not answer is not asked again for this long: every request would wait for it. */
const FAILURE_TTL_MS = 30 * 1000;

/**
 * A LibreTranslate-compatible server as an engine (the HTTP API of LibreTranslate: GET
 * /languages, POST /translate with `q` as a list). Any pair its /languages lists.
 */
export function libreTranslateEngine({ url, apiKey }: LibreTranslateOptions): TranslationEngine & { pairs(): Promise<LanguagePair[]> } {
  const base = url.replace(/\/+$/, '');
  let languages: { at: number; ttl: number; list: Promise<LanguagesAnswerEntry[]> } | undefined;
  const listLanguages = () => {
    if (!languages || Date.now() - languages.at > languages.ttl) {
      const list = fetchJson<LanguagesAnswerEntry[]>('LibreTranslate', `${base}/languages`, { signal: requestSignal(undefined, TRANSLATION_PROBE_TIMEOUT_MS) });
      const entry = { at: Date.now(), ttl: LANGUAGES_TTL_MS, list };
      languages = entry;
      list.catch(() => {
        entry.ttl = FAILURE_TTL_MS;
      });
    }
    return languages.list;
  };
  const codesFor = async ({ source, target }: LanguagePair) => {
    const list = await listLanguages();
    const from = serverCode(
      list.map((entry) => entry.code),
      source,
    );
    const entry = list.find((candidate) => candidate.code === from);
    // Servers before 1.3 list no targets: every language to every other.
    const to = entry && serverCode(entry.targets ?? list.map((candidate) => candidate.code), target);
    return from && to && from !== to ? { from, to } : undefined;
  };
  return {
    id: 'libretranslate',
    async pairs() {
      const list = await listLanguages();
      const short = (code: string) => code.split('-')[0]!;
      return list.flatMap((entry) =>
        (entry.targets ?? list.map((candidate) => candidate.code))
          .filter((target) => short(target) !== short(entry.code))
          .map((target) => ({ source: short(entry.code), target: short(target) })),
      );
    },
    async availability(pair): Promise<Availability> {
      return (await codesFor(pair)) ? 'available' : 'unavailable';
    },
    async translate(texts, pair, signal) {
      const codes = await codesFor(pair);
      if (!codes) throw noTranslator(pair, 'LibreTranslate');
      const answer = await fetchJson<{ translatedText: string | string[] }>('LibreTranslate', `${base}/translate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: texts, source: codes.from, target: codes.to, format: 'text', ...(apiKey ? { api_key: apiKey } : {}) }),
        signal: requestSignal(signal),
      });
      const lines = Array.isArray(answer.translatedText) ? answer.translatedText : [answer.translatedText];
      if (lines.length !== texts.length || lines.some((line) => typeof line !== 'string')) {
        throw new ConversionError('engine-failed', 'LibreTranslate answered a different number of texts than it was sent.');
      }
      return lines;
    },
  };
}
