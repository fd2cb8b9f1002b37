import { Globe } from 'lucide-react';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n/chosen-language.ts';
import { loadDictionary } from '../../i18n/index.ts';
import { languages } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { localizedPath, pageLanguage } from '../../site-pages.ts';
import { cn } from '../../lib/cn.ts';

/**
 * A native select: keyboard, screen readers and phones' own pickers work with it as they do
 * everywhere. The choice goes to the same page in that language and is kept for later visits.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const active = useLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const latest = useRef<string>(undefined);

  const choose = async (code: string) => {
    latest.current = code;
    chooseLanguage(code);
    // The new page renders at once in its language, not in the old one while the words load.
    await loadDictionary(code);
    // A later choice made while these words loaded is the one that goes.
    if (latest.current !== code) return;
    navigate(`${localizedPath(code, pageLanguage(pathname).path)}${search}${hash}`);
  };

  return (
    <label
      className={cn(
        'relative inline-flex h-9 items-center rounded-lg text-sm font-medium text-slate-600 hover:bg-slate-50',
        'ring-1 ring-inset ring-slate-200 focus-within:ring-2 focus-within:ring-brand-600',
      )}
    >
      <Globe className="pointer-events-none absolute left-2.5 size-4" aria-hidden />
      <span className="sr-only">{t('nav.language')}</span>
      <select
        value={active.code}
        onChange={(event) => void choose(event.target.value)}
        // Inter's Latin file only (styles.css): the names in other scripts, Русский, are drawn in
        // the system's font where the page is not in their language, and the Cyrillic file is not fetched.
        className="h-full cursor-pointer appearance-none rounded-lg bg-transparent py-0 pl-8 pr-3 font-latin outline-none [&:lang(ru)]:font-sans"
        data-testid="language-switcher"
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
