import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalPath } from '../../i18n/use-local-path.ts';
import { cn } from '../../lib/cn.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

/** The brand mark, the same drawing as public/favicon.svg: a white "T" on an indigo tile. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M9 10h14M16 10v13M11 23h10" stroke="#fff" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** The logo and name, linking to the current language's home; header and footer style it. */
export function BrandLink({ className }: { className: string }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  return (
    <Link to={localPath('/')} aria-label={t('nav.home')} className={className}>
      <LogoMark />
      <span className="text-lg font-semibold tracking-tight">{t('siteName')}</span>
    </Link>
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
  const localPath = useLocalPath();
  useScrollToHash();
  const links = [
    { to: { pathname: localPath('/'), hash: '#tools' }, label: t('nav.tools') },
    { to: { pathname: localPath('/blog') }, label: t('nav.blog') },
    { to: { pathname: localPath('/about-us') }, label: t('nav.about') },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/80 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        <BrandLink className="-mx-1 flex h-14 items-center gap-2.5 rounded-lg px-1 text-slate-900 sm:h-auto sm:py-1" />
        <div className="flex items-center gap-2 sm:order-last">
          <ThemeSwitch />
          <LanguageSwitcher />
        </div>
        <nav aria-label={t('nav.main')} className="order-last -mx-3 w-full pb-2 sm:order-none sm:mx-0 sm:ml-auto sm:w-auto sm:pb-0">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to.pathname + (link.to.hash ?? '')}>
                <Link to={link.to} className={navLinkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
