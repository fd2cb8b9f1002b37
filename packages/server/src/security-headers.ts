import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Everything the site needs comes from this origin. 'wasm-unsafe-eval' lets the OCR engine
 * compile its WebAssembly; no inline script, no eval, no third-party host anywhere.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  // No style attribute either: a style the page sets at run time goes through CSSOM, which this allows.
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** One year, and every subdomain: a browser that saw it never asks this host over plain HTTP. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * 'on': always send HSTS; 'off': never (a host still tried over plain HTTP); 'auto': when the
 * request came over HTTPS, directly or through a trusted proxy's X-Forwarded-Proto (Fastify's
 * `request.protocol` reads that header only when trustProxy trusts the peer).
 */
export type HstsMode = 'on' | 'off' | 'auto';

type Apply = (request: FastifyRequest, reply: FastifyReply) => void;

/** Each server's headers, for answers sent outside the hooks (Fastify's frameworkErrors). */
const appliers = new WeakMap<object, Apply>();

export function registerSecurityHeaders(app: FastifyInstance, options: { hsts?: HstsMode } = {}) {
  const hsts = options.hsts ?? 'auto';
  const apply: Apply = (request, reply) => {
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    // For browsers without CSP frame-ancestors: no page of this site is shown inside a frame.
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    if (hsts === 'on' || (hsts === 'auto' && request.protocol?.toLowerCase() === 'https')) {
      reply.header('Strict-Transport-Security', strictTransportSecurity);
    }
  };
  appliers.set(app.server, apply);
  app.addHook('onSend', async (request, reply) => apply(request, reply));
}

/** The headers of `registerSecurityHeaders`, for an answer that does not pass through onSend. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  appliers.get(request.server.server)?.(request, reply);
}
