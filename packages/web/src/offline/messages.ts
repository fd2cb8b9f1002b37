/** The page's message to the service worker: store these addresses of this origin (pages, bundles, engines). */
export const CACHE_LOADED = 'textlift:cache-loaded';

export interface CacheLoadedMessage {
  type: typeof CACHE_LOADED;
  addresses: string[];
}
