import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { languages } from '../packages/web/src/i18n/languages.ts';

/** Every page the site lists in its sitemap (itself generated from the route table and the registry). */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>[^<]*?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
}

export type Dictionary = Record<string, unknown> & { heroTitle: string };

export function dictionary(code: string): Dictionary {
  return JSON.parse(readFileSync(new URL(`../packages/web/src/i18n/locales/${code}.json`, import.meta.url), 'utf8'));
}

/** Route code -> BCP-47 tag, from the site's own language table. */
export const languageTags: Record<string, string> = Object.fromEntries(languages.map((language) => [language.code, language.tag]));
