import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { dictionaryFailed, dictionaryReady, loadDictionary } from './i18n/index.ts';
import { App } from './app.tsx';
import { preloadPage } from './app-routes.tsx';
import { pageLanguage } from './site-pages.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * Not at the module's top level: the page's lazy chunk awaited here imports the first-load chunk
 * this module is in (vite.config.ts), which cannot finish evaluating while its top level waits.
 */
async function start(root: HTMLElement) {
  // Every page is prerendered in the language of its address: that dictionary and the page's own
  // code are loaded before hydrating, so the first render is the HTML's, whole.
  const { code } = pageLanguage(window.location.pathname);
  await Promise.all([loadDictionary(code), preloadPage(window.location.pathname).catch(() => undefined)]);

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A dictionary that did not come leaves the page in English: rendered afresh over the HTML of
  // its language rather than hydrated into a mismatch.
  if (!dictionaryReady(code)) {
    // Neither the page's words nor English came: the prerendered page stays as it is, readable.
    console.error('No dictionary could be loaded; the page is not made interactive');
  } else if (root.hasChildNodes() && !dictionaryFailed(code)) hydrateRoot(root, app);
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }

  // Offline use: the service worker is registered once the page has loaded, from a chunk of its own.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () =>
      void import('./offline/register-service-worker.ts')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        // Without it the site works as before, online only.
        .catch((error: unknown) => console.warn('Offline use is unavailable:', error));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

void start(root);
