import { tools } from '@textlift/core/tools';
import { languages } from './i18n/languages.ts';

/** The static pages, with the spec's routes and the dictionary section that holds their text. */
export const staticPages = [
  { path: '/about-us', key: 'about' },
  { path: '/contact-us', key: 'contact' },
  { path: '/privacy-policy', key: 'privacy' },
  { path: '/terms-of-service', key: 'terms' },
  { path: '/refund-policy', key: 'refund' },
] as const;

export type StaticPageKey = (typeof staticPages)[number]['key'];

/** The two blog posts: facts here, words in the dictionaries under blog.posts.{key}. */
export const blogPosts = [
  {
    slug: 'how-to-extract-text-from-image',
    key: 'extractText',
    author: 'Maria Santos',
    date: '2026-10-14',
    readMinutes: 4,
    image: '/images/blog/extract-text.svg',
  },
  {
    slug: 'how-do-you-convert-a-pdf-to-word',
    key: 'pdfToWord',
    author: 'Daniel Weber',
    date: '2026-11-03',
    readMinutes: 5,
    image: '/images/blog/pdf-to-word.svg',
  },
] as const;

export type BlogPost = (typeof blogPosts)[number];

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/** The home page of a language: "/" for English, "/ru" and so on for the others. */
export function homePath(code: string): string {
  return code === 'en' ? '/' : `/${code}`;
}

/** The language a path's home page is in, or undefined where the path is not a home page. */
export function homeLanguage(pathname: string): string | undefined {
  if (pathname === '/') return 'en';
  const code = pathname.slice(1);
  return languages.some((language) => language.code === code && code !== 'en') ? code : undefined;
}

/** Tool pages other than the home page's hero. */
export const toolPages = tools.filter((tool) => tool.path !== '/');

/**
 * Every page that exists, as prerendered at build time and listed in the sitemap: the 13
 * homes, the static pages, the blog and its posts, and each tool page from the registry.
 */
export function sitePaths(): string[] {
  return [
    ...languages.map((language) => homePath(language.code)),
    ...staticPages.map((page) => page.path),
    '/blog',
    ...blogPosts.map((post) => `/blog/${post.slug}`),
    ...toolPages.map((tool) => tool.path),
  ];
}
