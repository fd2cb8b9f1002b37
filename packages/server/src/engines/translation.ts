import type { EngineLanguages, LanguagePair, TranslationEngine } from '@textlift/core';
import { apertiumEngine, apertiumPairs } from '@textlift/core/translation/apertium';
import { engineById, requireEngine } from '@textlift/core/translation/engines';
import { libreTranslateEngine } from '@textlift/core/translation/libretranslate';
import type { ServerConfig } from '../config.ts';
import { APERTIUM_INSTALL, findApertium, type ApertiumLog, type ApertiumServer } from './apertium-server.ts';
import { cancelled } from './processes.ts';

/**
 * Our server's translation engines, in the order they are tried: Apertium (started and kept
 * running here), then the LibreTranslate-compatible server the operator configured. The
 * browser's own translator comes before both, in the page.
 */
export class ServerTranslation {
  readonly engines: Array<TranslationEngine & { pairs(): Promise<unknown> }>;
  private readonly apertium?: ApertiumServer;
  private readonly libreTranslate?: ReturnType<typeof libreTranslateEngine>;
  private readonly apertiumEngine?: ReturnType<typeof apertiumEngine>;

  constructor(apertium: ApertiumServer | undefined, libreTranslate: { url: string; apiKey?: string } | undefined) {
    this.apertium = apertium;
    this.apertiumEngine = apertium && apertiumEngine({ url: apertium.url });
    this.libreTranslate = libreTranslate && libreTranslateEngine(libreTranslate);
    this.engines = [this.apertiumEngine, this.libreTranslate].filter((engine) => engine !== undefined);
  }

  /**
   * The engines that can answer now: Apertium only while APy runs. The first request starts APy
   * and waits for it (about half a second) rather than being told it cannot; while APy waits to
   * be restarted after a crash, the next engine takes its pairs.
   */
  private async running(signal?: AbortSignal): Promise<TranslationEngine[]> {
    const starting = this.apertium?.start();
    const up = starting && (await (signal ? Promise.race([starting, cancelledBy(signal)]) : starting));
    return this.engines.filter((engine) => engine.id !== 'apertium' || up);
  }

  /** The engine that translates a pair now (the one named, where a client chose), or 'no-translator'. */
  async engineFor(pair: LanguagePair, { named, signal }: { named?: string; signal?: AbortSignal } = {}): Promise<TranslationEngine> {
    const engines = (await this.running(signal)).filter((engine) => !named || engine.id === named);
    return requireEngine(engines, pair);
  }

  /** An engine by its name, for a conversion thread that was told which one translates its job. */
  engine(id: string): TranslationEngine {
    return engineById(this.engines, id);
  }

  /** Each engine that answers, with its pairs; one that does not answer now is left out. */
  async languages(): Promise<EngineLanguages[]> {
    const up = (await this.running()).map((engine) => engine.id);
    const listed = await Promise.all([
      up.includes('apertium')
        ? this.apertiumEngine?.pairs().then(
            (pairs) => ({ id: 'apertium' as const, pairs: apertiumPairs(pairs) }),
            () => undefined,
          )
        : undefined,
      this.libreTranslate?.pairs().then(
        (pairs) => ({ id: 'libretranslate' as const, pairs }),
        () => undefined,
      ),
    ]);
    return listed.filter((entry) => entry !== undefined);
  }

  async close() {
    await this.apertium?.close();
  }
}

/** Rejects once the job is stopped, so that a wait for an engine does not outlive it. */
function cancelledBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const stop = () => reject(cancelled(signal));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/** The engines the configuration asks for; Apertium where it is installed and not turned off. */
export async function createServerTranslation(
  config: Pick<ServerConfig, 'apertium' | 'apertiumModes' | 'libreTranslateUrl' | 'libreTranslateKey'>,
  log: ApertiumLog,
): Promise<ServerTranslation> {
  const apertium = config.apertium === 'off' ? undefined : await findApertium(config.apertiumModes, log);
  if (!apertium && config.apertium !== 'off') {
    log.warn(`The Image Translator's server engine is off: Apertium is not installed (${APERTIUM_INSTALL}).`);
  }
  const libreTranslate = config.libreTranslateUrl ? { url: config.libreTranslateUrl, apiKey: config.libreTranslateKey || undefined } : undefined;
  return new ServerTranslation(apertium, libreTranslate);
}
