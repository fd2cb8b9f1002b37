import { Navigate, Route, Routes, useParams } from 'react-router';
import { findTool } from '@textlift/core/tools';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { BlogListPage } from './pages/blog-list-page.tsx';
import { BlogPostPage } from './pages/blog-post-page.tsx';
import { ContactPage } from './pages/contact-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { TextPage } from './pages/text-page.tsx';
import { homeLanguage, staticPages, toolPages } from './site-pages.ts';
import { toolPageComponents } from './tool-pages.tsx';

function LanguageHome() {
  const { lang } = useParams();
  const code = homeLanguage(`/${lang}`);
  return code ? <HomePage code={code} /> : <NotFoundPage />;
}

/** /tools/{tool} is an old address of /{tool}: replaced, so Back does not return to it. */
function ToolRedirect() {
  const tool = findTool(useParams().tool ?? '');
  return tool ? <Navigate to={tool.path} replace /> : <NotFoundPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="/" element={<HomePage code="en" />} />
        <Route path="/:lang" element={<LanguageHome />} />
        {staticPages.map(({ path, key }) => (
          <Route key={path} path={path} element={key === 'contact' ? <ContactPage /> : <TextPage section={key} />} />
        ))}
        {toolPages.map((tool) => {
          const Page = toolPageComponents[tool.slug as keyof typeof toolPageComponents];
          return <Route key={tool.slug} path={tool.path} element={<Page />} />;
        })}
        <Route path="/blog" element={<BlogListPage />} />
        <Route path="/blog/:slug" element={<BlogPostPage />} />
        <Route path="/tools/:tool" element={<ToolRedirect />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
