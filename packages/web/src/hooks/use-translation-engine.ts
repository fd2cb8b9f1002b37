import { useCallback, useEffect, useState } from 'react';
import type { TranslationEngineId } from '@textlift/core/translation/engines';
import type { LanguagePair } from '@textlift/core/translation/languages';
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
  | { status: 'none' };

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

  useEffect(() => {
    if (!source || !target) return setState({ status: 'waiting' });
    if (source === target) return setState({ status: 'same' });
    let current = true;
    setState({ status: 'checking' });
    void (async () => {
      const asked = { source, target };
      const choice = await choosePageEngine(asked);
      const device = pageDeviceTranslator();
      const deviceLater = device && choice?.engine.id !== 'device' ? (await device.availability(asked).catch(() => 'unavailable')) === 'downloadable' : false;
      const listed = (await serverEngineLanguages()).find((entry) => entry.id === choice?.engine.id);
      const via = listed?.pairs.find((offered) => offered.source === source && offered.target === target)?.via;
      if (!current) return;
      if (!choice) setState({ status: 'none' });
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
    setState({ status: 'downloading', fraction: 0 });
    device.download({ source, target }, (fraction) => setState({ status: 'downloading', fraction })).then(
      () => setVersion((value) => value + 1),
      () => setState({ status: 'download-failed' }),
    );
  }, [source, target]);

  return { state, download };
}
