import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ConversionError, isBundledOcrLanguage, isOcrLanguage } from '@textlift/core';
import type { ModelStore } from './model-store.ts';

/**
 * Counts a request that makes the server fetch a model not yet on its disk against the client's
 * address (`perHour`), the page's model route and the API's conversions alike: one count, so a
 * script cannot have the server fetch every language by naming them in API calls instead.
 * Throws 'rate-limited' (429, Retry-After) past it; a request of models already here costs nothing.
 */
export type ModelDownloadLimit = (request: FastifyRequest, codes: readonly string[]) => Promise<void>;

/** Made on the scope that registered @fastify/rate-limit (api-access.ts), so its key is the client's address. */
export function modelDownloadLimit(app: FastifyInstance, models: ModelStore, perHour: number): ModelDownloadLimit {
  const firstUse = app.createRateLimit({ max: perHour, timeWindow: '1 hour' });
  return async (request, codes) => {
    const fresh: string[] = [];
    for (const code of codes) if (isOcrLanguage(code) && !isBundledOcrLanguage(code) && !(await models.stored(code))) fresh.push(code);
    if (fresh.length === 0) return;
    const counted = await firstUse(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    const seconds = counted.ttlInSeconds;
    request.log.warn({ languages: fresh }, 'OCR model download refused: limit of the address reached');
    throw new ConversionError('rate-limited', `Too many languages new to this server asked for from this address; try again in ${seconds} s.`, {
      retryAfter: seconds,
    });
  };
}
