import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionResult } from '@textlift/core/conversion';
import { asksForPassword, type ConversionError } from '@textlift/core/errors';
import type { ConversionState } from '../../hooks/use-tool-job.ts';
import { PasswordForm } from '../tool/password-form.tsx';
import { ReadAs } from './read-as.tsx';
import { ResultFailed, ResultIdle, ResultRunning } from './result-states.tsx';

type Running = Extract<ConversionState, { status: 'running' }>;

export interface JobResultProps {
  state: ConversionState | undefined;
  /** Before anything was chosen. */
  placeholder: string;
  idleIcon?: LucideIcon;
  /** What is being done ("Merging PDFs…"). */
  busyLabel: string;
  /** The step's own words under the bar; "3 / 14" where a job reports pages, by default. */
  stepLabel?(running: Running): string;
  /** The failure's words (and tips, where the spec gives some). */
  failed(error: ConversionError): { message: string; tips?: string[] };
  /** Where the tool reads PDFs: a password failure asks for the password in place. */
  onPassword?(password: string): void;
  /** Stops the running job (offered under its progress). */
  onCancel?(): void;
  done(result: ConversionResult): ReactNode;
}

/**
 * The result card's body for any tool, from its job's one state: placeholder, live progress,
 * a password prompt, the failure, or what the tool made. Pages give only their words and
 * their finished view.
 */
export function JobResult({ state, placeholder, idleIcon, busyLabel, stepLabel, failed, onPassword, onCancel, done }: JobResultProps) {
  const { t } = useTranslation();
  if (!state) return <ResultIdle placeholder={placeholder} icon={idleIcon} />;
  if (state.status === 'waiting') return <ResultRunning busyLabel={busyLabel} label={t('toolPage.fileWaiting')} fraction={0} onCancel={onCancel} />;
  if (state.status === 'running') {
    const label = stepLabel ? stepLabel(state) : state.detail ? t('toolPage.step', { step: state.detail.page, steps: state.detail.pages }) : '';
    return <ResultRunning busyLabel={busyLabel} label={label} fraction={state.fraction} onCancel={onCancel} />;
  }
  if (state.status === 'failed') {
    if (onPassword && asksForPassword(state.error.code)) return <PasswordForm wrong={state.error.code === 'wrong-password'} onSubmit={onPassword} />;
    const { message, tips } = failed(state.error);
    return <ResultFailed message={message} tips={tips} />;
  }
  return (
    <>
      {done(state.result)}
      <ReadAs language={state.result.data?.language} />
    </>
  );
}
