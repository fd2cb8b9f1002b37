import { isBundledOcrLanguage, ocrLanguageTag } from '../languages.ts';
import { anyOf, dictionaryFromTraineddata, type Dictionary, type WordList } from './dictionary.ts';

/** What an engine's `dictionary` gives: the languages' word lists as one, or undefined. */
export type DictionaryLoader = (languages: string[]) => Promise<Dictionary | undefined>;

/**
 * Word lists read once per language from that language's model file (`read` gives its
 * bytes, gzipped or not) and kept. A language whose file cannot be read or carries no word
 * list is left out, and tried again next time; with none left, undefined. Never throws: a
 * dictionary only judges a reading, and its absence must not fail a page. Only the bundled
 * languages' are read: the judgements that weigh dictionary words were measured on those, and a
 * language fetched on first use is read on the engine's confidence alone.
 */
export function dictionaryLoader(read: (language: string) => Promise<Uint8Array>): DictionaryLoader {
  const loaded = new Map<string, Promise<WordList | undefined>>();

  function load(language: string): Promise<WordList | undefined> {
    if (!isBundledOcrLanguage(language)) return Promise.resolve(undefined);
    let list = loaded.get(language);
    if (!list) {
      list = read(language)
        .then(gunzipped)
        .then((bytes) => dictionaryFromTraineddata(bytes, ocrLanguageTag(language)))
        .catch(() => undefined);
      loaded.set(language, list);
      void list.then((found) => {
        if (!found) loaded.delete(language);
      });
    }
    return list;
  }

  return async (languages) => anyOf(await Promise.all(languages.map(load)));
}

/** The bytes, unpacked where they are gzip (by their magic number, as a server may or may not have unpacked them). */
export async function gunzipped(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
