import { noTranslator, type Availability, type TranslationEngine } from './engines.ts';
import type { LanguageCode, LanguagePair, RelayedPair } from './languages.ts';
import { fetchJson, requestSignal } from './http.ts';

/** Apertium names languages by ISO 639-3; these are the ones its Debian pairs and our pages meet. */
const TWO_LETTER: Readonly<Record<string, LanguageCode>> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  por: 'pt',
  ita: 'it',
  cat: 'ca',
  glg: 'gl',
  eus: 'eu',
  nld: 'nl',
  dan: 'da',
  pol: 'pl',
  tur: 'tr',
  rus: 'ru',
  ind: 'id',
  ron: 'ro',
  oci: 'oc',
  arg: 'an',
};

/** The steps from one language to another: one pair, or two through a language both connect to. */
export type ApertiumRoute = Array<[string, string]>;

interface ListPairsAnswer {
  responseData: Array<{ sourceLanguage: string; targetLanguage: string }>;
}

interface TranslateAnswer {
  responseData: { translatedText: string };
}

/**
 * Finds a route: a pair APy has, or two of its pairs through a third language (English to French
 * is English to Spanish, then Spanish to French, with the Debian pairs).
 */
export function apertiumRoute(pairs: ReadonlyArray<readonly [string, string]>, { source, target }: LanguagePair): ApertiumRoute | undefined {
  const named = pairs.filter(([from, to]) => TWO_LETTER[from] && TWO_LETTER[to]);
  const direct = named.find(([from, to]) => TWO_LETTER[from] === source && TWO_LETTER[to] === target);
  if (direct) return [[direct[0], direct[1]]];
  for (const [from, via] of named) {
    if (TWO_LETTER[from] !== source) continue;
    const onward = named.find(([next, to]) => next === via && TWO_LETTER[to] === target);
    if (onward)
      return [
        [from, via],
        [via, onward[1]],
      ];
  }
  return undefined;
}

/**
 * Apertium moves a capital with the word it belongs to, so a sentence can come back starting in
 * lower case with a capital inside ("Could not bind" -> "no Podrían atar"): the capital goes back
 * to the start. A word that is capitalised in the source as well (a name) keeps its capital. A
 * line that began with a capital begins with one again.
 */
export function mendMovedCapital(source: string, translated: string): string {
  if (!/^\P{L}*\p{Lu}/u.test(source)) return translated;
  const start = /^(\P{L}*)(\p{Ll})(\S*\s+)(\p{Lu})(\p{Ll}*)/u.exec(translated);
  // Or lost on the way ("Operation" -> "l'opération" through Spanish): the sentence starts with a capital again.
  if (!start) return translated.replace(/^(\P{L}*)(\p{Ll})/u, (_, lead: string, first: string) => lead + first.toUpperCase());
  const [whole, lead, first, rest, capital, tail] = start as unknown as [string, string, string, string, string, string];
  const word = capital + tail;
  const keep = new RegExp(`(^|\\P{L})${word}(\\P{L}|$)`, 'u').test(source);
  return lead + first.toUpperCase() + rest + (keep ? capital : capital.toLowerCase()) + tail + translated.slice(whole.length);
}

export interface ApertiumOptions {
  /** APy's address as our server started it ("http://127.0.0.1:2737"), asked each time: it moves on a restart. */
  url: () => string;
}

/**
 * Apertium's APy server as an engine. Its pairs are asked once and kept: APy loads them at start
 * and never changes them. Lines of a batch go in one request, one per line, since APy keeps line
 * breaks; a batch that does not come back line for line is sent again a line at a time.
 */
export function apertiumEngine(options: ApertiumOptions): TranslationEngine & { pairs(): Promise<Array<[string, string]>> } {
  let pairs: Promise<Array<[string, string]>> | undefined;
  const listPairs = () => {
    pairs ??= fetchJson<ListPairsAnswer>('Apertium', `${options.url()}/listPairs`, { signal: requestSignal() }).then((answer) =>
      answer.responseData.map(({ sourceLanguage, targetLanguage }): [string, string] => [sourceLanguage, targetLanguage]),
    );
    // A failed question is asked again next time: APy may have been starting.
    pairs.catch(() => (pairs = undefined));
    return pairs;
  };
  const step = async (text: string, [from, to]: [string, string], signal?: AbortSignal) => {
    const body = new URLSearchParams({ q: text, langpair: `${from}|${to}`, markUnknown: 'no' });
    const answer = await fetchJson<TranslateAnswer>('Apertium', `${options.url()}/translate`, { method: 'POST', body, signal: requestSignal(signal) });
    return answer.responseData.translatedText;
  };
  const translateLines = async (texts: string[], hop: [string, string], signal?: AbortSignal): Promise<string[]> => {
    if (texts.length > 1 && texts.every((text) => !text.includes('\n'))) {
      const lines = (await step(texts.join('\n'), hop, signal)).split('\n');
      if (lines.length === texts.length) return lines;
    }
    const out: string[] = [];
    for (const text of texts) out.push(await step(text, hop, signal));
    return out;
  };
  return {
    id: 'apertium',
    pairs: listPairs,
    async availability(pair): Promise<Availability> {
      return apertiumRoute(await listPairs(), pair) ? 'available' : 'unavailable';
    },
    async translate(texts, pair, signal) {
      const route = apertiumRoute(await listPairs(), pair);
      if (!route) throw noTranslator(pair, 'Apertium');
      let current = texts;
      for (const hop of route) current = await translateLines(current, hop, signal);
      return current.map((line, index) => mendMovedCapital(texts[index]!, line));
    },
  };
}

/**
 * The two-letter pairs APy's list reaches, as the page's engine list shows them; a relayed one
 * names the language it goes through, which the page tells the visitor (two steps, rougher).
 */
export function apertiumPairs(pairs: ReadonlyArray<readonly [string, string]>): RelayedPair[] {
  const languages = [
    ...new Set(
      pairs
        .flat()
        .map((code) => TWO_LETTER[code])
        .filter((code): code is string => Boolean(code)),
    ),
  ];
  return languages.flatMap((source) =>
    languages.flatMap((target) => {
      const route = target === source ? undefined : apertiumRoute(pairs, { source, target });
      if (!route) return [];
      return [route.length > 1 ? { source, target, via: TWO_LETTER[route[0]![1]]! } : { source, target }];
    }),
  );
}
