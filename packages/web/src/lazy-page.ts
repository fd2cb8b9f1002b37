import { createElement, use, type ComponentType, type ReactElement } from 'react';

/** A page whose code loads on demand, and can be loaded before the app hydrates over its HTML. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React's lazy(), but a page whose code has come renders at once. main.tsx loads the
 * code of the address's page before hydrating, so the prerendered page is hydrated whole in
 * one pass: Preact's hydration would otherwise keep a suspended page's HTML and run its
 * siblings' effects (the ready mark among them, site-layout.tsx) before the page is live.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, when the routes are listed, never in a render.
  const Page = (props: P) => createElement(loaded ?? use(preload()), props);
  return Object.assign(Page, { preload });
}

/** Loads the code of the pages these elements (a route's matched elements) render. */
export async function preloadPages(elements: readonly unknown[]): Promise<void> {
  const pages = elements.map((element) => (element as ReactElement | undefined)?.type as Partial<LazyPage<object>> | undefined);
  await Promise.all(pages.map((page) => page?.preload?.()));
}
