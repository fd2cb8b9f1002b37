// Loaded lazily after the page's load event (main.tsx), so none of this weighs on the first load.
import { CACHE_LOADED, type CacheLoadedMessage } from './messages.ts';

/** What the page loaded itself that the service worker keeps: bundles, dictionaries, fonts, engines. */
const KEPT = /^\/(assets|engines)\//;

/** The Navigation API (Chromium; Firefox and Safari from 2025/2026): the one event for the router's moves. */
interface NavigationEvents {
  addEventListener(type: 'navigatesuccess', listener: () => void): void;
}

function tell(worker: ServiceWorker, addresses: string[]) {
  const message: CacheLoadedMessage = { type: CACHE_LOADED, addresses };
  worker.postMessage(message);
}

function loadedHere(): string[] {
  const urls = performance.getEntriesByType('resource').map((entry) => new URL(entry.name));
  return urls.filter((url) => url.origin === location.origin && KEPT.test(url.pathname)).map((url) => url.pathname);
}

export async function registerServiceWorker() {
  // The worker is at the root so that its scope is the whole site (no Service-Worker-Allowed needed).
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return;
  tell(worker, [location.pathname, ...loadedHere()]);
  // The router moves between pages without loading them; each one reached is stored too.
  const navigation = (window as Window & { navigation?: NavigationEvents }).navigation;
  navigation?.addEventListener('navigatesuccess', () => tell(worker, [location.pathname]));
}
