import type { TFunction } from 'i18next';
import { asksForPassword, type ConversionError } from '@textlift/core/errors';
import { showToast } from '../components/ui/toaster.tsx';
import type { ConversionState } from '../hooks/use-tool-job.ts';
import { errorMessage, type FileKind } from './error-message.ts';

/**
 * The one rule for failure toasts on every tool page: a failure shows one, unless the visitor
 * cancelled, or the page answers it in place (a password prompt, the "no text found" text).
 */
export function deservesToast(error: ConversionError): boolean {
  return error.code !== 'cancelled' && error.code !== 'no-text' && !asksForPassword(error.code);
}

/**
 * Shows the failure toast where the rule says so: the page's title, the code's message unless
 * the spec words it. Quiet (seen, not read out): the result card's heading, which takes focus
 * as the job ends, is described by the failure's own words; the other files of a batch say
 * theirs in its list.
 */
export function notifyFailure(state: ConversionState, t: TFunction, title: string, kind: FileKind = 'file', description?: string) {
  if (state.status !== 'failed' || !deservesToast(state.error)) return;
  showToast({ variant: 'destructive', title, description: description ?? errorMessage(state.error, t, kind), quiet: true });
}
