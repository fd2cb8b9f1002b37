import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from './site-header.tsx';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-400">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="flex flex-col gap-10 sm:flex-row sm:items-start sm:justify-between">
          <div className="max-w-sm">
            <Link
              to="/"
              aria-label={t('nav.home')}
              className="-mx-1 inline-flex items-center gap-2.5 rounded-lg px-1 py-1 text-white focus-visible:outline-brand-200"
            >
              <LogoMark />
              <span className="text-lg font-semibold tracking-tight">{t('siteName')}</span>
            </Link>
            <p className="mt-4 text-sm leading-6">{t('footer.tagline')}</p>
          </div>
          {/* Issue #3 adds the Company and Legal columns once their pages exist. */}
          <nav aria-labelledby="footer-product" className="sm:min-w-40">
            <h2 id="footer-product" className="text-sm font-semibold text-white">
              {t('footer.product')}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <Link
                  to={{ pathname: '/', hash: '#tools' }}
                  className="rounded transition-colors hover:text-white focus-visible:outline-brand-200"
                >
                  {t('nav.tools')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="mt-12 border-t border-white/10 pt-8">
          <p className="text-xs leading-5 text-slate-400">{t('footer.rights', { year })}</p>
        </div>
      </div>
    </footer>
  );
}
