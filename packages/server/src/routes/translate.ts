import type { FastifyInstance } from 'fastify';
import { ConversionError } from '@textlift/core';
import { parseTranslateRequest, TRANSLATE_MAX_CHARS } from '@textlift/core/translation/translate-request';
import { translateText } from '@textlift/core/translation/translate-text';
import type { ServerTranslation } from '../engines/translation.ts';

/** The largest text in JSON, escapes and all: every character as a six-byte \u escape, and room for the rest. */
const MAX_BODY_BYTES = TRANSLATE_MAX_CHARS * 6 + 4096;

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/**
 * POST /api/v1/translate: text alone, translated by our server's first engine for the pair
 * (Apertium, then the configured LibreTranslate-compatible server). GET
 * /api/v1/translate/languages: those engines and their pairs, which the Image Translator's page
 * reads to say, before an upload, who will translate. Neither goes through the job queue: the
 * work is the engines', in their own processes; the API's per-client rate limit applies.
 */
export function registerTranslateRoutes(api: FastifyInstance, deps: { translation: ServerTranslation }) {
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
      const engine = await deps.translation.engineFor(pair);
      // A client that leaves stops its translation between batches.
      const controller = new AbortController();
      const leave = () => {
        if (!reply.raw.writableFinished) controller.abort(new ConversionError('cancelled', 'The client left.'));
      };
      reply.raw.once('close', leave);
      try {
        const answer = asked.text !== undefined
          ? { text: await translateText(asked.text, engine, pair, { signal: controller.signal }) }
          : { texts: await engine.translate(asked.texts, pair, controller.signal) };
        return { ...answer, engine: engine.id, source: pair.source, target: pair.target };
      } finally {
        reply.raw.off('close', leave);
      }
    },
  );
}
