import { CloudUpload, Download, Loader2, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranslationEngineState } from '../../hooks/use-translation-engine.ts';
import { Progress } from '../ui/progress.tsx';
import { Button } from '../ui/button.tsx';

export interface TranslationNoticeProps {
  state: TranslationEngineState;
  onDownload(): void;
  /** The pair's languages, named in the reader's language. */
  sourceName: string;
  targetName: string;
  /** The language a relayed pair goes through, named. */
  viaName?: string;
}

const box = 'flex items-start gap-2 rounded-lg p-3 text-sm';

/**
 * Said before an upload, once a target language is chosen: who will translate (the browser on
 * this device, our server's Apertium, or the LibreTranslate server ours relays to), or that
 * nobody here can and what would make it work; and the browser's model download, from a click.
 */
export function TranslationNotice({ state, onDownload, sourceName, targetName, viaName }: TranslationNoticeProps) {
  const { t } = useTranslation();
  const names = { source: sourceName, target: targetName, via: viaName };
  switch (state.status) {
    case 'waiting':
      return null;
    case 'checking':
      return (
        <p className={`${box} bg-slate-50 text-slate-600`} role="status" data-testid="translation-engine" data-engine="checking">
          <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden />
          {t('imageTranslator.engine.checking')}
        </p>
      );
    case 'same':
      return (
        <p className={`${box} bg-amber-50 text-amber-900`} role="status" data-testid="translation-engine" data-engine="same">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('imageTranslator.engine.same', names)}
        </p>
      );
    case 'none':
      return (
        <div className={`${box} bg-amber-50 text-amber-900`} role="status" data-testid="translation-engine" data-engine="none">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="space-y-1">
            <p className="font-medium">{t('imageTranslator.engine.none', names)}</p>
            <p>{t('imageTranslator.engine.noneHow')}</p>
          </div>
        </div>
      );
    case 'download':
    case 'download-failed':
      return (
        <div className={`${box} flex-col bg-sky-50 text-sky-900`} role="status" data-testid="translation-engine" data-engine="download">
          <p className="inline-flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            {state.status === 'download' ? t('imageTranslator.engine.download', names) : t('imageTranslator.engine.downloadFailed')}
          </p>
          <Button size="sm" onClick={onDownload} data-testid="download-model">
            <Download className="size-4" aria-hidden />
            {t('imageTranslator.engine.downloadButton')}
          </Button>
        </div>
      );
    case 'downloading':
      return (
        <div className={`${box} flex-col bg-sky-50 text-sky-900`} role="status" data-testid="translation-engine" data-engine="downloading">
          <p>{t('imageTranslator.engine.downloading', { percent: Math.round(state.fraction * 100) })}</p>
          <Progress value={state.fraction} label={t('imageTranslator.engine.downloadingLabel')} />
        </div>
      );
    case 'ready': {
      const onDevice = state.engine === 'device';
      const words = onDevice
        ? t('imageTranslator.engine.device', names)
        : state.engine === 'apertium'
          ? (state.via ? t('imageTranslator.engine.apertiumVia', names) : t('imageTranslator.engine.apertium', names))
          : t('imageTranslator.engine.libretranslate', names);
      return (
        <div className={`${box} flex-col ${onDevice ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-50 text-slate-700'}`} role="status" data-testid="translation-engine" data-engine={state.engine}>
          <p className="inline-flex items-start gap-2">
            {onDevice ? <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CloudUpload className="mt-0.5 size-4 shrink-0" aria-hidden />}
            {words}
          </p>
          {state.canDownload && (
            <Button size="sm" variant="secondary" onClick={onDownload} data-testid="download-model">
              <Download className="size-4" aria-hidden />
              {t('imageTranslator.engine.downloadInstead')}
            </Button>
          )}
        </div>
      );
    }
  }
}
