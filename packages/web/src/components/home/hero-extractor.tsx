import { ScanText, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionError } from '@textlift/core/errors';
import { isImageType } from '@textlift/core/sniff';
import { findTool } from '@textlift/core/tools';
import { useConversion } from '../../hooks/use-conversion.ts';
import { useOcrLanguage } from '../../i18n/ocr-language.ts';
import { OcrLanguageSelect } from '../tool/ocr-language-select.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { downloadBytes, sniffFile } from '../../lib/files.ts';
import { TextResult, type TextResultState } from '../result/text-result.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { showToast } from '../ui/toaster.tsx';
import { DropZone, PrivacyNote } from '../upload/drop-zone.tsx';

const SLUG = 'image-to-text';
const tool = findTool(SLUG)!;
const ACCEPT = 'image/*,.tif,.tiff,.bmp,.webp';

interface Selected {
  file: File;
  previewUrl?: string;
}

/** The home page's main feature: an image in, its text out, all on the visitor's device. */
export function HeroExtractor() {
  const { t } = useTranslation();
  const { state, run } = useConversion(SLUG);
  const [ocrLanguage, setOcrLanguage] = useOcrLanguage();
  const [selected, setSelected] = useState<Selected>();
  const [notice, setNotice] = useState<string>();
  const busy = state.status === 'running';

  useEffect(() => () => {
    if (selected?.previewUrl) URL.revokeObjectURL(selected.previewUrl);
  }, [selected]);

  const extract = useCallback(
    async (file: File) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      try {
        await run([{ name: file.name, bytes }], { language: ocrLanguage });
        showToast({ variant: 'success', title: t('toast.extractedTitle'), description: t('toast.extractedBody') });
      } catch (error) {
        const { code } = error as ConversionError;
        if (code !== 'cancelled' && code !== 'no-text') {
          showToast({ variant: 'destructive', title: t('toast.failedTitle'), description: t('toast.failedBody') });
        }
      }
    },
    [run, t, ocrLanguage],
  );

  const choose = useCallback(
    async (file: File) => {
      setNotice(undefined);
      const type = file.size > 0 ? await sniffFile(file) : undefined;
      if (file.size === 0) return setNotice(t('errors.emptyFile'));
      if (!isImageType(type)) return setNotice(t('hero.notAnImage', { name: file.name }));
      if (file.size > tool.maxBytes) return setNotice(t('errors.tooLarge', { max: tool.maxBytes / (1024 * 1024) }));
      // Chromium previews every type but TIFF; a generic icon stands in for that.
      setSelected({ file, previewUrl: type === 'image/tiff' ? undefined : URL.createObjectURL(file) });
      void extract(file);
    },
    [extract, t],
  );

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = [...(event.clipboardData?.files ?? [])][0];
      if (!file || busy) return;
      event.preventDefault();
      void choose(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [busy, choose]);

  const resultState: TextResultState =
    state.status === 'running'
      ? {
          status: 'running',
          fraction: state.fraction,
          label:
            state.stage === 'recognizing'
              ? t('hero.recognizing', { percent: Math.round(state.fraction * 100) })
              : state.stage === 'preparing'
                ? t('hero.preparing')
                : t('hero.loadingEngine', { percent: Math.round(state.fraction * 100) }),
        }
      : state.status === 'done'
        ? { status: 'done', text: state.result.text ?? '' }
        : state.status === 'failed'
          ? { status: 'failed', message: errorMessage(state.error, t) }
          : { status: 'idle' };

  const download = () => {
    if (state.status !== 'done') return;
    const output = state.result.outputs[0];
    if (output) downloadBytes(output.bytes, output.name, output.type);
  };

  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50" aria-labelledby="hero-title">
      <div className="mx-auto max-w-6xl px-4 pb-16 pt-12 sm:px-6 sm:pb-20 sm:pt-16">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Sparkles className="size-3.5" aria-hidden />
            {t('hero.badge')}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('heroTitle')}
          </h1>
          <p className="mt-4 text-base text-slate-600 sm:text-lg">{t('heroDescription')}</p>
        </div>

        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('uploadTitle')}</CardTitle>
              <CardDescription>{t('uploadDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <DropZone
                accept={ACCEPT}
                busy={busy}
                busyLabel={t('processing')}
                onFile={(file) => void choose(file)}
                selected={selected && { name: selected.file.name, size: selected.file.size, previewUrl: selected.previewUrl }}
                hints={
                  <>
                    <p>{t('hero.supported')}</p>
                    <p>{t('hero.maxSize', { size: tool.maxBytes / (1024 * 1024) })}</p>
                    <PrivacyNote>{t('hero.privacy')}</PrivacyNote>
                  </>
                }
              />
              <OcrLanguageSelect value={ocrLanguage} onChange={setOcrLanguage} disabled={busy} />
              {notice && (
                <p role="alert" className="text-sm font-medium text-red-700" data-testid="upload-notice">
                  {notice}
                </p>
              )}
              {selected && !busy && (
                <Button size="lg" className="w-full" onClick={() => void extract(selected.file)}>
                  <ScanText className="size-5" aria-hidden />
                  {t('extractText')}
                </Button>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('extractedTitle')}</CardTitle>
              <CardDescription>{t('extractedDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <TextResult
                state={resultState}
                placeholder={t('uploadPlaceholder')}
                busyLabel={t('processing')}
                textLabel={t('extractedTitle')}
                onDownload={download}
              />
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
