import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">{t('notFound.code')}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.title')}</h1>
      <Link to="/" className="mt-6 font-medium text-brand-600 underline-offset-4 hover:underline">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
