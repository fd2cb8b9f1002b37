import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '@textlift/server';

/** The real API on an ephemeral loopback port, without the built site, for tests that call it over HTTP. */
export async function startApiServer(): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp({ port: 0, host: '127.0.0.1', logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/**
 * On a server allowing each client two API requests, the request `send` makes is answered
 * twice with `allowed`, then refused 429 with Retry-After and the error's code.
 */
export async function expectThirdRateLimited(
  send: (app: FastifyInstance) => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>,
  allowed: number,
): Promise<void> {
  const limited = await buildApp({ logLevel: 'warn', webRoot: '/nonexistent', apiRateLimit: 2 });
  try {
    expect((await send(limited)).statusCode).toBe(allowed);
    expect((await send(limited)).statusCode).toBe(allowed);
    const third = await send(limited);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json()).toMatchObject({ error: { code: 'rate-limited' } });
  } finally {
    await limited.close();
  }
}
