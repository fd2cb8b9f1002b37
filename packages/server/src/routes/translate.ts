import type { FastifyInstance } from 'fastify';
import { ConversionError } from '@textlift/core';
import { parseTranslateRequest, TRANSLATE_MAX_CHARS } from '@textlift/core/translation/translate-request';
import { translateText } from '@textlift/core/translation/translate-text';
import type { ServerTranslation } from '../engines/translation.ts';
import type { JobQueue } from '../job-queue.ts';

/** The largest text in JSON, escapes and all: every character as a six-byte \u escape, and room for the rest. */
const MAX_BODY_BYTES = TRANSLATE_MAX_CHARS * 6 + 4096;

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/**
 * POST /api/v1/translate: text alone, translated by our server's first engine for the pair
 * (Apertium, then the configured LibreTranslate-compatible server). GET
 * /api/v1/translate/languages: those engines and their pairs, which the Image Translator's page
 * reads to say, before an upload, who will translate. A translation takes a place in the job
 * queue like a conversion, so that translations at once are bounded (APy is one process, and a
 * LibreTranslate server may be paid for), and the API's per-client rate limit applies.
 */
export function registerTranslateRoutes(api: FastifyInstance, deps: { translation: ServerTranslation; queue: JobQueue }) {
  api.get('/api/v1/translate/languages', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { engines: await deps.translation.languages() };
  });

  api.post(
    '/api/v1/translate',
    {
      bodyLimit: MAX_BODY_BYTES,
      onRequest: async (request) => {
        if (!isJson(request.headers['content-type'])) throw new ConversionError('unsupported-type', 'Send the text as application/json.');
      },
    },
    async (request, reply) => {
      const asked = parseTranslateRequest(request.body);
      const { pair } = asked;
      // A client that leaves stops its translation between batches.
      const controller = new AbortController();
      const leave = () => {
        if (!reply.raw.writableFinished) controller.abort(new ConversionError('cancelled', 'The client left.'));
      };
      reply.raw.once('close', leave);
      try {
        return await deps.queue.run(
          async (signal) => {
            const engine = await deps.translation.engineFor(pair, { named: asked.engine, signal });
            const answer =
              asked.text !== undefined
                ? { text: await translateText(asked.text, engine, pair, { signal }) }
                : { texts: await engine.translate(asked.texts, pair, signal) };
            return { ...answer, engine: engine.id, source: pair.source, target: pair.target };
          },
          controller.signal,
          undefined,
          'translate',
        );
      } finally {
        reply.raw.off('close', leave);
      }
    },
  );
}
