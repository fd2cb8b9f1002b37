import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';

/** Every page the site lists in its sitemap (itself generated from the route table and the registry). */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>[^<]*?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
}

export type Dictionary = Record<string, unknown> & { heroTitle: string };

export function dictionary(code: string): Dictionary {
  return JSON.parse(readFileSync(new URL(`../packages/web/src/i18n/locales/${code}.json`, import.meta.url), 'utf8'));
}

/** Route code -> BCP-47 tag, as the site uses them. */
export const languageTags: Record<string, string> = {
  en: 'en', ru: 'ru', es: 'es', fr: 'fr', ph: 'fil', id: 'id', de: 'de', br: 'pt-BR', da: 'da', nl: 'nl', pl: 'pl', it: 'it', tr: 'tr',
};
