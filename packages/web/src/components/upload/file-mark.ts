import { asksForPassword, type ConversionError } from '@textlift/core/errors';
import type { ConversionState } from '../../hooks/use-tool-job.ts';

/** How a chosen file's row in the drop zone is marked: at work, done, or failed with why. */
export interface FileMark {
  status?: 'working' | 'done' | 'failed';
  /** A failure's words, shown under the file's name. */
  reason?: string;
}

/**
 * The mark of the file whose result is shown, from its job's state: a check only beside a
 * real output, a cross and the reason beside a failure; none while a password is asked for.
 */
export function fileMark(state: ConversionState | undefined, failed: (error: ConversionError) => { message: string }): FileMark {
  if (!state) return {};
  if (state.status === 'done') return { status: 'done' };
  if (state.status === 'failed') {
    if (asksForPassword(state.error.code)) return {};
    return { status: 'failed', reason: failed(state.error).message };
  }
  return { status: 'working' };
}
