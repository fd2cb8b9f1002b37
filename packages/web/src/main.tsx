import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { rememberedLanguage, switchLanguage } from './i18n/index.ts';
import { App } from './app.tsx';
import { homeLanguage } from './site-pages.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const pathname = window.location.pathname;
const home = homeLanguage(pathname);
// A language home is prerendered in its language: load that dictionary before hydrating so the
// first render matches the HTML. Other pages are prerendered in English and switch afterwards.
if (home) await switchLanguage(home);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);

const remembered = rememberedLanguage();
if (!home && remembered && remembered !== 'en') void switchLanguage(remembered);
