import {
  chooseEngine,
  engineById,
  requireEngine,
  type EngineChoice,
  type TranslationEngine,
  type TranslationEngineId,
} from '@textlift/core/translation/engines';
import type { LanguagePair } from '@textlift/core/translation/languages';
import { deviceTranslator, type DeviceTranslator } from './device-translator.ts';
import { plainErrors } from '../../workers/plain-errors.ts';
import { serverEngine, serverEngineLanguages } from './server-translation.ts';

let device: DeviceTranslator | undefined | null = null;

/** The browser's own translator, where it has one (looked for once). */
export function pageDeviceTranslator(): DeviceTranslator | undefined {
  if (device === null) device = deviceTranslator();
  return device;
}

/** The engines a page may use, in order: the browser's own, then each of our server's. */
export async function pageEngines(): Promise<TranslationEngine[]> {
  const onDevice = pageDeviceTranslator();
  const server = ((await serverEngineLanguages()) ?? []).map(serverEngine);
  return onDevice ? [onDevice, ...server] : server;
}

export async function choosePageEngine(pair: LanguagePair): Promise<EngineChoice> {
  return chooseEngine(await pageEngines(), pair);
}

/**
 * What the conversion worker asks of the page for the Image Translator: the on-device
 * translator exists only in the page (not in workers), and the server's engines are reached from
 * here as well. The worker names the engine it was told, so the page and the result agree.
 */
export const pageTranslation = {
  engineFor: plainErrors(async (pair: LanguagePair): Promise<TranslationEngineId> => (await requireEngine(await pageEngines(), pair)).id),
  translate: plainErrors(async (id: TranslationEngineId, texts: string[], pair: LanguagePair, signal?: AbortSignal): Promise<string[]> => {
    return engineById(await pageEngines(), id, pair).translate(texts, pair, signal);
  }),
};
