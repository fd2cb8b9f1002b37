import { useTranslation } from 'react-i18next';

/**
 * Said when the page's language could not be loaded (a network blip, an old page after a
 * deploy). It is in English, as the whole page then is: the words of the language that failed
 * are in the dictionary that failed. Its own name (`language`) is in the script.
 */
export function DictionaryNotice({ language }: { language: string }) {
  const { t } = useTranslation();
  return (
    <aside role="status" className="bg-amber-100 text-amber-900" data-testid="dictionary-notice">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p>{t('languageFallback.text', { language })}</p>
        <button type="button" onClick={() => window.location.reload()} className="rounded font-semibold underline underline-offset-2 hover:text-amber-700">
          {t('languageFallback.retry')}
        </button>
      </div>
    </aside>
  );
}
