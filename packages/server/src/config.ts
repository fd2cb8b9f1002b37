import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Conversions running at once; each OCR job keeps one core busy. */
  concurrency: number;
  /** Jobs allowed to wait; one more is refused with 503 and Retry-After. */
  queueLimit: number;
  /** A job still running after this is stopped and answered 503. */
  jobTimeoutMs: number;
  /** 'native' | 'wasm' | 'auto' (native when `tesseract` is installed). */
  ocrEngine: 'native' | 'wasm' | 'auto';
  /** API requests per minute from one client address. */
  apiRateLimit: number;
  /** Contact messages one client may send in ten minutes. */
  contactRateLimit: number;
  /** SQLite file of the contact messages; ':memory:' for tests. */
  databaseFile: string;
  /**
   * The site's public address (https://example.org) for canonical links and the sitemap;
   * empty: taken from each request's Host header.
   */
  publicUrl: string;
  logLevel: string;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const engine = process.env.TEXTLIFT_OCR_ENGINE ?? 'auto';
  if (engine !== 'native' && engine !== 'wasm' && engine !== 'auto') {
    throw new Error(`TEXTLIFT_OCR_ENGINE must be native, wasm or auto, not "${engine}"`);
  }
  const config: ServerConfig = {
    host: process.env.HOST || '0.0.0.0',
    port: intFromEnv('PORT', 8080),
    webRoot: process.env.TEXTLIFT_WEB_ROOT || path.join(root, 'packages/web/dist'),
    dataDir: process.env.TEXTLIFT_DATA_DIR || path.join(root, '.data'),
    concurrency: intFromEnv('TEXTLIFT_CONCURRENCY', Math.max(1, os.availableParallelism())),
    queueLimit: intFromEnv('TEXTLIFT_QUEUE_LIMIT', 16),
    jobTimeoutMs: intFromEnv('TEXTLIFT_JOB_TIMEOUT_MS', 120_000),
    ocrEngine: engine,
    apiRateLimit: intFromEnv('TEXTLIFT_API_RATE_LIMIT', 60),
    contactRateLimit: intFromEnv('TEXTLIFT_CONTACT_RATE_LIMIT', 5),
    databaseFile: process.env.TEXTLIFT_DATABASE || '',
    publicUrl: (process.env.TEXTLIFT_PUBLIC_URL || '').replace(/\/$/, ''),
    logLevel: process.env.LOG_LEVEL || 'info',
    ...overrides,
  };
  return { ...config, databaseFile: config.databaseFile || path.join(config.dataDir, 'textlift.sqlite') };
}
