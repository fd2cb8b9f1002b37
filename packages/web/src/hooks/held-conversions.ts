import type { ConversionResult, OutputFile, ProgressStage } from '@textlift/core/conversion';
import type { JobInput } from '@textlift/core/run-tool';
import { ConversionError, type ErrorCode } from '@textlift/core/errors';
import type { runConversion } from '../workers/conversion-bridge.ts';

/**
 * For the hook tests: the conversion bridge's place taken by calls that wait until the test
 * answers them, so a test steps through a batch job by job. A hook reaches it as it reaches the
 * worker, through run-job.ts (the files read into bytes there). Used with
 * `vi.mock('../workers/conversion-bridge.ts', () => heldBridge)`.
 */
export interface HeldCall {
  slug: string;
  input: JobInput;
  options: Record<string, unknown>;
  signal: AbortSignal;
  /** The first input file's name, for telling the calls apart. */
  name: string;
  progress(fraction: number, stage?: ProgressStage): void;
  /** Answers with one text output named after the input; the test may say what it holds. */
  finish(text?: string): void;
  fail(code: ErrorCode): void;
}

/** Every call made since the last `reset`, in order. */
export const calls: HeldCall[] = [];
let waiters: (() => void)[] = [];

export const heldBridge: { runConversion: typeof runConversion } = {
  runConversion(slug, input, options, { signal, onProgress } = {}) {
    return new Promise<ConversionResult>((resolve, reject) => {
      const name = input.files?.[0]?.name ?? '';
      const output = (text: string): OutputFile => ({ name: `${name}.txt`, type: 'text/plain', bytes: new TextEncoder().encode(text) });
      calls.push({
        slug,
        input,
        options,
        signal: signal!,
        name,
        progress: (fraction, stage = 'reading') => onProgress?.(fraction, stage),
        finish: (text = `text of ${name}`) => resolve({ outputs: [output(text)], text }),
        fail: (code) => reject(new ConversionError(code, code)),
      });
      for (const wake of waiters) wake();
      waiters = [];
    });
  },
};

/**
 * A bound on waiting for a call that never comes: a failing test says which call it missed
 * rather than running into the suite's two-minute timeout. A call comes within milliseconds.
 */
const MISSING_CALL_MS = 5000;

/** The call numbered `index` (from 0), once the hook has made it. */
export async function call(index: number): Promise<HeldCall> {
  const deadline = Date.now() + MISSING_CALL_MS;
  while (calls.length <= index) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`call ${index + 1} was never made (${calls.length} made)`);
    await new Promise<void>((wake) => {
      const timer = setTimeout(wake, left);
      waiters.push(() => {
        clearTimeout(timer);
        wake();
      });
    });
  }
  return calls[index]!;
}

export function reset() {
  calls.length = 0;
  waiters = [];
}
