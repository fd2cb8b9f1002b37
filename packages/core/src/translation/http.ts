import { ConversionError } from '../errors.ts';

/** A translation server that does not answer within this is taken as failed, not waited for. */
export const TRANSLATION_REQUEST_TIMEOUT_MS = 30_000;

/** A question about what an engine offers is answered in this, or the engine counts as unable for now. */
export const TRANSLATION_PROBE_TIMEOUT_MS = 3000;

/** The job's signal, and a deadline of our own. */
export function requestSignal(signal?: AbortSignal, timeoutMs = TRANSLATION_REQUEST_TIMEOUT_MS): AbortSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/** A translation server's JSON answer, or an 'engine-failed' naming the engine and what went wrong. */
export async function fetchJson<T>(engine: string, url: string, init: RequestInit): Promise<T> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, init);
    body = await response.text();
  } catch (error) {
    if (init.signal?.aborted && (init.signal.reason as Error | undefined)?.name !== 'TimeoutError') throw new ConversionError('cancelled', 'Cancelled.');
    throw new ConversionError('engine-failed', `${engine} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    let said = body.slice(0, 200);
    try {
      const parsed = JSON.parse(body) as { error?: unknown; explanation?: unknown; message?: unknown };
      said = String(parsed.error ?? parsed.explanation ?? parsed.message ?? said);
    } catch {
      // Not JSON: its first words.
    }
    throw new ConversionError('engine-failed', `${engine} answered ${response.status}: ${said}`);
  }
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new ConversionError('engine-failed', `${engine} answered with something other than JSON.`);
  }
}
