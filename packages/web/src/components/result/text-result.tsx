import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { ResultFailed, ResultIdle, ResultRunning } from './result-states.tsx';
import { ReadAs } from './read-as.tsx';
import type { ReadLanguages } from '@textlift/core/ocr/detect/detect-languages';
import { CopyButton } from '../ui/copy-button.tsx';
import { cn } from '../../lib/cn.ts';

export type TextResultState =
  | { status: 'idle' }
  | { status: 'running'; label: string; fraction: number }
  | { status: 'done'; text: string; language?: ReadLanguages }
  | { status: 'failed'; message: string; tips?: string[] };

export interface TextDownload {
  label: string;
  onClick(): void;
  testId?: string;
}

export interface TextOutputProps {
  text: string;
  /** The text area's accessible name. */
  textLabel: string;
  /** Label of the copy button; "Copy" by default. */
  copyLabel?: string;
  /** The download buttons, the first one primary ("Download", or .docx and .rtf). */
  downloads: TextDownload[];
}

/** A finished text: read-only, with its length, Copy, and its downloads. */
export function TextOutput({ text, textLabel, copyLabel, downloads }: TextOutputProps) {
  const { t } = useTranslation();

  return (
    <div className="flex flex-col gap-3">
      {/* dir="auto" (unicode-bidi: plaintext on a text area) gives each paragraph the direction of its
          first letter: Arabic right to left, English beside it left to right. */}
      <textarea
        readOnly
        value={text}
        dir="auto"
        aria-label={textLabel}
        data-testid="result-text"
        className={cn(
          'min-h-72 w-full resize-y rounded-xl border border-slate-200 bg-slate-50 p-4',
          'font-mono text-sm leading-relaxed text-slate-800 focus:border-brand-500',
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500">{t('hero.characters', { count: text.length })}</p>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={text} label={copyLabel} />
          {downloads.map((item, index) => (
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

export interface TextResultProps {
  state: TextResultState;
  placeholder: string;
  busyLabel: string;
  onDownload(): void;
  textLabel: string;
  progressLabel?: string;
  onCancel?(): void;
}

/** The hero's result card body: placeholder, live progress, the text with Copy and Download, or the error. */
export function TextResult({ state, placeholder, busyLabel, onDownload, textLabel, progressLabel, onCancel }: TextResultProps) {
  const { t } = useTranslation();
  if (state.status === 'running')
    return (
      <ResultRunning
        busyLabel={busyLabel}
        label={state.label}
        fraction={state.fraction}
        progressLabel={progressLabel ?? t('hero.progressLabel')}
        onCancel={onCancel}
      />
    );
  if (state.status === 'failed') return <ResultFailed message={state.message} tips={state.tips} />;
  if (state.status === 'idle') return <ResultIdle placeholder={placeholder} />;
  return (
    <>
      <TextOutput text={state.text} textLabel={textLabel} downloads={[{ label: t('download'), onClick: onDownload }]} />
      <ReadAs language={state.language} />
    </>
  );
}
