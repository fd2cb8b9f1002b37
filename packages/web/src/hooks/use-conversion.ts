import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversionResult, InputFile, ProgressDetail, ProgressStage } from '@textlift/core/conversion';
import { ConversionError } from '@textlift/core/errors';
import { runConversion } from '../workers/conversion-bridge.ts';

export type ConversionState =
  | { status: 'idle' }
  | { status: 'running'; fraction: number; stage: ProgressStage; detail?: ProgressDetail }
  | { status: 'done'; result: ConversionResult }
  | { status: 'failed'; error: ConversionError };

/**
 * One conversion at a time for a tool: starting another cancels the one running (a new file
 * replaces the old), and leaving the page cancels it too.
 */
export function useConversion(slug: string) {
  const [state, setState] = useState<ConversionState>({ status: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (inputs: InputFile[], options: Record<string, string> = {}) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ status: 'running', fraction: 0, stage: 'loading' });
      // Progress reports travel on their own message channel and can arrive after the result.
      let settled = false;
      try {
        const result = await runConversion(slug, inputs, options, {
          signal: own.signal,
          onProgress: (fraction, stage, detail) => {
            if (!settled && !own.signal.aborted) setState({ status: 'running', fraction, stage, detail });
          },
        });
        settled = true;
        if (!own.signal.aborted) setState({ status: 'done', result });
        return result;
      } catch (error) {
        settled = true;
        const failure = error instanceof ConversionError ? error : new ConversionError('engine-failed', String(error));
        if (!own.signal.aborted) setState({ status: 'failed', error: failure });
        throw failure;
      }
    },
    [slug],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, run, reset };
}
