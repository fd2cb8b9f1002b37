import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PostBody } from '../components/blog/post-body.tsx';
import { PostMeta, PostTags } from '../components/blog/post-meta.tsx';
import { ShareButtons } from '../components/blog/share-buttons.tsx';
import { useLocalPath } from '../i18n/use-local-path.ts';
import { useDocumentMeta } from '../seo/document-meta.tsx';
import { findBlogPost } from '../site-pages.ts';

const backLinkClass = 'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-600 hover:text-brand-700';

export function BlogPostPage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const slug = useParams()['*'];
  const post = findBlogPost(slug);
  useDocumentMeta(
    post
      ? { title: `${t(`blog.posts.${post.key}.title`)} – TextLift`, description: t(`blog.posts.${post.key}.excerpt`) }
      : { title: `${t('blog.notFound')} – TextLift`, description: t('blog.notFoundBody') },
  );

  if (!post) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('blog.notFound')}</h1>
        <p className="mt-3 text-slate-600">{t('blog.notFoundBody')}</p>
        <Link to={localPath('/blog')} className={`${backLinkClass} mt-8`}>
          <ArrowLeft className="size-4" aria-hidden />
          {t('blog.back')}
        </Link>
      </div>
    );
  }

  const title = t(`blog.posts.${post.key}.title`);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to={localPath('/blog')} className={backLinkClass}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('blog.back')}
      </Link>
      <header className="mt-6 space-y-4">
        <PostTags tags={t(`blog.posts.${post.key}.tags`, { returnObjects: true }) as string[]} />
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        <PostMeta post={post} />
      </header>
      {/* The post's largest paint: fetched before the app's code rather than beside it. */}
      <img
        src={post.image}
        fetchPriority="high"
        alt={t(`blog.posts.${post.key}.imageAlt`)}
        width={1200}
        height={630}
        className="mt-8 aspect-[40/21] w-full rounded-2xl border border-slate-200 bg-brand-50 object-cover"
      />
      <div className="mt-6 text-lg">
        <PostBody lines={t(`blog.posts.${post.key}.content`, { returnObjects: true }) as string[]} />
      </div>
      <footer className="mt-12 border-t border-slate-200 pt-6">
        <ShareButtons path={localPath(`/blog/${post.slug}`)} title={title} />
      </footer>
    </article>
  );
}
