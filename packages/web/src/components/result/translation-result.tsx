import { Download, Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputFile } from '@textlift/core/conversion';
import { downloadOutput } from '../../lib/files.ts';
import { Button } from '../ui/button.tsx';
import { CopyButton } from '../ui/copy-button.tsx';

export interface TranslationResultProps {
  original: string;
  translation: string;
  /** Headings of the two texts ("Text in the image", "Spanish"). */
  originalLabel: string;
  translationLabel: string;
  /** Who translated, said as the result arrives. */
  engineLine: string;
  /** The translation's text file. */
  output: OutputFile;
  /** The language of each side, so that screen readers speak it and fonts suit it. */
  originalLang?: string;
  translationLang?: string;
}

/** One side: its heading, the text (read-only, resizable), and its Copy. */
function TextPane({ label, text, lang, copyLabel, testId }: { label: string; text: string; lang?: string; copyLabel: string; testId: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold text-slate-800">
          {label}
        </h3>
        <CopyButton text={text} label={copyLabel} />
      </div>
      <textarea
        readOnly
        value={text}
        lang={lang}
        dir="auto"
        aria-labelledby={id}
        data-testid={testId}
        className="min-h-64 w-full resize-y rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800 focus:border-brand-500"
      />
    </div>
  );
}

/** The Image Translator's result: the text read and its translation side by side, each with Copy, and the .txt. */
export function TranslationResult({
  original,
  translation,
  originalLabel,
  translationLabel,
  engineLine,
  output,
  originalLang,
  translationLang,
}: TranslationResultProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="inline-flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900" role="status" data-testid="translated-by">
        <Languages className="mt-0.5 size-4 shrink-0" aria-hidden />
        {engineLine}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <TextPane label={originalLabel} text={original} lang={originalLang} copyLabel={t('imageTranslator.copyOriginal')} testId="original-text" />
        <TextPane
          label={translationLabel}
          text={translation}
          lang={translationLang}
          copyLabel={t('imageTranslator.copyTranslation')}
          testId="translation-text"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500">{t('imageTranslator.machineNote')}</p>
        <Button onClick={() => downloadOutput(output)} data-testid="download-translation">
          <Download className="size-4" aria-hidden />
          {t('imageTranslator.download')}
        </Button>
      </div>
    </div>
  );
}
