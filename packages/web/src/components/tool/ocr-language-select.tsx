import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_OCR_LANGUAGE, type OcrLanguage } from '@textlift/core/ocr/languages';
import { availableOcrLanguages, ocrLanguageName } from '../../i18n/ocr-language.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { cn } from '../../lib/cn.ts';

type Choice = OcrLanguage | typeof AUTO_OCR_LANGUAGE;

/** Which language the text in the file is in, or Automatic (found on each page); a model loads only when needed. */
export function OcrLanguageSelect({ value, onChange, disabled }: { value: Choice; onChange(code: Choice): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const options = availableOcrLanguages
    .map((code) => ({ code, name: ocrLanguageName(code, language.tag) }))
    .sort((a, b) => a.name.localeCompare(b.name, language.tag));
  const choices: Array<{ code: Choice; name: string }> = [{ code: AUTO_OCR_LANGUAGE, name: t('toolPage.ocrLanguageAuto') }, ...options];
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="inline-flex items-center gap-1.5 font-medium text-slate-700">
        <Languages className="size-4 text-slate-500" aria-hidden />
        {t('toolPage.ocrLanguage')}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Choice)}
        data-testid="ocr-language"
        className={cn(
          'h-9 min-w-40 flex-1 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 disabled:opacity-60 sm:flex-none',
          'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
        )}
      >
        {choices.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
