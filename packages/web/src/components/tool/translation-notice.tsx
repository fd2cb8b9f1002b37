import { CloudUpload, Download, Loader2, ShieldCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationEngineState } from '../../hooks/use-translation-engine.ts';
import { cn } from '../../lib/cn.ts';
import { Progress } from '../ui/progress.tsx';
import { Button } from '../ui/button.tsx';

export interface TranslationNoticeProps {
  state: TranslationEngineState;
  onDownload(): void;
  /** A job is running: the model download waits. */
  busy?: boolean;
  /** The pair's languages, named in the reader's language. */
  sourceName: string;
  targetName: string;
  /** The language a relayed pair goes through, named. */
  viaName?: string;
}

const tones = {
  neutral: 'bg-slate-50 text-slate-700',
  good: 'bg-emerald-50 text-emerald-900',
  warn: 'bg-amber-50 text-amber-900',
  info: 'bg-sky-50 text-sky-900',
};

/**
 * Said before an upload, once a target language is chosen: who will translate (the browser on
 * this device, our server's Apertium, or the LibreTranslate server ours relays to), or that
 * nobody here can and what would make it work; and the browser's model download, from a click.
 * One live region that stays while its words change, so that each change is announced once.
 */
export function TranslationNotice({ state, onDownload, busy, sourceName, targetName, viaName }: TranslationNoticeProps) {
  const { t } = useTranslation();
  const names = { source: sourceName, target: targetName, via: viaName };
  const region = useRef<HTMLDivElement>(null);
  // The download button goes once clicked: focus moves to what replaced it, not to the page's start.
  const downloading = state.status === 'downloading';
  useEffect(() => {
    if (downloading) region.current?.focus();
  }, [downloading]);

  const downloadButton = (label: string, secondary = false) => (
    <Button size="sm" variant={secondary ? 'secondary' : 'primary'} onClick={onDownload} disabled={busy} data-testid="download-model">
      <Download className="size-4" aria-hidden />
      {label}
    </Button>
  );

  let tone: keyof typeof tones = 'neutral';
  let Icon: LucideIcon | undefined;
  let words: ReactNode = null;
  let extra: ReactNode = null;
  switch (state.status) {
    case 'waiting':
      break;
    case 'checking':
      Icon = Loader2;
      words = t('imageTranslator.engine.checking');
      break;
    case 'same':
      tone = 'warn';
      Icon = TriangleAlert;
      words = t('imageTranslator.engine.same', names);
      break;
    case 'none':
      tone = 'warn';
      Icon = TriangleAlert;
      words = <span className="font-medium">{t('imageTranslator.engine.none', names)}</span>;
      extra = <p>{t('imageTranslator.engine.noneHow')}</p>;
      break;
    case 'unreachable':
      tone = 'warn';
      Icon = TriangleAlert;
      words = t('imageTranslator.engine.unreachable');
      break;
    case 'download':
    case 'download-failed':
      tone = 'info';
      Icon = ShieldCheck;
      words = state.status === 'download' ? t('imageTranslator.engine.download', names) : t('imageTranslator.engine.downloadFailed');
      extra = downloadButton(t('imageTranslator.engine.downloadButton'));
      break;
    case 'downloading':
      tone = 'info';
      Icon = Loader2;
      words = t('imageTranslator.engine.downloadingLabel');
      // The bar carries the percentage for assistive technology; the words above it do not repeat each step.
      extra = (
        <>
          <p aria-hidden>{t('imageTranslator.engine.downloading', { percent: Math.round(state.fraction * 100) })}</p>
          <Progress value={state.fraction} label={t('imageTranslator.engine.downloadingLabel')} />
        </>
      );
      break;
    case 'ready':
      tone = state.engine === 'device' ? 'good' : 'neutral';
      Icon = state.engine === 'device' ? ShieldCheck : CloudUpload;
      words =
        state.engine === 'device'
          ? t('imageTranslator.engine.device', names)
          : state.engine === 'apertium'
            ? state.via
              ? t('imageTranslator.engine.apertiumVia', names)
              : t('imageTranslator.engine.apertium', names)
            : t('imageTranslator.engine.libretranslate', names);
      extra = state.canDownload ? downloadButton(t('imageTranslator.engine.downloadInstead'), true) : null;
      break;
  }
  const engine = state.status === 'ready' ? state.engine : state.status === 'download-failed' ? 'download' : state.status;
  return (
    <div
      ref={region}
      tabIndex={-1}
      role="status"
      data-testid="translation-engine"
      data-engine={engine}
      className={cn('flex flex-col gap-2 rounded-lg text-sm focus:outline-none', words && `p-3 ${tones[tone]}`)}
    >
      {words && (
        <p className="inline-flex items-start gap-2">
          {Icon && (
            <Icon className={cn('mt-0.5 size-4 shrink-0', (state.status === 'checking' || state.status === 'downloading') && 'animate-spin')} aria-hidden />
          )}
          <span>{words}</span>
        </p>
      )}
      {extra && <div className="flex flex-col items-start gap-2 pl-6">{extra}</div>}
    </div>
  );
}
