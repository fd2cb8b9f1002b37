import { useTranslation } from 'react-i18next';
import type { ReadLanguages } from '@textlift/core/ocr/detect/detect-languages';
import { languageName } from '../../i18n/ocr-language.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/** The page's OCR language control (ocr-language-select.tsx), which "change" opens. */
const LANGUAGE_CONTROL = '[data-testid="ocr-language"]';

/**
 * "Read as: Greek · change" under an OCR tool's result: what the text was read as, found or
 * chosen, each language named in the reader's language; "change" takes the visitor to the
 * language control, where choosing another reads the file again.
 */
export function ReadAs({ language }: { language: ReadLanguages | undefined }) {
  const { t } = useTranslation();
  const { tag } = useLanguage();
  if (!language || language.tags.length === 0) return null;
  const names = new Intl.ListFormat(tag, { type: 'conjunction' }).format(language.tags.map((each) => languageName(each, tag)));
  const change = () => {
    const control = document.querySelector<HTMLSelectElement>(LANGUAGE_CONTROL);
    if (!control) return;
    control.scrollIntoView({ block: 'center', behavior: 'smooth' });
    control.focus();
    // Opens the list where the browser can from a click (Chromium); elsewhere it has the focus.
    try {
      control.showPicker?.();
    } catch {}
  };
  return (
    <p className="mt-3 text-sm text-slate-600" data-testid="read-as">
      <span data-testid="read-as-languages" data-codes={language.codes.join('+')}>
        {t('toolPage.readAs', { languages: names })}
      </span>
      {' · '}
      <button type="button" onClick={change} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {t('toolPage.readAsChange')}
      </button>
    </p>
  );
}
