import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranslationEngineId } from '@textlift/core/translation/engines';
import { findPair, sameLanguage, type LanguagePair } from '@textlift/core/translation/languages';
import { choosePageEngine, pageDeviceTranslator } from '../lib/translation/page-engines.ts';
import { serverEngineLanguages } from '../lib/translation/server-translation.ts';

export type TranslationEngineState =
  /** No target language chosen yet. */
  | { status: 'waiting' }
  | { status: 'checking' }
  /** The text is in the target language already. */
  | { status: 'same' }
  /**
   * An engine translates the pair now; `via` where it goes through a third language;
   * `canDownload` where the browser could translate it on the device instead, after a download.
   */
  | { status: 'ready'; engine: TranslationEngineId; via?: string; canDownload: boolean }
  /** Only the browser's translator could, once its model is downloaded. */
  | { status: 'download' }
  | { status: 'downloading'; fraction: number }
  | { status: 'download-failed' }
  /** Nobody here translates the pair. */
  | { status: 'none' }
  /** Nobody on this device does, and our server could not be asked (offline): the page asks again on the next choice. */
  | { status: 'unreachable' };

const keyOf = (source?: string, target?: string) => `${source ?? ''}>${target ?? ''}`;

/**
 * A model download that has not moved for this long is reported as failed, with the button to
 * try again: a browser that cannot reach its model server may leave it at 0% for ever. Should
 * it finish after all, the page takes it then.
 */
const STALLED_DOWNLOAD_MS = 60_000;

/**
 * Who will translate a pair on this page, asked before any upload: the browser's own translator,
 * our server's engines, or nobody (and the page says what would make it work). `download` fetches
 * the browser's model for the pair; it must be called from a click.
 */
export function useTranslationEngine(pair: LanguagePair | undefined) {
  const [state, setState] = useState<TranslationEngineState>({ status: 'waiting' });
  const [version, setVersion] = useState(0);
  const source = pair?.source;
  const target = pair?.target;
  // The pair on show: a download's news about another pair (chosen before) is not this one's.
  const shown = useRef(keyOf(source, target));
  shown.current = keyOf(source, target);

  useEffect(() => {
    if (!source || !target) return setState({ status: 'waiting' });
    if (sameLanguage({ source, target })) return setState({ status: 'same' });
    let current = true;
    setState({ status: 'checking' });
    void (async () => {
      const asked = { source, target };
      const choice = await choosePageEngine(asked);
      const device = pageDeviceTranslator();
      const deviceLater = device && choice?.engine.id !== 'device' ? (await device.availability(asked).catch(() => 'unavailable')) === 'downloadable' : false;
      const server = await serverEngineLanguages();
      const offered = server?.find((entry) => entry.id === choice?.engine.id);
      const via = offered && findPair(offered.pairs, asked)?.via;
      if (!current) return;
      if (!choice) setState({ status: server ? 'none' : 'unreachable' });
      else if (choice.needsDownload) setState({ status: 'download' });
      else setState({ status: 'ready', engine: choice.engine.id, via, canDownload: deviceLater });
    })();
    return () => {
      current = false;
    };
  }, [source, target, version]);

  const download = useCallback(() => {
    const device = pageDeviceTranslator();
    if (!device || !source || !target) return;
    const mine = keyOf(source, target);
    const update = (next: TranslationEngineState) => {
      if (shown.current === mine) setState(next);
    };
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const progress = (fraction: number) => {
      clearTimeout(stalled);
      stalled = setTimeout(() => update({ status: 'download-failed' }), STALLED_DOWNLOAD_MS);
      update({ status: 'downloading', fraction });
    };
    progress(0);
    device.download({ source, target }, progress).then(
      () => {
        clearTimeout(stalled);
        if (shown.current === mine) setVersion((value) => value + 1);
      },
      () => {
        clearTimeout(stalled);
        update({ status: 'download-failed' });
      },
    );
  }, [source, target]);

  return { state, download };
}
