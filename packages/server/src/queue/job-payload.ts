import type { Redis } from 'ioredis';
import { ConversionError, isErrorCode, toConversionError, type ConversionResult, type OutputFile } from '@textlift/core';
import type { ServerConfig } from '../config.ts';
import type { RunnerTask } from '../conversion-runner.ts';

/**
 * What the web servers and the workers of one site share in Redis. BullMQ's own keys start with
 * `textlift:conversions:`; a job's input and result are hashes of their own beside them.
 */
export const QUEUE_PREFIX = 'textlift';
export const QUEUE_NAME = 'conversions';
/** Workers listen here for the ids of jobs whose client has gone (queue/queue-worker.ts). */
export const CANCEL_CHANNEL = `${QUEUE_PREFIX}:cancel`;

export const inputKey = (jobId: string) => `${QUEUE_PREFIX}:input:${jobId}`;
export const resultKey = (jobId: string) => `${QUEUE_PREFIX}:result:${jobId}`;

/**
 * The bytes travel as Redis binary values in a hash of their own, not as base64 in BullMQ's job
 * data. Measured with a 20 MB file on a local redis-server 7.0: base64 in the job took 276-340 ms
 * to add and 131-169 ms to read back and held 27 MB in Redis; a binary HSET took 38-77 ms and
 * HGETALL 43-70 ms, for 20 MB held. It also keeps every byte the visitor sent (files, text,
 * options, passwords among them) out of BullMQ's job records: the web server deletes both hashes
 * when the job ends, whatever the end, and their TTL removes them where it could not.
 */
export function payloadTtlMs(config: ServerConfig): number {
  return config.redisWaitMs + config.jobTimeoutMs + PAYLOAD_TTL_MARGIN_MS;
}

/** Past the longest a job may take, waiting and running, before its payload expires on its own. */
const PAYLOAD_TTL_MARGIN_MS = 60_000;

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** The bytes a task puts in Redis: its files and its text (options are a few hundred bytes). */
export function taskBytes(task: RunnerTask): number {
  const files = task.input.files ?? [];
  return files.reduce((sum, file) => sum + file.bytes.byteLength, 0) + Buffer.byteLength(task.input.text ?? '');
}

export function tooLargeForQueue(what: 'input' | 'result', maxBytes: number): ConversionError {
  const limit = megabytes(maxBytes);
  const message =
    what === 'input'
      ? `This server runs its conversions on a queue, which carries up to ${limit} MB a job; this request's files are larger.`
      : `The result is larger than the ${limit} MB a job's answer may be on this server's queue.`;
  return new ConversionError('too-large', message, { maxMegabytes: limit });
}

export async function writeInput(redis: Redis, jobId: string, task: RunnerTask, ttlMs: number): Promise<void> {
  const files = task.input.files ?? [];
  const fields: Record<string, string | Buffer> = {
    options: JSON.stringify(task.options),
    names: JSON.stringify(files.map((file) => file.name)),
  };
  if (task.input.text !== undefined) fields.text = task.input.text;
  files.forEach((file, index) => {
    fields[`file:${index}`] = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  });
  await redis.multi().hset(inputKey(jobId), fields).pexpire(inputKey(jobId), ttlMs).exec();
}

/** The task a web server stored, or undefined when it is gone (its client left, or it expired). */
export async function readInput(redis: Redis, jobId: string, slug: string): Promise<RunnerTask | undefined> {
  const fields = await redis.hgetallBuffer(inputKey(jobId));
  if (!fields.options || !fields.names) return undefined;
  const names = JSON.parse(fields.names.toString()) as string[];
  const files = names.map((name, index) => ({ name, bytes: new Uint8Array(fields[`file:${index}`] ?? []) }));
  const input = fields.text !== undefined ? { text: fields.text.toString() } : { files };
  return { slug, input, options: JSON.parse(fields.options.toString()) as Record<string, string> };
}

type ResultMeta = Omit<ConversionResult, 'outputs'> & { outputs: Array<Omit<OutputFile, 'bytes'>> };

/** Stores a result for the web server waiting on it, or throws 'too-large' past the queue's limit. */
export async function writeResult(redis: Redis, jobId: string, result: ConversionResult, maxBytes: number, ttlMs: number): Promise<number> {
  const meta: ResultMeta = { ...result, outputs: result.outputs.map(({ bytes: _, ...file }) => file) };
  const fields: Record<string, string | Buffer> = { meta: JSON.stringify(meta) };
  let bytes = Buffer.byteLength(fields.meta as string);
  result.outputs.forEach((output, index) => {
    bytes += output.bytes.byteLength;
    fields[`output:${index}`] = Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength);
  });
  if (bytes > maxBytes) throw tooLargeForQueue('result', maxBytes);
  await redis.multi().hset(resultKey(jobId), fields).pexpire(resultKey(jobId), ttlMs).exec();
  return bytes;
}

export async function readResult(redis: Redis, jobId: string): Promise<ConversionResult | undefined> {
  const fields = await redis.hgetallBuffer(resultKey(jobId));
  if (!fields.meta) return undefined;
  const meta = JSON.parse(fields.meta.toString()) as ResultMeta;
  return { ...meta, outputs: meta.outputs.map((file, index) => ({ ...file, bytes: new Uint8Array(fields[`output:${index}`] ?? []) })) };
}

/** A conversion's failure as BullMQ's failedReason (a string), to be the same error on the web server. */
export function encodeFailure(error: unknown): string {
  const { code, message, details } = toConversionError(error);
  return JSON.stringify({ code, message, details });
}

/** The ConversionError a worker encoded, or undefined for a failure of another kind (BullMQ's own: a job stalled too often). */
export function decodeFailure(reason: string): ConversionError | undefined {
  try {
    const parsed = JSON.parse(reason) as { code?: unknown; message?: unknown; details?: Record<string, string | number> };
    if (!isErrorCode(parsed.code)) return undefined;
    return new ConversionError(parsed.code, String(parsed.message ?? parsed.code), parsed.details ?? {});
  } catch {
    return undefined;
  }
}
