import { AlertCircle, FileText, Loader2, X, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Progress } from '../ui/progress.tsx';
import { useResultPanel } from './result-card.tsx';

/** The result card before anything was chosen. */
export function ResultIdle({ placeholder, icon: Icon = FileText }: { placeholder: string; icon?: LucideIcon }) {
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-200 p-6 text-center">
      <Icon className="size-8 text-slate-300" aria-hidden />
      <p className="text-sm text-slate-500">{placeholder}</p>
    </div>
  );
}

/** After this long without an end, the time taken so far shows and counts, in ms. */
const SHOW_ELAPSED_AFTER_MS = 2000;

/**
 * Seconds since the panel began waiting, once past SHOW_ELAPSED_AFTER_MS: a step that reports no
 * progress of its own (our server laying out a document, a page read again) still shows
 * something moving, also where reduced motion stops the spinner.
 */
function useElapsedSeconds(): number | undefined {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = now - started;
  return elapsed >= SHOW_ELAPSED_AFTER_MS ? Math.floor(elapsed / 1000) : undefined;
}

export interface ResultRunningProps {
  busyLabel: string;
  label: string;
  fraction: number;
  progressLabel?: string;
  /** Stops the job; the button is offered while it runs. */
  onCancel?(): void;
}

/** Live progress: what is being done, how far, the step's own words below the bar, the time so far, and Cancel. */
export function ResultRunning({ busyLabel, label, fraction, progressLabel, onCancel }: ResultRunningProps) {
  const { t } = useTranslation();
  const { focusHeading } = useResultPanel();
  const seconds = useElapsedSeconds();
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-slate-50 p-6 text-center" aria-busy>
      <Loader2 className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden />
      <p className="font-medium text-slate-900">{busyLabel}</p>
      <div className="w-full max-w-xs">
        <Progress value={fraction} label={progressLabel ?? t('toolPage.progressLabel')} />
        <p className="mt-2 text-xs text-slate-500" aria-live="polite" data-testid="progress-text">
          {label}
        </p>
        {/* Not live: a screen reader hears the steps, not a clock. */}
        <p className="mt-1 min-h-4 text-xs tabular-nums text-slate-400" data-testid="elapsed">
          {seconds !== undefined && t('toolPage.elapsed', { seconds })}
        </p>
      </div>
      {onCancel && (
        <Button
          variant="secondary"
          size="sm"
          data-testid="cancel"
          onClick={() => {
            // The button goes away with the job: focus waits on the card's heading, not on nothing.
            focusHeading?.();
            onCancel();
          }}
        >
          <X className="size-4" aria-hidden />
          {t('toolPage.cancel')}
        </Button>
      )}
    </div>
  );
}

/**
 * A failure's words (and tips). Inside a result card that moves focus to its heading when a job
 * ends, the heading is described by them, so they are said once, there; elsewhere they are an
 * alert.
 */
export function ResultFailed({ message, tips }: { message: string; tips?: string[] }) {
  const { failureId, revealing } = useResultPanel();
  return (
    <div
      id={failureId}
      role={revealing ? undefined : 'alert'}
      className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl bg-red-50 p-6 text-center text-red-800"
      data-testid="result-error"
    >
      <AlertCircle className="size-8 text-red-500" aria-hidden />
      <p className="max-w-sm text-sm font-medium">{message}</p>
      {tips && (
        <ul className="max-w-sm list-disc space-y-1 pl-5 text-left text-sm text-red-700">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
