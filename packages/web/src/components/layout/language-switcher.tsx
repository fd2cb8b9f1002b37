import { Globe } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../i18n/index.ts';
import { languages } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { homeLanguage, homePath } from '../../site-pages.ts';

/**
 * A native select: keyboard, screen readers and phones' own pickers work with it as they do
 * everywhere. On a home page the choice goes to that language's home; elsewhere the page stays.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const active = useLanguage();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const choose = (code: string) => {
    if (homeLanguage(pathname)) navigate(homePath(code));
    else void switchLanguage(code);
  };

  return (
    <label className="relative inline-flex h-9 items-center rounded-lg text-sm font-medium text-slate-600 ring-1 ring-inset ring-slate-200 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50">
      <Globe className="pointer-events-none absolute left-2.5 size-4" aria-hidden />
      <span className="sr-only">{t('nav.language')}</span>
      <select
        value={active.code}
        onChange={(event) => choose(event.target.value)}
        className="h-full cursor-pointer appearance-none rounded-lg bg-transparent py-0 pl-8 pr-3 outline-none"
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
