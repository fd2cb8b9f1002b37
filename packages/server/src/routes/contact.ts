import type { FastifyInstance } from 'fastify';
import { validateContact } from '@textlift/core';
import type { ContactStore } from '../contact-store.ts';

/** A message is a few kilobytes; anything much larger is not a person writing. */
const MAX_BODY_BYTES = 64 * 1024;

/** POST /api/v1/contact: the contact form, validated with the page's own rules, then stored. */
export function registerContactRoute(app: FastifyInstance, deps: { store: ContactStore; perTenMinutes: number }) {
  app.post(
    '/api/v1/contact',
    {
      bodyLimit: MAX_BODY_BYTES,
      config: { rateLimit: { max: deps.perTenMinutes, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const result = validateContact(request.body);
      if (!result.ok) {
        return reply.status(400).send({
          error: { code: 'bad-request', message: 'Some fields are missing or invalid.', fields: result.errors },
        });
      }
      // A filled honeypot is a bot: it is told "sent" so it does not try again, and nothing is kept.
      if (result.value.website) return reply.status(201).send({ ok: true });
      deps.store.add(result.value);
      return reply.status(201).send({ ok: true });
    },
  );
}
