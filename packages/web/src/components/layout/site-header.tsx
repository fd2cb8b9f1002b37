import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** The brand mark, the same drawing as public/favicon.svg: a white "T" on an indigo tile. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M9 10h14M16 10v13M11 23h10" stroke="#fff" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * React Router does not scroll to a URL's #fragment, so links such as "/#tools" would only
 * change the address. The header is on every page, so it brings the target into view (on a
 * link click and on a fresh load of a URL with a fragment) and moves focus there, as a
 * native fragment link does.
 */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    if (target.tabIndex >= 0 || target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
  }, [hash, key]);
}

const navLinkClass =
  'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900';

export function SiteHeader() {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/80 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={t('nav.home')}
          className="-mx-1 flex items-center gap-2.5 rounded-lg px-1 py-1 text-slate-900"
        >
          <LogoMark />
          <span className="text-lg font-semibold tracking-tight">{t('siteName')}</span>
        </Link>
        <nav aria-label={t('nav.main')}>
          {/* Issue #3 adds the Blog and About pages and their links here. */}
          <ul className="-mr-3 flex items-center gap-1">
            <li>
              <Link to={{ pathname: '/', hash: '#tools' }} className={navLinkClass}>
                {t('nav.tools')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
