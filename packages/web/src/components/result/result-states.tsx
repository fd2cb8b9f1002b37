import { AlertCircle, FileText, Loader2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Progress } from '../ui/progress.tsx';

/** The result card before anything was chosen. */
export function ResultIdle({ placeholder, icon: Icon = FileText }: { placeholder: string; icon?: LucideIcon }) {
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-200 p-6 text-center">
      <Icon className="size-8 text-slate-300" aria-hidden />
      <p className="text-sm text-slate-500">{placeholder}</p>
    </div>
  );
}

/** Live progress: what is being done, how far, and the step's own words below the bar. */
export function ResultRunning({ busyLabel, label, fraction, progressLabel }: { busyLabel: string; label: string; fraction: number; progressLabel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-slate-50 p-6 text-center" aria-busy>
      <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden />
      <p className="font-medium text-slate-900">{busyLabel}</p>
      <div className="w-full max-w-xs">
        <Progress value={fraction} label={progressLabel ?? t('toolPage.progressLabel')} />
        <p className="mt-2 text-xs text-slate-500" aria-live="polite" data-testid="progress-text">{label}</p>
      </div>
    </div>
  );
}

export function ResultFailed({ message, tips }: { message: string; tips?: string[] }) {
  return (
    <div role="alert" className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl bg-red-50 p-6 text-center text-red-800" data-testid="result-error">
      <AlertCircle className="size-8 text-red-500" aria-hidden />
      <p className="max-w-sm text-sm font-medium">{message}</p>
      {tips && (
        <ul className="max-w-sm list-disc space-y-1 pl-5 text-left text-sm text-red-700">
          {tips.map((tip) => <li key={tip}>{tip}</li>)}
        </ul>
      )}
    </div>
  );
}
