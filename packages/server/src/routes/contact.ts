import type { FastifyInstance } from 'fastify';
import { ConversionError, validateContact } from '@textlift/core';
import type { ContactStore } from '../contact-store.ts';
import { sendError } from '../http-errors.ts';

/** A message is a few kilobytes; anything much larger is not a person writing (413). */
export const MAX_CONTACT_BODY_BYTES = 64 * 1024;

/** The form posts JSON; any other body is refused before it is read (415). */
const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/**
 * POST /api/v1/contact: the contact form, validated with the page's own rules, then stored.
 * 201 is answered only once the message is committed to disk (see ContactStore).
 */
export function registerContactRoute(app: FastifyInstance, deps: { store: ContactStore; perTenMinutes: number }) {
  app.post(
    '/api/v1/contact',
    {
      bodyLimit: MAX_CONTACT_BODY_BYTES,
      config: { rateLimit: { max: deps.perTenMinutes, timeWindow: '10 minutes' } },
      onRequest: async (request) => {
        if (!isJson(request.headers['content-type'])) {
          throw new ConversionError('unsupported-type', 'Send the message as application/json.');
        }
      },
    },
    async (request, reply) => {
      const result = validateContact(request.body);
      if (!result.ok) {
        return sendError(reply, new ConversionError('bad-request', 'Some fields are missing or invalid.'), { fields: result.errors });
      }
      // A filled honeypot is a bot: it is told "sent" so it does not try again, and nothing is kept.
      if (result.value.website) return reply.status(201).send({ ok: true });
      // Synchronous: the row is committed (and fsynced) before the answer is sent.
      deps.store.add(result.value);
      return reply.status(201).send({ ok: true });
    },
  );
}
