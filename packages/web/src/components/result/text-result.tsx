import { AlertCircle, Check, Copy, Download, FileText, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Progress } from '../ui/progress.tsx';
import { showToast } from '../ui/toaster.tsx';

export type TextResultState =
  | { status: 'idle' }
  | { status: 'running'; label: string; fraction: number }
  | { status: 'done'; text: string }
  | { status: 'failed'; message: string; tips?: string[] };

export interface TextResultProps {
  state: TextResultState;
  placeholder: string;
  busyLabel: string;
  onDownload(): void;
  textLabel: string;
  /** Label of the copy button; "Copy" by default. */
  copyLabel?: string;
  progressLabel?: string;
  /** Download buttons in place of the single "Download" (JPG to Word offers .docx and .rtf). */
  downloads?: Array<{ label: string; onClick(): void; testId?: string }>;
}

/** The result card's body: placeholder, live progress, the text with Copy and Download, or the error. */
export function TextResult({ state, placeholder, busyLabel, onDownload, textLabel, copyLabel, progressLabel, downloads }: TextResultProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  if (state.status === 'running') {
    return (
      <div className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-xl bg-slate-50 p-6 text-center" aria-busy>
        <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden />
        <p className="font-medium text-slate-900">{busyLabel}</p>
        <div className="w-full max-w-xs">
          <Progress value={state.fraction} label={progressLabel ?? t('hero.progressLabel')} />
          <p className="mt-2 text-xs text-slate-500" aria-live="polite" data-testid="progress-text">{state.label}</p>
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl bg-red-50 p-6 text-center text-red-800" data-testid="result-error">
        <AlertCircle className="size-8 text-red-500" aria-hidden />
        <p className="max-w-sm text-sm font-medium">{state.message}</p>
        {state.tips && (
          <ul className="max-w-sm list-disc space-y-1 pl-5 text-left text-sm text-red-700">
            {state.tips.map((tip) => <li key={tip}>{tip}</li>)}
          </ul>
        )}
      </div>
    );
  }
  if (state.status === 'idle') {
    return (
      <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-200 p-6 text-center">
        <FileText className="size-8 text-slate-300" aria-hidden />
        <p className="text-sm text-slate-500">{placeholder}</p>
      </div>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(state.text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      showToast({ variant: 'success', title: t('toast.copied') });
    } catch {
      showToast({ variant: 'destructive', title: t('toast.copyFailed') });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <textarea
        readOnly
        value={state.text}
        aria-label={textLabel}
        data-testid="result-text"
        className="min-h-72 w-full resize-y rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm leading-relaxed text-slate-800 focus:border-brand-500"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500">{t('hero.characters', { count: state.text.length })}</p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied ? <Check className="size-4 text-emerald-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? t('hero.copied') : (copyLabel ?? t('copyText'))}
          </Button>
          {(downloads ?? [{ label: t('download'), onClick: onDownload }]).map((item, index) => (
            <Button key={item.label} size="sm" variant={index === 0 ? 'primary' : 'secondary'} onClick={item.onClick} data-testid={item.testId}>
              <Download className="size-4" aria-hidden />
              {item.label}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
