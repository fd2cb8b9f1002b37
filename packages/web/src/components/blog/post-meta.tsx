import { Calendar, Clock, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language.ts';
import { formatDate } from '../../lib/format-date.ts';
import type { BlogPost } from '../../site-pages.ts';

export function PostMeta({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
      <li className="inline-flex items-center gap-1.5">
        <User className="size-4" aria-hidden />
        {t('blog.by', { author: post.author })}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Calendar className="size-4" aria-hidden />
        <time dateTime={post.date}>{formatDate(post.date, language.tag)}</time>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden />
        {t('blog.readTime', { minutes: post.readMinutes })}
      </li>
    </ul>
  );
}

export function PostTags({ tags }: { tags: string[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('blog.tagsLabel')} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-inset ring-brand-100">
          {tag}
        </li>
      ))}
    </ul>
  );
}
