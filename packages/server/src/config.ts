import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StepSwitches } from '@textlift/core/ocr/pipeline';
import { API_KEY_REQUESTS_PER_MINUTE, API_REQUESTS_PER_MINUTE, JOB_TIMEOUT_MS } from '@textlift/core/service-limits';
import { findTool } from '@textlift/core/tools';
import { parseKeysFile, parseKeysList } from './api-access.ts';
import type { MetricsAccess } from './metrics.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return value;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** The built site (packages/web/dist). */
  webRoot: string;
  /** Caches the server may rebuild at any time (unpacked OCR models); never uploads. */
  dataDir: string;
  /** The npm registry the OCR models of languages not bundled are fetched from on first use. */
  npmRegistry: string;
  /** Conversions running at once; each OCR job keeps one core busy. */
  concurrency: number;
  /** Jobs allowed to wait; one more is refused with 503 and Retry-After. */
  queueLimit: number;
  /** A job still running after this is stopped and answered 503. */
  jobTimeoutMs: number;
  /**
   * Bytes of uploads the server holds at once: the Content-Length of every admitted convert
   * request (a chunked one counts as its tool's largest). A request that would pass it is
   * refused with 503 before its body is read; one larger on its own, with 413.
   */
  uploadMemoryBytes: number;
  /** A connection that sends and receives nothing this long is closed (a stalled upload). */
  idleTimeoutMs: number;
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (not the conversion). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; more are closed at once. */
  maxConnections: number;
  /** On SIGTERM, running and waiting jobs get this long to finish before the process exits. */
  drainTimeoutMs: number;
  /** V8 old-generation heap of one conversion thread, in MB; a thread that needs more is stopped. */
  workerHeapMb: number;
  /** 'auto': the Word tools use LibreOffice where it is installed; 'off': they say the server cannot convert. */
  office: 'auto' | 'off';
  /** Address space of one LibreOffice process in MB (its `ulimit -v`); measured: 500 MB converts the corpus's largest. */
  officeMemoryMb: number;
  /** Build each LibreOffice profile at start, so the first visitor does not wait for it (main.ts turns it on). */
  officeWarmUp: boolean;
  /** 'auto': the Image Translator's server engine is Apertium's APy where Debian's apertium-apy is installed; 'off': none. */
  apertium: 'auto' | 'off';
  /** Where APy finds its language pairs (Debian's apertium-eng-spa and apertium-fr-es put theirs here). */
  apertiumModes: string;
  /** A LibreTranslate-compatible server to translate what Apertium does not (German, Chinese, Japanese); empty: none. */
  libreTranslateUrl: string;
  /** Its API key, where it asks for one. Kept on the server: pages never see it. */
  libreTranslateKey: string;
  /** 'native' | 'wasm' | 'auto' (native when `tesseract` is installed). */
  ocrEngine: 'native' | 'wasm' | 'auto';
  /**
   * OCR steps switched off and a trace of those run, for a benchmark's ablation
   * (bench/ocr/ablation.ts): set in code only, never from the environment or a request.
   */
  ocrSteps?: StepSwitches;
  /** API requests per minute from one client address (when no API keys are configured). */
  apiRateLimit: number;
  /** API keys (TEXTLIFT_API_KEYS and TEXTLIFT_API_KEYS_FILE); none: every client is counted by address. */
  apiKeys: readonly string[];
  /** With keys configured: API requests per minute from one address without a valid key. */
  apiAnonRateLimit: number;
  /** With keys configured: API requests per minute with one valid key. */
  apiKeyRateLimit: number;
  /** Whether the API fetches a file a client names by url (OCR.space's `url`). */
  urlInput: boolean;
  /** Largest file fetched by url. */
  urlInputMaxBytes: number;
  /** A url's file (names resolved, redirects, headers and body) must arrive within this. */
  urlInputTimeoutMs: number;
  /** Contact messages one client may send in ten minutes. */
  contactRateLimit: number;
  /** Requests a minute from one client address for the page's OCR models (models/model-route.ts). */
  modelRateLimit: number;
  /** OCR models one client address may have the server fetch from the npm registry in an hour (those not yet on disk). */
  modelDownloadRateLimit: number;
  /** SQLite file of the contact messages; ':memory:' for tests. */
  databaseFile: string;
  /**
   * The site's public address (https://example.org) for canonical links and the sitemap;
   * empty: taken from each request's Host header.
   */
  publicUrl: string;
  logLevel: string;
  /** Logs as short lines for a person (stdout is a terminal) rather than pino's JSON (logger.ts). */
  logToTerminal: boolean;
  /** Strict-Transport-Security: 'on', 'off', or 'auto' (only on requests that came over HTTPS). */
  hsts: 'on' | 'off' | 'auto';
  /**
   * Fastify's trustProxy: which peers' X-Forwarded-For/-Proto/-Host are believed (client address
   * for rate limits, https for HSTS). false: none; true: any; a string: the proxies' addresses or
   * CIDRs, comma-separated.
   */
  trustProxy: boolean | string;
  /**
   * Redis for the queue mode (README, Scale-out): conversions go through BullMQ to `npm run worker`
   * processes; empty: the embedded default, worker threads in this process.
   */
  redisUrl: string;
  /** In the queue mode, input (or output) bytes of one job at most: they travel through Redis. */
  redisMaxJobBytes: number;
  /** In the queue mode, jobs one web server has on the queue at once (its JobQueue's concurrency, instead of its cores). */
  redisInFlight: number;
  /** In the queue mode, how long a job may wait on the queue for a worker, on top of its own time limit. */
  redisWaitMs: number;
  /** A worker renews its hold on a job this often (half this), so one that died gives its job up after this long. */
  redisLockMs: number;
  /** How often workers look for jobs whose worker died (BullMQ's stalled-job check). */
  redisStalledCheckMs: number;
  /**
   * Who may read GET /metrics: 'private' (default) the machine itself and private networks
   * (metrics.ts says how a proxy's visitor is told apart), 'public' anyone, 'off' nobody.
   */
  metrics: MetricsAccess;
}

function trustProxyFromEnv(): boolean | string {
  const raw = (process.env.TEXTLIFT_TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'off') return false;
  if (raw === 'on') return true;
  return raw;
}

/** The keys of TEXTLIFT_API_KEYS and of the file TEXTLIFT_API_KEYS_FILE names (a missing file stops the start). */
function apiKeysFromEnv(): string[] {
  const keys = parseKeysList(process.env.TEXTLIFT_API_KEYS ?? '');
  const file = (process.env.TEXTLIFT_API_KEYS_FILE ?? '').trim();
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`TEXTLIFT_API_KEYS_FILE cannot be read: ${(error as Error).message}`);
    }
    keys.push(...parseKeysFile(text));
  }
  return keys;
}

/** The url input's default cap: what the hero's Image to Text takes as an upload. */
function imageToTextMaxBytes(): number {
  const input = findTool('image-to-text')?.input;
  if (input?.kind !== 'files') throw new Error('The image-to-text tool takes no files');
  return input.maxBytes;
}

/** How long a url's file may take to arrive: a public host answers a 50 MB file well within it. */
const URL_INPUT_TIMEOUT_MS = 15_000;

/**
 * Model files one address may ask for in a minute: a page reads one to four per picture (the
 * language's, a second reader's, the script detector's) and a visitor changes language by hand;
 * a script walking the catalogue's 102 languages is stopped within a minute.
 */
const MODEL_REQUESTS_PER_MINUTE = 60;

/**
 * First-use downloads (a model not yet on this server's disk, 1-15 MB of tarball each from the
 * npm registry) one address may cause in an hour: a visitor tries a few languages, a script
 * asking for each of the ~87 not bundled gets ten.
 */
const MODEL_DOWNLOADS_PER_HOUR = 10;

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const engine = process.env.TEXTLIFT_OCR_ENGINE ?? 'auto';
  if (engine !== 'native' && engine !== 'wasm' && engine !== 'auto') {
    throw new Error(`TEXTLIFT_OCR_ENGINE must be native, wasm or auto, not "${engine}"`);
  }
  const office = process.env.TEXTLIFT_OFFICE || 'auto';
  if (office !== 'auto' && office !== 'off') throw new Error(`TEXTLIFT_OFFICE must be auto or off, not "${office}"`);
  const apertium = process.env.TEXTLIFT_APERTIUM || 'auto';
  if (apertium !== 'auto' && apertium !== 'off') throw new Error(`TEXTLIFT_APERTIUM must be auto or off, not "${apertium}"`);
  const libreTranslateUrl = (process.env.TEXTLIFT_LIBRETRANSLATE_URL || '').trim();
  if (libreTranslateUrl && !/^https?:\/\/[^\s/]+/.test(libreTranslateUrl)) {
    throw new Error(`TEXTLIFT_LIBRETRANSLATE_URL must be an http(s) address, not "${libreTranslateUrl}"`);
  }
  const urlInput = process.env.TEXTLIFT_URL_INPUT || 'on';
  if (urlInput !== 'on' && urlInput !== 'off') throw new Error(`TEXTLIFT_URL_INPUT must be on or off, not "${urlInput}"`);
  const hsts = process.env.TEXTLIFT_HSTS || 'auto';
  if (hsts !== 'on' && hsts !== 'off' && hsts !== 'auto') {
    throw new Error(`TEXTLIFT_HSTS must be on, off or auto, not "${hsts}"`);
  }
  const redisUrl = (process.env.REDIS_URL || '').trim();
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new Error('REDIS_URL must be a redis:// or rediss:// address');
  const metrics = process.env.TEXTLIFT_METRICS || 'private';
  if (metrics !== 'private' && metrics !== 'public' && metrics !== 'off') {
    throw new Error(`TEXTLIFT_METRICS must be private, public or off, not "${metrics}"`);
  }
  const config: ServerConfig = {
    host: process.env.HOST || '0.0.0.0',
    port: intFromEnv('PORT', 8080),
    webRoot: process.env.TEXTLIFT_WEB_ROOT || path.join(root, 'packages/web/dist'),
    dataDir: process.env.TEXTLIFT_DATA_DIR || path.join(root, '.data'),
    npmRegistry: (process.env.TEXTLIFT_NPM_REGISTRY || '').trim() || 'https://registry.npmjs.org',
    concurrency: intFromEnv('TEXTLIFT_CONCURRENCY', Math.max(1, os.availableParallelism())),
    queueLimit: intFromEnv('TEXTLIFT_QUEUE_LIMIT', 16),
    jobTimeoutMs: intFromEnv('TEXTLIFT_JOB_TIMEOUT_MS', JOB_TIMEOUT_MS),
    // Defaults and the measurements behind them: packages/server/src/server-limits.ts.
    uploadMemoryBytes: intFromEnv('TEXTLIFT_UPLOAD_MEMORY_MB', 256) * 1024 * 1024,
    idleTimeoutMs: intFromEnv('TEXTLIFT_IDLE_TIMEOUT_MS', 30_000),
    headersTimeoutMs: intFromEnv('TEXTLIFT_HEADERS_TIMEOUT_MS', 20_000),
    requestTimeoutMs: intFromEnv('TEXTLIFT_REQUEST_TIMEOUT_MS', 300_000),
    keepAliveTimeoutMs: intFromEnv('TEXTLIFT_KEEP_ALIVE_TIMEOUT_MS', 5_000),
    maxConnections: intFromEnv('TEXTLIFT_MAX_CONNECTIONS', 896),
    drainTimeoutMs: intFromEnv('TEXTLIFT_DRAIN_TIMEOUT_MS', 30_000),
    workerHeapMb: intFromEnv('TEXTLIFT_WORKER_HEAP_MB', 512),
    ocrEngine: engine,
    office,
    officeMemoryMb: intFromEnv('TEXTLIFT_OFFICE_MEMORY_MB', 1536),
    officeWarmUp: false,
    apertium,
    apertiumModes: process.env.TEXTLIFT_APERTIUM_MODES || '/usr/share/apertium/modes',
    libreTranslateUrl,
    libreTranslateKey: process.env.TEXTLIFT_LIBRETRANSLATE_KEY || '',
    apiRateLimit: intFromEnv('TEXTLIFT_API_RATE_LIMIT', API_REQUESTS_PER_MINUTE),
    apiKeys: apiKeysFromEnv(),
    // Set below from apiRateLimit when TEXTLIFT_API_ANON_RATE_LIMIT is unset.
    apiAnonRateLimit: intFromEnv('TEXTLIFT_API_ANON_RATE_LIMIT', -1),
    apiKeyRateLimit: intFromEnv('TEXTLIFT_API_KEY_RATE_LIMIT', API_KEY_REQUESTS_PER_MINUTE),
    urlInput: urlInput === 'on',
    urlInputMaxBytes: process.env.TEXTLIFT_URL_INPUT_MAX_MB ? intFromEnv('TEXTLIFT_URL_INPUT_MAX_MB', 0) * 1024 * 1024 : imageToTextMaxBytes(),
    urlInputTimeoutMs: intFromEnv('TEXTLIFT_URL_INPUT_TIMEOUT_MS', URL_INPUT_TIMEOUT_MS),
    contactRateLimit: intFromEnv('TEXTLIFT_CONTACT_RATE_LIMIT', 5),
    modelRateLimit: intFromEnv('TEXTLIFT_MODEL_RATE_LIMIT', MODEL_REQUESTS_PER_MINUTE),
    modelDownloadRateLimit: intFromEnv('TEXTLIFT_MODEL_DOWNLOAD_LIMIT', MODEL_DOWNLOADS_PER_HOUR),
    databaseFile: process.env.TEXTLIFT_DATABASE || '',
    publicUrl: (process.env.TEXTLIFT_PUBLIC_URL || '').replace(/\/$/, ''),
    logLevel: process.env.LOG_LEVEL || 'info',
    logToTerminal: Boolean(process.stdout.isTTY),
    hsts,
    trustProxy: trustProxyFromEnv(),
    redisUrl,
    redisMaxJobBytes: intFromEnv('TEXTLIFT_REDIS_MAX_JOB_MB', 20) * 1024 * 1024,
    redisInFlight: intFromEnv('TEXTLIFT_REDIS_IN_FLIGHT', 32),
    redisWaitMs: intFromEnv('TEXTLIFT_REDIS_WAIT_MS', 60_000),
    // BullMQ's defaults: a dead worker's job runs again within a minute.
    redisLockMs: intFromEnv('TEXTLIFT_REDIS_LOCK_MS', 30_000),
    redisStalledCheckMs: intFromEnv('TEXTLIFT_REDIS_STALLED_CHECK_MS', 30_000),
    metrics,
    ...overrides,
  };
  return {
    ...config,
    databaseFile: config.databaseFile || path.join(config.dataDir, 'textlift.sqlite'),
    // Without a key, a client keeps the published per-address limit unless told otherwise; a key raises it.
    apiAnonRateLimit: config.apiAnonRateLimit < 0 ? config.apiRateLimit : config.apiAnonRateLimit,
  };
}
