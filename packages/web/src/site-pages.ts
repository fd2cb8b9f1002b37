import { tools } from '@textlift/core/tools';
import { findLanguage } from './i18n/languages.ts';

/** The static pages, with the spec's routes and the dictionary section that holds their text. */
export const staticPages = [
  { path: '/about-us', key: 'about' },
  { path: '/contact-us', key: 'contact' },
  { path: '/privacy-policy', key: 'privacy' },
  { path: '/terms-of-service', key: 'terms' },
  { path: '/refund-policy', key: 'refund' },
  { path: '/api-docs', key: 'apiDocs' },
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

/** Tool pages other than the home page's hero. */
export const toolPages = tools.filter((tool) => tool.path !== '/');

/**
 * A page's address in a language: English without a prefix ("/about-us"), every other
 * language under its route code ("/de/about-us"; the home is "/de").
 */
export function localizedPath(code: string, path: string): string {
  if (code === 'en') return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

/** The home page of a language: "/" for English, "/ru" and so on for the others. */
export function homePath(code: string): string {
  return localizedPath(code, '/');
}

/**
 * The language an address is in and the page it names: "/de/about-us" is German "/about-us",
 * "/about-us" English. A first segment that is no language of ours is part of an English path.
 */
export function pageLanguage(pathname: string): { code: string; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  const language = findLanguage(first);
  if (language.code !== first || first === 'en') return { code: 'en', path: pathname };
  return { code: first, path: `/${rest.join('/')}` };
}

/** Every page in one language, as its English address: the home, the static pages, the blog and each tool. */
export function pagePaths(): string[] {
  return ['/', ...staticPages.map((page) => page.path), '/blog', ...blogPosts.map((post) => `/blog/${post.slug}`), ...toolPages.map((tool) => tool.path)];
}
