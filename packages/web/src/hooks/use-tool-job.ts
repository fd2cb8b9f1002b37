import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversionResult, ProgressDetail, ProgressStage } from '@textlift/core/conversion';
import { toConversionError, type ConversionError } from '@textlift/core/errors';
import type { ToolDefinition } from '@textlift/core/tools';
import { runJob, type PageJob } from '../workers/run-job.ts';

/** One job's state as a page shows it. */
export type ConversionState =
  | { status: 'waiting' }
  | { status: 'running'; fraction: number; stage: ProgressStage; detail?: ProgressDetail }
  | { status: 'done'; result: ConversionResult }
  | { status: 'failed'; error: ConversionError };

/**
 * Runs one job of a tool (one file, many files into one output, or text) where the registry
 * says it runs, with its progress and its outcome. A new run cancels the one under way, and
 * so does leaving the page.
 */
export async function runTracked(
  tool: ToolDefinition,
  job: PageJob,
  options: Record<string, unknown>,
  signal: AbortSignal,
  update: (state: ConversionState) => void,
): Promise<ConversionState | undefined> {
  update({ status: 'running', fraction: 0, stage: 'loading' });
  // Progress reports travel on their own message channel and can arrive after the result.
  let settled = false;
  // The bar never goes back within a job: a step that starts over (a page read again turned
  // over) holds it where it was, and its words say what is being done.
  let shown = 0;
  let state: ConversionState;
  try {
    const result = await runJob(tool, job, options, {
      signal,
      onProgress: (fraction, stage, detail) => {
        shown = Math.max(shown, Math.min(1, fraction));
        if (!settled && !signal.aborted) update({ status: 'running', fraction: shown, stage, detail });
      },
    });
    state = { status: 'done', result };
  } catch (error) {
    state = { status: 'failed', error: toConversionError(error) };
  }
  settled = true;
  if (signal.aborted) return undefined;
  update(state);
  return state;
}

export function useToolJob(tool: ToolDefinition, onSettled?: (state: ConversionState) => void) {
  const [state, setState] = useState<ConversionState>();
  const controller = useRef<AbortController | undefined>(undefined);
  const settledCallback = useRef(onSettled);
  settledCallback.current = onSettled;

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (job: PageJob, options: Record<string, unknown> = {}) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const final = await runTracked(tool, job, options, own.signal, setState);
      if (final) settledCallback.current?.(final);
    },
    [tool],
  );

  /** Back to the start: the running job is cancelled and the result forgotten. */
  const reset = useCallback(() => {
    controller.current?.abort();
    setState(undefined);
  }, []);

  return { state, run, reset, busy: state?.status === 'running' };
}
