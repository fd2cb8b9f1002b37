import { type ReactElement, Suspense } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { findTool } from '@textlift/core/tools';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { LanguageScope } from './i18n/language-scope.tsx';
import { languages } from './i18n/languages.ts';
import { useLocalPath } from './i18n/use-local-path.ts';
import { lazyPage, preloadPages } from './lazy-page.ts';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { homePath, staticPages, toolPages } from './site-pages.ts';
import { toolPageComponents } from './tool-pages.tsx';

// The pages that are not a home page load on demand, as the tool pages do (tool-pages.tsx): a
// first visit to a home fetches none of them (the contact form's validation, the blog).
const BlogListPage = lazyPage(async () => (await import('./pages/blog-list-page.tsx')).BlogListPage);
const BlogPostPage = lazyPage(async () => (await import('./pages/blog-post-page.tsx')).BlogPostPage);
const ContactPage = lazyPage(async () => (await import('./pages/contact-page.tsx')).ContactPage);
const TextPage = lazyPage(async () => (await import('./pages/text-page.tsx')).TextPage);
const ApiDocsPage = lazyPage(async () => (await import('./pages/api-docs/api-docs-page.tsx')).ApiDocsPage);

/** /tools/{tool} is an old address of /{tool} (in each language): replaced, so Back does not return to it. */
function ToolRedirect() {
  const tool = findTool(useParams().tool ?? '');
  const localPath = useLocalPath();
  return tool ? <Navigate to={localPath(tool.path)} replace /> : <NotFoundPage />;
}

/**
 * The same pages under each language's home ("/" for English, "/de" for German...), each
 * rendered in that language. Child paths are relative to the home.
 */
const routesByLanguage = new Map<string, ReactElement>(
  languages.map((language) => [
    language.code,
    <Route
      key={language.code}
      path={homePath(language.code)}
      element={
        <LanguageScope code={language.code}>
          <SiteLayout />
        </LanguageScope>
      }
    >
      <Route index element={<HomePage />} />
      {staticPages.map(({ path, key }) => (
        <Route
          key={path}
          path={path.slice(1)}
          element={key === 'contact' ? <ContactPage /> : key === 'apiDocs' ? <ApiDocsPage /> : <TextPage section={key} />}
        />
      ))}
      {toolPages.map((tool) => {
        const Page = toolPageComponents[tool.slug as keyof typeof toolPageComponents];
        return <Route key={tool.slug} path={tool.path.slice(1)} element={<Page />} />;
      })}
      <Route path="blog" element={<BlogListPage />} />
      {/* Any depth: the server answers /blog/a/b with the blog's not-found page too. */}
      <Route path="blog/*" element={<BlogPostPage />} />
      <Route path="tools/:tool" element={<ToolRedirect />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>,
  ]),
);

/**
 * Only the routes under the address's language are matched: React Router ranks every route it
 * is given on each render, and all 13 languages' 30 made hydration's longest task (Lighthouse's
 * Total Blocking Time). As before, the first segment names the language in any case, and any
 * other address is English's (its not-found page, where no English page has it).
 */
function routesOf(pathname: string) {
  return routesByLanguage.get(pathname.split('/')[1]!.toLowerCase()) ?? routesByLanguage.get('en')!;
}

/** Loads the code of the page at this address (main.tsx, before hydrating its HTML). */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(routesOf(pathname)), pathname) ?? [];
  await preloadPages(matches.map((match) => match.route.element));
}

/** The site's pages; the boundary holds a page whose language's dictionary is still on its way (Back after a switch). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <Suspense>
      <Routes>{routesOf(pathname)}</Routes>
    </Suspense>
  );
}
