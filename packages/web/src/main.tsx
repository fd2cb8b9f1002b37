import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { loadDictionary } from './i18n/index.ts';
import { App } from './app.tsx';
import { pageLanguage } from './site-pages.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Every page is prerendered in the language of its address: that dictionary is loaded before
// hydrating, so the first render is the HTML's.
await loadDictionary(pageLanguage(window.location.pathname).code);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
