import type { TFunction } from 'i18next';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { chooseLanguage, chosenLanguage, preferredLanguage } from '../../i18n/chosen-language.ts';
import { loadDictionary, translatorFor } from '../../i18n/index.ts';
import { findLanguage } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { localizedPath, pageLanguage } from '../../site-pages.ts';

/**
 * One line at the top offering the page in the language the browser asks for, written in that
 * language, until the visitor chooses one (taking it, or closing the line to stay). Never a
 * redirect: shared links and search engines keep the page they asked for.
 */
export function LanguageOffer() {
  const page = useLanguage();
  const { pathname, search, hash } = useLocation();
  const [offer, setOffer] = useState<{ code: string; t: TFunction } | null>(null);

  useEffect(() => {
    // Says on <html> whether the line is offered, once that is decided (tests wait for it).
    const decided = (state: 'none' | 'shown') => {
      document.documentElement.dataset.languageOffer = state;
    };
    const code = chosenLanguage() ? undefined : preferredLanguage(navigator.languages);
    if (!code || code === page.code) return decided('none');
    let live = true;
    void loadDictionary(code).then(() => {
      if (!live) return;
      setOffer({ code, t: translatorFor(code).t });
      decided('shown');
    });
    return () => {
      live = false;
    };
  }, [page.code]);

  if (!offer || offer.code === page.code) return null;
  const { code, t } = offer;
  const stay = () => {
    chooseLanguage(page.code);
    setOffer(null);
    document.documentElement.dataset.languageOffer = 'none';
  };
  return (
    <aside lang={findLanguage(code).tag} aria-label={t('nav.language')} className="bg-brand-700 text-white" data-testid="language-offer">
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-x-3 px-4 py-2 text-sm sm:px-6">
        <p className="min-w-0">
          {t('languageOffer.text')}{' '}
          <Link
            to={`${localizedPath(code, pageLanguage(pathname).path)}${search}${hash}`}
            onClick={() => chooseLanguage(code)}
            className="rounded font-semibold whitespace-nowrap underline underline-offset-2 hover:text-brand-100 focus-visible:outline-white"
          >
            {t('languageOffer.switch')}
          </Link>
        </p>
        <button
          type="button"
          onClick={stay}
          aria-label={t('languageOffer.dismiss')}
          title={t('languageOffer.dismiss')}
          className="grid size-8 shrink-0 place-items-center rounded-lg hover:bg-white/10 focus-visible:outline-white"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </aside>
  );
}
