import { ConversionError } from '@textlift/core/errors';
import type { Availability, TranslationEngine } from '@textlift/core/translation/engines';
import type { LanguagePair } from '@textlift/core/translation/languages';

/** The part of the browser's Translator API (Chrome 138+) we use; feature-detected, absent elsewhere. */
interface BrowserTranslator {
  translate(text: string, options?: { signal?: AbortSignal }): Promise<string>;
}

interface DownloadMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: Event & { loaded: number }) => void): void;
}

interface TranslatorFactory {
  availability(options: { sourceLanguage: string; targetLanguage: string }): Promise<'unavailable' | 'downloadable' | 'downloading' | 'available'>;
  create(options: {
    sourceLanguage: string;
    targetLanguage: string;
    monitor?(monitor: DownloadMonitor): void;
    signal?: AbortSignal;
  }): Promise<BrowserTranslator>;
}

function factory(): TranslatorFactory | undefined {
  const candidate = (globalThis as { Translator?: TranslatorFactory }).Translator;
  return candidate && typeof candidate.availability === 'function' && typeof candidate.create === 'function' ? candidate : undefined;
}

export type DeviceTranslator = TranslationEngine & {
  /**
   * Downloads the pair's language model, reporting 0 to 1. The browser allows it only during a
   * click (user activation), so only a button calls it.
   */
  download(pair: LanguagePair, onProgress: (fraction: number) => void): Promise<void>;
};

const key = ({ source, target }: LanguagePair) => `${source}>${target}`;

/**
 * The browser's own on-device translator as an engine, where the browser has one. A pair whose
 * model is not on the device yet is 'downloadable' (the browser's "downloading" too: it goes on
 * only once asked again from a click); nothing is sent anywhere to translate.
 */
export function deviceTranslator(): DeviceTranslator | undefined {
  const api = factory();
  if (!api) return undefined;
  const ready = new Map<string, Promise<BrowserTranslator>>();
  const create = (pair: LanguagePair, monitor?: (monitor: DownloadMonitor) => void) => {
    let translator = ready.get(key(pair));
    if (!translator) {
      translator = api.create({ sourceLanguage: pair.source, targetLanguage: pair.target, monitor });
      ready.set(key(pair), translator);
      translator.catch(() => ready.delete(key(pair)));
    }
    return translator;
  };
  return {
    id: 'device',
    async availability(pair): Promise<Availability> {
      const answer = await api.availability({ sourceLanguage: pair.source, targetLanguage: pair.target });
      return answer === 'available' ? 'available' : answer === 'unavailable' ? 'unavailable' : 'downloadable';
    },
    async download(pair, onProgress) {
      await create(pair, (monitor) => monitor.addEventListener('downloadprogress', (event) => onProgress(event.loaded)));
      onProgress(1);
    },
    async translate(texts, pair, signal) {
      let translator: BrowserTranslator;
      try {
        translator = await create(pair);
      } catch (error) {
        throw new ConversionError('engine-failed', `The browser's translator could not start: ${error instanceof Error ? error.message : String(error)}`);
      }
      const out: string[] = [];
      for (const text of texts) out.push(await translator.translate(text, { signal }));
      return out;
    },
  };
}
