import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { ConversionError } from '@textlift/core';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads an API key from its form (OCR.space clients send `apikey` as a field):
     * a request without a valid key in its headers is counted when the route calls
     * checkFormKey, against that key's bucket or its address's, rather than on arrival.
     */
    apiKeyInForm?: boolean;
  }
}

export interface ApiAccessConfig {
  /** Valid API keys; none: every client is counted per address at apiRateLimit. */
  apiKeys: readonly string[];
  /** Requests a minute per client address when no keys are configured. */
  apiRateLimit: number;
  /** With keys configured: requests a minute per address without a valid key. */
  apiAnonRateLimit: number;
  /** With keys configured: requests a minute per valid key. */
  apiKeyRateLimit: number;
}

/** The keys of a keys file: one a line; `#` starts a comment (a whole line, or after a space); blank lines ignored. */
export function parseKeysFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
}

/** The keys of TEXTLIFT_API_KEYS: comma-separated, spaces around them ignored. */
export function parseKeysList(text: string): string[] {
  return text
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * The configured keys, kept as SHA-256 digests. A presented key is hashed and compared with
 * every digest in constant time: equal-length digests make timingSafeEqual usable whatever the
 * key's length, and no early exit tells which key was near.
 */
class KeyRing {
  private readonly digests: Buffer[];

  constructor(keys: readonly string[]) {
    this.digests = [...new Set(keys)].map(sha256);
  }

  get size(): number {
    return this.digests.length;
  }

  /** The rate-limit bucket of a valid key (named by its digest, never the key), or undefined. */
  bucketOf(presented: string | undefined): string | undefined {
    if (!presented || this.digests.length === 0) return undefined;
    const digest = sha256(presented);
    let match: Buffer | undefined;
    for (const candidate of this.digests) if (timingSafeEqual(digest, candidate)) match = candidate;
    return match ? `key:${match.subarray(0, 8).toString('hex')}` : undefined;
  }
}

/** The keys a request presents in its headers: `apikey` (as OCR.space clients send it), then `Authorization: Bearer`. */
function headerKeys(request: FastifyRequest): string[] {
  const keys: string[] = [];
  const { apikey, authorization } = request.headers;
  if (typeof apikey === 'string' && apikey.trim()) keys.push(apikey.trim());
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (bearer?.[1]) keys.push(bearer[1]);
  return keys;
}

interface ApiAccess {
  keys: KeyRing;
  /** The key bucket a request's headers earned (undefined: none valid), computed once per request. */
  headerBucket(request: FastifyRequest): string | undefined;
  /** Requests on apiKeyInForm routes not yet counted: checkFormKey counts them, or onResponse does. */
  pending: WeakSet<FastifyRequest>;
  /** The key bucket a form's key earned, for the key generator. */
  formBuckets: WeakMap<FastifyRequest, string>;
  limit: ReturnType<FastifyInstance['createRateLimit']>;
}

const accessOfServer = new WeakMap<Server, ApiAccess>();

function retryMessage(bucket: string, keysConfigured: boolean, seconds: number): string {
  if (bucket.startsWith('key:')) return `Too many requests with this API key; try again in ${seconds} s.`;
  if (keysConfigured) return `Too many requests without an API key; try again in ${seconds} s.`;
  return `Too many requests; try again in ${seconds} s.`;
}

/**
 * Registers the API's rate limits (@fastify/rate-limit, one window of a minute): per valid key
 * at apiKeyRateLimit, per client address otherwise (apiAnonRateLimit when keys are configured,
 * apiRateLimit when not). Past the limit: 429 in our error shape with Retry-After. Returns the
 * onRequest hook an API scope adds.
 */
export async function registerApiAccess(app: FastifyInstance, config: ApiAccessConfig) {
  const keys = new KeyRing(config.apiKeys);
  const headerBuckets = new WeakMap<FastifyRequest, string | null>();
  const headerBucket = (request: FastifyRequest) => {
    let bucket = headerBuckets.get(request);
    if (bucket === undefined) {
      bucket =
        keys.size === 0
          ? null
          : (headerKeys(request)
              .map((key) => keys.bucketOf(key))
              .find(Boolean) ?? null);
      headerBuckets.set(request, bucket);
    }
    return bucket ?? undefined;
  };
  const formBuckets = new WeakMap<FastifyRequest, string>();
  // Routes outside the API with limits of their own (the contact form's config.rateLimit) inherit
  // these functions: they keep counting by address and saying so, whatever key a request carries.
  const apiRequests = new WeakSet<FastifyRequest>();
  const bucketOf = (request: FastifyRequest) =>
    (apiRequests.has(request) ? (headerBucket(request) ?? formBuckets.get(request)) : undefined) ?? `address:${normalizeIP(request.ip)}`;
  const anonymousLimit = keys.size > 0 ? config.apiAnonRateLimit : config.apiRateLimit;
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: '1 minute',
    keyGenerator: bucketOf,
    max: async (_request, bucket) => (bucket.startsWith('key:') ? config.apiKeyRateLimit : anonymousLimit),
    errorResponseBuilder: (request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new ConversionError('rate-limited', retryMessage(bucketOf(request), apiRequests.has(request) && keys.size > 0, seconds), { retryAfter: seconds });
    },
  });
  const access: ApiAccess = { keys, headerBucket, pending: new WeakSet(), formBuckets, limit: app.createRateLimit() };
  accessOfServer.set(app.server, access);
  const countOnArrival = app.rateLimit();

  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply) {
      apiRequests.add(request);
      if (request.routeOptions.config.apiKeyInForm && keys.size > 0 && !headerBucket(request)) {
        access.pending.add(request);
        return;
      }
      await countOnArrival.call(app, request, reply);
    },
    /** A request of an apiKeyInForm route that ended before checkFormKey (a malformed form) still counts against its address. */
    async onResponse(request: FastifyRequest) {
      if (access.pending.delete(request)) await access.limit(request);
    },
  };
}

/**
 * For OCR.space clients that send `apikey` only as a form field: the route calls this once
 * the form is parsed. A valid key the headers did not already present counts the request
 * against that key's bucket; an invalid or missing one lifts nothing (on an apiKeyInForm route,
 * the request is then counted against its address at the anonymous limit). Past the limit:
 * ConversionError('rate-limited') with retryAfter in seconds.
 */
export async function checkFormKey(request: FastifyRequest, key: string | undefined): Promise<void> {
  const access = accessOfServer.get(request.server.server);
  if (!access || access.headerBucket(request)) return;
  const bucket = access.keys.bucketOf(key?.trim());
  const pending = access.pending.delete(request);
  if (!bucket && !pending) return;
  if (bucket) access.formBuckets.set(request, bucket);
  const result = await access.limit(request);
  if (result.isAllowed || !result.isExceeded) return;
  const retryAfter = result.ttlInSeconds;
  throw new ConversionError('rate-limited', retryMessage(bucket ?? 'address', access.keys.size > 0, retryAfter), { retryAfter });
}
