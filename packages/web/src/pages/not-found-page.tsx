import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalPath } from '../i18n/use-local-path.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const localPath = useLocalPath();
  useDocumentMeta({ title: `${t('pageTitles.notFound')} – TextLift`, description: t('notFound.title') });
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-7xl font-bold tracking-tight text-brand-600">{t('notFound.code')}</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{t('notFound.title')}</h1>
      <Link
        to={localPath('/')}
        className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        {t('notFound.home')}
      </Link>
    </div>
  );
}
