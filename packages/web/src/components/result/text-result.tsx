import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { ResultFailed, ResultIdle, ResultRunning } from './result-states.tsx';
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

  if (state.status === 'running') return <ResultRunning busyLabel={busyLabel} label={state.label} fraction={state.fraction} progressLabel={progressLabel ?? t('hero.progressLabel')} />;
  if (state.status === 'failed') return <ResultFailed message={state.message} tips={state.tips} />;
  if (state.status === 'idle') return <ResultIdle placeholder={placeholder} />;

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
