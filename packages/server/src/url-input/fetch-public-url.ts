import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { parse as parseContentDisposition } from 'content-disposition';
import { ConversionError } from '@textlift/core/errors';
import { nonPublicRange } from './public-address.ts';

export interface FetchedFile {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

export interface FetchPublicUrlOptions {
  /** The largest body taken; a larger one (by Content-Length, or once more arrives) is refused. */
  maxBytes: number;
  /** Everything (names resolved, redirects, headers and body) must be done within this. */
  timeoutMs: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Tests only: a resolver standing in for DNS. */
  lookup?: LookupFunction;
  /** Tests only: addresses let through although not public (the test's own loopback server). */
  allowAddress?: (address: string) => boolean;
}

/** Redirects followed by hand, each target checked as the first address was. */
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Said to the hosts we fetch from, so their owners can tell what asked. */
const USER_AGENT = 'TextLift-url-input/1.0';

/**
 * The URL, if it is one we may fetch: http or https, no user name or password in it. Any port:
 * what keeps our own network out of reach is the address check, which the port does not change,
 * and public hosts do serve files on 8080 or 8443.
 */
function fetchableUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConversionError('bad-request', 'The url is not a valid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConversionError('bad-request', `Only http and https addresses are fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) throw new ConversionError('bad-request', 'The url must not carry a user name or password.');
  return url;
}

function resolveAll(hostname: string, lookup: LookupFunction): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses, family) => {
      if (error) reject(new ConversionError('bad-request', `The host ${hostname} was not found.`));
      else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses, family: family ?? net.isIP(addresses) }]);
    });
  });
}

/**
 * Every address the URL's host leads to, each checked public. A literal address is checked as
 * written (the URL parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1);
 * a name is resolved, and one private answer among public ones refuses it.
 */
async function publicAddresses(url: URL, options: FetchPublicUrlOptions): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolveAll(host, options.lookup ?? (dns.lookup as LookupFunction));
  if (addresses.length === 0) throw new ConversionError('bad-request', `The host ${host} has no address.`);
  for (const { address } of addresses) {
    if (options.allowAddress?.(address)) continue;
    const range = nonPublicRange(address);
    if (range) {
      const what = literal ? `${host} is` : `${host} leads to`;
      throw new ConversionError('bad-request', `Refused: ${what} a ${range} address, not a public one; only files on public hosts are fetched.`);
    }
  }
  return addresses;
}

/**
 * A resolver that answers only the addresses already checked, so the connection goes where the
 * check looked: a second DNS answer (DNS rebinding) is never asked for.
 */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
    if (wanted.length === 0) callback(Object.assign(new Error(`No IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    else if (options.all) callback(null, wanted);
    else callback(null, wanted[0]!.address, wanted[0]!.family);
  };
}

function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // No shared agent: a pooled connection could have been opened to another address.
    const request = client.request(
      url,
      { agent: false, lookup: pinnedLookup(addresses), signal, headers: { 'user-agent': USER_AGENT, accept: '*/*' } },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

function tooLarge(maxBytes: number): ConversionError {
  return new ConversionError('too-large', `The file at the url is larger than ${maxBytes} bytes.`, { maxBytes });
}

/** The body, read until it passes maxBytes (then refused, the connection closed) or ends. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  // A buffer of its own (not Node's shared pool), so it can move to a conversion thread.
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

function fileName(response: IncomingMessage, url: URL): string {
  const disposition = response.headers['content-disposition'];
  if (disposition) {
    try {
      const name = parseContentDisposition(disposition).parameters.filename;
      if (name) return name.replace(/^.*[\\/]/, '');
    } catch {
      // A malformed header: the name comes from the address instead.
    }
  }
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (last) {
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }
  return 'download';
}

/** Waits for the promise, or rejects as soon as the signal aborts (a DNS lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Fetches a file a client named by URL, from a public host only: http(s), every address the
 * host resolves to public (checked again on every redirect, and the connection made to the
 * address checked), redirects followed by hand, the body capped in bytes and the whole
 * exchange in time. Refusals are ConversionErrors saying which rule refused.
 */
export async function fetchPublicUrl(text: string, options: FetchPublicUrlOptions): Promise<FetchedFile> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = fetchableUrl(text);
  try {
    for (let redirects = 0; ; redirects++) {
      const addresses = await untilAborted(publicAddresses(url, options), signal);
      const response = await get(url, addresses, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) throw new ConversionError('bad-request', `The url answered ${status} without saying where to go.`);
        if (redirects >= maxRedirects) throw new ConversionError('bad-request', `The url redirected more than ${maxRedirects} times.`);
        url = fetchableUrl(new URL(location, url).href);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new ConversionError('bad-request', `The url answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}, not a file.`);
      }
      const bytes = await readBody(response, options.maxBytes);
      const type = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      return { bytes, name: fileName(response, url), ...(type ? { type } : {}) };
    }
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    if (deadline.aborted) {
      throw new ConversionError('timeout', `The url did not send its file within ${options.timeoutMs / 1000} s.`);
    }
    if (options.signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
    const code = error && typeof error === 'object' && 'code' in error ? ` (${String(error.code)})` : '';
    throw new ConversionError('bad-request', `The file could not be fetched from ${url.host}${code}.`);
  }
}

/** What the url input of the server needs: its caps and whether it is on at all (config.ts). */
export interface UrlInputConfig {
  urlInput: boolean;
  urlInputMaxBytes: number;
  urlInputTimeoutMs: number;
}

export type UrlFetcher = (url: string, signal?: AbortSignal) => Promise<FetchedFile>;

/** The fetcher the routes are given, with the configured caps; one that refuses when url input is off. */
export function urlFetcher(config: UrlInputConfig): UrlFetcher {
  if (!config.urlInput) {
    return async () => {
      throw new ConversionError('bad-request', 'This server does not fetch files by url; send the file itself.');
    };
  }
  return (url, signal) => fetchPublicUrl(url, { maxBytes: config.urlInputMaxBytes, timeoutMs: config.urlInputTimeoutMs, ...(signal ? { signal } : {}) });
}
