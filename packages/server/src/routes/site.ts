import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { tools } from '@textlift/core';

/** Hashed bundles and versioned engine folders never change under the same URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built site: its files, and the app's HTML for every page route. */
export async function registerSiteRoutes(app: FastifyInstance, webRoot: string) {
  const indexPath = path.join(webRoot, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built site at ${webRoot}: run "npm run build". Only the API is served.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(webRoot, filePath);
      const immutable = relative.startsWith('assets') || relative.startsWith('engines');
      reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      if (filePath.endsWith('.traineddata.gz')) reply.header('Content-Type', 'application/octet-stream');
    },
  });

  const pageRoutes = new Set(['/', ...tools.map((tool) => tool.path)]);
  const html = await readFile(indexPath);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/');
    if (!isPage) {
      return reply.status(404).send({ error: { code: 'not-found', message: `No route ${request.method} ${pathname}` } });
    }
    return reply
      .status(pageRoutes.has(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(html);
  });
}
