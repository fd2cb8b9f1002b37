import type { FastifyInstance } from 'fastify';
import { buildApp } from '@textlift/server';

/** The real API on an ephemeral loopback port, without the built site, for tests that call it over HTTP. */
export async function startApiServer(): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp({ port: 0, host: '127.0.0.1', logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
