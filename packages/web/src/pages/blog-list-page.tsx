import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PostMeta, PostTags } from '../components/blog/post-meta.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useLocalPath } from '../i18n/use-local-path.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';
import { blogPosts } from '../site-pages.ts';

export function BlogListPage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  useDocumentMeta({ title: `${t('pageTitles.blog')} – TextLift`, description: t('pageDescriptions.blog') });
  return (
    <>
      <PageHeader title={t('blog.title')} lead={t('blog.lead')} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 md:grid-cols-2">
        {blogPosts.map((post) => (
          <article key={post.slug} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <img
              src={post.image}
              alt={t(`blog.posts.${post.key}.imageAlt`)}
              width={1200}
              height={630}
              className="aspect-[40/21] w-full bg-brand-50 object-cover"
            />
            <div className="flex flex-1 flex-col gap-4 p-6">
              <PostTags tags={t(`blog.posts.${post.key}.tags`, { returnObjects: true }) as string[]} />
              <h2 className="text-xl font-semibold tracking-tight text-slate-900">
                <Link to={localPath(`/blog/${post.slug}`)} className="hover:text-brand-700">
                  {t(`blog.posts.${post.key}.title`)}
                </Link>
              </h2>
              <p className="leading-7 text-slate-600">{t(`blog.posts.${post.key}.excerpt`)}</p>
              <PostMeta post={post} />
              <Link
                to={localPath(`/blog/${post.slug}`)}
                className="mt-auto inline-flex items-center gap-1.5 text-sm font-semibold text-brand-600 hover:text-brand-700"
                aria-label={`${t('blog.readMore')}: ${t(`blog.posts.${post.key}.title`)}`}
              >
                {t('blog.readMore')}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}
