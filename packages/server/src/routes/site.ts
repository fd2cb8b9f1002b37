import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chosenLanguageOf, chosenThemeOf, findTool } from '@textlift/core';
import type { ServerConfig } from '../config.ts';
import { pathnameOf, sendApiNotFound } from '../http-errors.ts';

/** Hashed bundles and versioned engine folders never change under the same URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Compressed copies kept per document: two encodings, three themes, under a few public addresses. */
const MAX_ORIGINS_CACHED = 12;
/**
 * A page's brotli copy is made when it is first asked for, while its visitor waits: quality 6
 * takes 1.4 ms for a 45 KB page and is 10% larger than quality 11, which takes 76 ms (the built
 * assets are compressed at 11 ahead of time).
 */
const BROTLI_PAGE = { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } };

/** The build writes this where the site's own address belongs (canonical links, sitemap). */
const ORIGIN_PLACEHOLDER = '%ORIGIN%';

/**
 * Files served as they are: anything with an extension but the documents that carry the
 * placeholder (pages, sitemap, robots), which are served by route, and what is in a dot folder
 * (the build's report of its chunks, .vite/).
 */
const isPlainFile = (pathName: string) => /\.[a-z0-9]+$/i.test(pathName) && !/\.html$|^\/sitemap\.xml$|^\/robots\.txt$|\/\./.test(pathName);

/**
 * Every prerendered page: "/" -> index.html, "/de" -> de/index.html, "/de/blog/x" ->
 * de/blog/x/index.html; and the not-found pages by the folder they answer for ("/de/blog" ->
 * de/blog/404.html, the German blog's).
 */
function readPages(webRoot: string): { pages: Map<string, string>; notFound: Map<string, string> } {
  const pages = new Map<string, string>();
  const notFound = new Map<string, string>();
  const walk = (dir: string) => {
    const route = `/${path.relative(webRoot, dir).split(path.sep).join('/')}`.replace(/\/$/, '') || '/';
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets' && entry.name !== 'engines') walk(full);
      else if (entry.name === 'index.html') pages.set(route, readFileSync(full, 'utf8'));
      else if (entry.name === '404.html') notFound.set(route, readFileSync(full, 'utf8'));
    }
  };
  walk(webRoot);
  return { pages, notFound };
}

/** The not-found page nearest an address: "/de/blog/x" is the German blog's, "/xx/y" the English site's. */
function nearestNotFound(notFound: Map<string, string>, pathname: string): string {
  for (let route = pathname; ; route = route.slice(0, route.lastIndexOf('/')) || '/') {
    const page = notFound.get(route);
    if (page) return page;
    if (route === '/') throw new Error('The build has no 404.html');
  }
}

/** Where the same page is in a language other than English ("/blog", "de" -> "/de/blog"; English has no prefix). */
const localized = (code: string, pathname: string) => (pathname === '/' ? `/${code}` : `/${code}${pathname}`);

/** What a document is sent as, by the client's Accept-Encoding and its q-values (`br;q=0` refuses brotli). */
function documentEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return undefined;
  // "*" stands for any encoding; as @fastify/static reads it for the files, gzip.
  return (negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']) ?? undefined) as 'br' | 'gzip' | undefined;
}

/** Methods a page or document answers; anything else there is 405. */
const PAGE_METHODS = ['GET', 'HEAD'];

/**
 * Serves the built site: assets as files, and every page as its prerendered HTML. Also the
 * not-found answer of the whole server: the site's 404 page for a page address, JSON (404, or
 * 405 with Allow) for the API and for any method a page does not take.
 */
export async function registerSiteRoutes(app: FastifyInstance, config: Pick<ServerConfig, 'webRoot' | 'publicUrl'>) {
  // In a context of its own, so the ETag hook hashes the site's answers and never an API's.
  await app.register(async (site) => serveSite(site, config));
}

async function serveSite(app: FastifyInstance, config: Pick<ServerConfig, 'webRoot' | 'publicUrl'>) {
  const { webRoot } = config;
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    app.log.warn(`No built site at ${webRoot}: run "npm run build". Only the API is served.`);
    app.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply, pathnameOf(request)));
    return;
  }
  const { pages, notFound } = readPages(webRoot);
  /** The language home an address is under ("/de" for "/de/blog"), or undefined for English addresses. */
  const languageHomeOf = (pathname: string) => {
    const home = /^\/[a-z]{2}(?=\/|$)/.exec(pathname)?.[0];
    return home && pages.has(home) ? home : undefined;
  };
  const documents = new Map(['sitemap.xml', 'robots.txt'].map((name) => [`/${name}`, readFileSync(path.join(webRoot, name), 'utf8')]));

  /** The configured address, else the request's own when its Host header is a plain host name. */
  const originOf = (request: FastifyRequest) => {
    if (config.publicUrl) return config.publicUrl;
    const host = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(request.host) ? request.host : 'localhost';
    return `${request.protocol}://${host}`;
  };
  /** Compressed documents by encoding, origin, theme and content; pages are few, origins usually one. */
  const compressed = new Map<string, Map<string, Buffer>>();
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, type: string, template: string) => {
    const origin = originOf(request);
    // A page is sent in the theme the visitor chose, so it is never painted in the other first.
    const theme = type.startsWith('text/html') ? chosenThemeOf(request.headers.cookie) : undefined;
    let body = template.replaceAll(ORIGIN_PLACEHOLDER, origin);
    if (theme) body = body.replace(/<html lang="([^"]*)">/, `<html lang="$1" data-theme="${theme}">`);
    const vary = type.startsWith('text/html') ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
    reply.status(status).type(type).header('Cache-Control', 'no-cache').header('Vary', vary);
    const encoding = documentEncoding(request);
    if (!encoding) return reply.send(body);
    const variants = compressed.get(template) ?? new Map<string, Buffer>();
    compressed.set(template, variants);
    const key = `${encoding} ${origin} ${theme ?? ''}`;
    let bytes = variants.get(key);
    if (!bytes) {
      bytes = encoding === 'br' ? brotliCompressSync(body, BROTLI_PAGE) : gzipSync(body, { level: 9 });
      // Origins come from Host headers; a few are kept, any more are compressed per request.
      if (variants.size < MAX_ORIGINS_CACHED) variants.set(key, bytes);
    }
    return reply.header('Content-Encoding', encoding).send(bytes);
  };

  // Pages and documents are revalidated (Cache-Control: no-cache) by an ETag of the bytes sent,
  // each encoding its own: an unchanged page answers 304 without its body. Files get theirs from
  // @fastify/static (size and time); a hashed asset is never asked again.
  await app.register(fastifyEtag);
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: true,
    preCompressed: true,
    allowedPath: (pathName) => isPlainFile(pathName),
    setHeaders(reply, filePath) {
      const relative = path.relative(webRoot, filePath);
      const immutable = relative.startsWith('assets') || relative.startsWith('engines');
      // The service worker is asked again on every visit, so a deploy reaches installed copies at once.
      const revalidated = relative === 'sw.js' || relative === 'manifest.webmanifest';
      reply.header('Cache-Control', immutable ? IMMUTABLE : revalidated ? 'no-cache' : 'public, max-age=3600');
      if (filePath.endsWith('.traineddata.gz')) reply.header('Content-Type', 'application/octet-stream');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request);
    if (pathname.startsWith('/api/')) return sendApiNotFound(request, reply, pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const known = pages.has(pathname) || documents.has(pathname);
      return sendApiNotFound(request, reply, pathname, known ? PAGE_METHODS : []);
    }
    const query = request.url.slice(pathname.length);
    // /tools/{tool} is the original site's address of a tool's page, in English or under a language's home.
    const home = languageHomeOf(pathname);
    const toolMatch = /^\/tools\/([a-z0-9-]+)\/?$/.exec(home ? pathname.slice(home.length) : pathname);
    const tool = toolMatch && findTool(toolMatch[1]!);
    if (tool) {
      const target = home ? `${home}${tool.path === '/' ? '' : tool.path}` : tool.path;
      return reply.redirect(`${target}${query}`, 301);
    }
    if (pathname.length > 1 && pathname.endsWith('/') && pages.has(pathname.slice(0, -1))) {
      return reply.redirect(`${pathname.slice(0, -1)}${query}`, 301);
    }
    const page = pages.get(pathname);
    if (page) {
      // An address without a language prefix follows the visitor's chosen language, before any paint.
      const chosen = chosenLanguageOf(request.headers.cookie);
      if (chosen && chosen !== 'en' && !languageHomeOf(pathname) && pages.has(localized(chosen, pathname))) {
        return reply
          .header('Cache-Control', 'no-store')
          .header('Vary', 'Cookie')
          .redirect(`${localized(chosen, pathname)}${query}`, 302);
      }
      return send(request, reply, 200, 'text/html; charset=utf-8', page);
    }
    const document = documents.get(pathname);
    if (document) return send(request, reply, 200, pathname.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8', document);
    return send(request, reply, 404, 'text/html; charset=utf-8', nearestNotFound(notFound, pathname));
  });
}
