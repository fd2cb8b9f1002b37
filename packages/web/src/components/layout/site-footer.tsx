import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath } from '../../i18n/use-local-path.ts';
import { BrandLink } from './site-header.tsx';

const linkClass = 'rounded transition-colors hover:text-white focus-visible:outline-brand-200';

export function SiteFooter() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const year = new Date().getFullYear();
  const columns = [
    {
      id: 'product',
      title: t('footer.product'),
      links: [
        { to: `${localPath('/')}#tools`, label: t('nav.tools') },
        { to: localPath('/api-docs'), label: t('footer.api') },
      ],
    },
    {
      id: 'company',
      title: t('footer.company'),
      links: [
        { to: localPath('/about-us'), label: t('footer.about') },
        { to: localPath('/blog'), label: t('footer.blog') },
        { to: localPath('/contact-us'), label: t('footer.contact') },
      ],
    },
    {
      id: 'legal',
      title: t('footer.legal'),
      links: [
        { to: localPath('/privacy-policy'), label: t('footer.privacy') },
        { to: localPath('/terms-of-service'), label: t('footer.terms') },
        { to: localPath('/refund-policy'), label: t('footer.refund') },
      ],
    },
  ];
  return (
    <footer className="bg-slate-900 text-slate-400">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="flex flex-col gap-10 lg:flex-row lg:items-start lg:justify-between">
          <div className="max-w-sm">
            <BrandLink className="-mx-1 inline-flex items-center gap-2.5 rounded-lg px-1 py-1 text-white focus-visible:outline-brand-200" />
            <p className="mt-4 text-sm leading-6">{t('footer.tagline')}</p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:gap-16">
            {columns.map((column) => (
              <nav key={column.id} aria-labelledby={`footer-${column.id}`} className="sm:min-w-36">
                <h2 id={`footer-${column.id}`} className="text-sm font-semibold text-white">
                  {column.title}
                </h2>
                <ul className="mt-4 space-y-3 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="mt-12 border-t border-white/10 pt-8">
          <p className="text-xs leading-5 text-slate-400">{t('footer.rights', { year })}</p>
        </div>
      </div>
    </footer>
  );
}
