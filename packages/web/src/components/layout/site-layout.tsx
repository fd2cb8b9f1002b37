import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../ui/toaster.tsx';
import { LanguageOffer } from './language-offer.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Every new page starts at its top; a link to a #section is left to scroll there. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, hash]);
}

/**
 * Marks the prerendered page as live (hydrated): tests wait for it before clicking. It sits
 * beside the page in the same Suspense boundary, so a tool page whose code is still loading
 * holds it back until that page is live too.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

export function SiteLayout() {
  useScrollToTopOnNavigate();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {t('skipToContent')}
      </a>
      <LanguageOffer />
      <SiteHeader />
      <main id="main" className="flex-1">
        {/* Tool pages load their code on demand; the prerendered HTML stays until it has. */}
        <Suspense>
          <Outlet />
          <ReadyMark />
        </Suspense>
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
