/// <reference lib="webworker" />
// The site's service worker (built by vite-plugin-pwa into /sw.js): after one visit every
// device-side tool works with the network off. Only GETs of this origin's pages, bundles and
// engines are kept; the API, POSTs and anything else go to the network untouched.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import { NOT_PAGES } from './not-pages.ts';
import { CACHE_LOADED, type CacheLoadedMessage } from './messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** A page's HTML depends on the theme cookie (Vary: Cookie); offline, whichever was stored is right. */
const matchOptions = { ignoreVary: true };

/** Only whole answers are kept: never an error page, a 206 part or an opaque response. */
const complete = () => new CacheableResponsePlugin({ statuses: [200] });

/**
 * Bundles and engines under /assets/ and /engines/ carry their hash or version in the address
 * and never change under it, so a stored copy is always right. Entries bound the stores across
 * deploys (old hashes are dropped least-recently-used first): a build has 174 bundles and its
 * engines 205 files (pdf.js's CMaps are most of them), so two or three versions fit.
 */
const assets = new CacheFirst({
  cacheName: 'textlift-assets',
  matchOptions,
  plugins: [complete(), new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
});
const engines = new CacheFirst({
  cacheName: 'textlift-engines',
  matchOptions,
  plugins: [complete(), new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
});
/** Pages come from the network while there is one (a deploy shows at once), else as last seen. */
const pages = new NetworkFirst({
  cacheName: 'textlift-pages',
  matchOptions,
  plugins: [
    complete(),
    // A page fetched for the page's message follows the language cookie's redirect ("/" -> "/de"); a browser
    // refuses a redirected answer to a navigation, so only the address's own page is kept.
    { cacheWillUpdate: async ({ response }) => (response.redirected ? null : response) },
    new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true }),
  ],
});

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
const isEngine = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/engines/');
const isPage = (url: URL) => url.origin === self.location.origin && !NOT_PAGES.test(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname);

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The shell: the entry, its static imports and style sheet, the icons and the manifest.
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(({ url }) => isAsset(url), assets);
registerRoute(({ url }) => isEngine(url), engines);
// A page never loaded online is not drawn from another one offline: its own bundles were never
// stored, so the app would come up blank; the browser's offline page says what is true.
registerRoute(({ request, url }) => request.mode === 'navigate' && isPage(url), pages);

/**
 * The page tells what it loaded before this worker controlled it (the first visit's bundles,
 * dictionary and fonts) and each address the app moved to without loading a page: both are
 * stored as if they had been fetched through here.
 */
self.addEventListener('message', (event) => {
  const message = event.data as CacheLoadedMessage | undefined;
  if (message?.type !== CACHE_LOADED || event.origin !== self.location.origin) return;
  const keep = (address: string) => {
    const url = new URL(address, self.location.origin);
    const strategy: Strategy | undefined = isAsset(url) ? assets : isEngine(url) ? engines : isPage(url) ? pages : undefined;
    return strategy?.handle({ request: new Request(url), event }).catch(() => undefined);
  };
  event.waitUntil(Promise.all(message.addresses.map(keep)));
});
