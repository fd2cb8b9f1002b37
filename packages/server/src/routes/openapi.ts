import type { FastifyInstance } from 'fastify';
import { openApiDocument, type ApiLimits } from '@textlift/core/api/openapi';

/** GET /api/v1/openapi.json: the API described from the tool registry (core's api/openapi.ts) with this server's limits. */
export function registerOpenApiRoute(app: FastifyInstance, limits?: ApiLimits) {
  const document = openApiDocument(limits);
  app.get('/api/v1/openapi.json', async () => document);
}
