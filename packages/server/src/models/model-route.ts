import { createReadStream, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isBundledOcrLanguage, isOcrLanguage, toConversionError } from '@textlift/core';
import { sendError } from '../http-errors.ts';
import { modelDownloadLimit, type ModelDownloadLimit } from './download-limit.ts';
import type { ModelStore, StoredModel } from './model-store.ts';

const tesseractVersion = (createRequire(import.meta.url)('tesseract.js/package.json') as { version: string }).version;

/**
 * Where the page's tesseract.js finds every language's model (its langPath): the build's folder
 * of the engine (packages/web/engine-assets.ts, TESSERACT_BASE), so one worker reads bundled and
 * fetched languages together ("eng+ara").
 */
export const MODEL_URL_FOLDER = `/engines/tesseract-${tesseractVersion}/lang`;

/** The models never change under their address: a fetched one is a pinned version checked against its integrity. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ModelRouteLimits {
  /** Requests a minute per client address, whatever they ask for. */
  requestsPerMinute: number;
  /** Requests an hour per client address that make the server fetch a model not yet on its disk. */
  downloadsPerHour: number;
}

/**
 * GET {MODEL_URL_FOLDER}/{code}.traineddata.gz for every catalogue language: a bundled one as
 * the build wrote it, any other fetched from the npm registry on its first request, kept by the
 * server and sent from our origin with a strong ETag (the file's sha512). 503
 * 'language-unavailable' where it cannot be had; the page then says so. Both limits are counted
 * per client address with the API's machinery (@fastify/rate-limit, api-access.ts registers
 * it): past either, 429 'rate-limited' with Retry-After. A model already on disk is served
 * whatever the download limit says.
 */
export function registerModelRoute(
  app: FastifyInstance,
  { models, webRoot, limits, downloads }: { models: ModelStore; webRoot: string; limits: ModelRouteLimits; downloads?: ModelDownloadLimit },
) {
  const firstUse = downloads ?? modelDownloadLimit(app, models, limits.downloadsPerHour);
  const routeLimit = { rateLimit: { max: limits.requestsPerMinute, timeWindow: '1 minute' } };
  app.get<{ Params: { file: string } }>(`${MODEL_URL_FOLDER}/:file`, { config: routeLimit }, async (request, reply) => {
    const code = /^([a-z_]+)\.traineddata\.gz$/.exec(request.params.file)?.[1];
    if (!code || !isOcrLanguage(code)) return reply.callNotFound();
    if (isBundledOcrLanguage(code)) {
      const built = path.join(webRoot, MODEL_URL_FOLDER, `${code}.traineddata.gz`);
      const size = statSync(built, { throwIfNoEntry: false })?.size;
      if (size === undefined) return reply.callNotFound();
      return reply.header('Cache-Control', IMMUTABLE).header('Content-Length', size).type('application/octet-stream').send(createReadStream(built));
    }
    try {
      await firstUse(request, [code]);
    } catch (error) {
      return sendError(reply, toConversionError(error));
    }
    let model: StoredModel | undefined;
    try {
      [model] = await models.ensure([code]);
    } catch (error) {
      const failure = toConversionError(error);
      request.log.warn({ language: code, reason: failure.message }, 'OCR model unavailable');
      return sendError(reply, failure);
    }
    if (!model?.record) return reply.callNotFound();
    const etag = `"sha512-${model.record.gzipped}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.header('Content-Length', statSync(model.gzipFile).size).type('application/octet-stream').send(createReadStream(model.gzipFile));
  });
}
