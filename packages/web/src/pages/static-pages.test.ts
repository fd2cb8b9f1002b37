import { readdirSync, readFileSync } from 'node:fs';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { API_REQUESTS_PER_MINUTE, JOB_TIMEOUT_MS } from '@textlift/core/service-limits';
import { toolList } from '@textlift/core/tools';
import { FaqSection } from '../components/home/faq-section.tsx';
import { HowItWorks } from '../components/home/how-it-works.tsx';
import { WhyChoose } from '../components/home/why-choose.tsx';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { addDictionary, translatorFor, type Dictionary } from '../i18n/index.ts';
import { languages } from '../i18n/languages.ts';
import { pageFacts } from '../lib/page-facts.ts';
import { ApiDocsPage } from './api-docs/api-docs-page.tsx';
import { ContactPage } from './contact-page.tsx';
import { TextPage } from './text-page.tsx';

const dir = new URL('../i18n/locales/', import.meta.url);
const dictionaries = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace('.json', ''), JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Dictionary]),
);

beforeAll(() => {
  for (const [code, dictionary] of Object.entries(dictionaries)) addDictionary(code, dictionary);
});

addDictionary('en', dictionaries.en!);
/** The language the elements of a test are rendered in (English until a test picks one). */
let translator = translatorFor('en');

/** An element's HTML, in the test's language, inside a router as on the site (the Terms link to a page). */
const markupOf = (element: ReactElement) =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n: translator }, createElement(MemoryRouter, null, element)));

/** What a visitor reads of an element: its text, tags dropped, entities as characters; `prose`: without its code blocks (JSON, commands). */
function textOf(element: ReactElement, { prose = false } = {}): string {
  return markupOf(element)
    .replace(prose ? /<pre\b.*?<\/pre>/gs : /^$/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Every string of a dictionary, with its key path. */
function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
  return [];
}

/**
 * Promises the site cannot keep, in the words the 13 languages use for them: round-the-clock
 * support, a reply within a day, and the paid plans of the spec's refund policy (nothing on the
 * site is sold). The first three may appear nowhere; subscriptions nowhere on the site's own pages
 * (a tool's FAQ may say there is none).
 */
const untrueClaims: Array<[string, RegExp, 'everywhere' | 'site pages']> = [
  ['support around the clock', /24\s*\/\s*7|round[- ]the[- ]clock|rund um die Uhr|24\s*h\b/iu, 'everywhere'],
  ['a reply within 24 hours', /24\s*(?:hours?|Stunden|heures|horas|ore\b|uur|timer|godzin|saat|час|jam\b|na oras)/iu, 'everywhere'],
  ['premium plans', /premium/iu, 'everywhere'],
  [
    'a monthly package',
    /monthly basic|Basispaket|forfait mensuel|Paquete Básico|Pacote Básico|Pacchetto Base|Basispakke|Pakietu Podstawowego|Temel Paket|месячн\S* пакет/iu,
    'everywhere',
  ],
  ['a monthly package', /Paket Dasar|Basic Package/iu, 'everywhere'],
  [
    'subscriptions',
    /subscription|Abonnement|abonnement|suscripci|assinatura|abbonament|subskrypcj|abonament|abonelik|подписк|langganan|suskrip/iu,
    'site pages',
  ],
];

/** The dictionary sections of the static pages, the home page's own texts and the blog. */
const sitePageSections = new Set(['about', 'contact', 'privacy', 'terms', 'refund', 'faq', 'footer', 'pageDescriptions', 'blog', 'hero']);
const isSitePageKey = (key: string) => !key.includes('.') || sitePageSections.has(key.split('.')[0] ?? '');

test('no dictionary promises what the site does not do', () => {
  for (const [code, dictionary] of Object.entries(dictionaries)) {
    for (const [key, text] of leaves(dictionary)) {
      for (const [claim, pattern, scope] of untrueClaims) {
        if (scope === 'everywhere' || isSitePageKey(key)) expect(text, `${code}.json ${key}: ${claim}`).not.toMatch(pattern);
      }
    }
  }
});

const fileSizesMb = toolList.flatMap((tool) => (tool.input.kind === 'files' ? [tool.input.maxBytes / (1024 * 1024)] : []));
const serverTools = toolList.filter((tool) => tool.runsOn !== 'device');

describe.each(languages.map((language) => language.code))('%s', (code) => {
  const dictionary = dictionaries[code] as Dictionary;
  const toolName = (key: string) => (dictionary.tools as Record<string, { name: string }>)[key]?.name;

  beforeAll(() => {
    translator = translatorFor(code);
  });

  test('every static page and home section is whole: no placeholder or nested key left unfilled', () => {
    for (const element of [
      // biome-ignore-start lint/correctness/useJsxKeyInIterable: elements rendered one at a time, never as a list.
      ...(['about', 'privacy', 'terms', 'refund'] as const).map((section) => createElement(TextPage, { section })),
      createElement(ContactPage),
      createElement(ApiDocsPage),
      createElement(HowItWorks),
      createElement(WhyChoose),
      createElement(FaqSection),
      // biome-ignore-end lint/correctness/useJsxKeyInIterable: the end of that list.
    ]) {
      const text = textOf(element, { prose: true });
      expect(text).not.toMatch(/\{\{|\}\}|\$t\(|\]\(\//);
      for (const [claim, pattern] of untrueClaims) expect(text, claim).not.toMatch(pattern);
    }
  });

  test('the Privacy Policy says that a language model our server lacks is fetched by the server from the npm registry', () => {
    const [onDevice] = translator.t('privacy.sections', { returnObjects: true, ...pageFacts(translator.t, code) }) as Array<{ body: string[] }>;
    const paragraph = onDevice?.body.find((text) => /\bnpm\b/.test(text));
    expect(paragraph).toBeDefined();
    expect(textOf(createElement(TextPage, { section: 'privacy' }))).toMatch(/\bnpm\b/);
  });

  test('the Terms state the limits the server and the registry really apply', () => {
    const terms = textOf(createElement(TextPage, { section: 'terms' }));
    expect(terms).toContain(`${API_REQUESTS_PER_MINUTE} `);
    expect(terms).toContain(`${JOB_TIMEOUT_MS / 1000} `);
    expect(terms).toContain(`${Math.min(...fileSizesMb)} `);
    expect(terms).toContain(`${Math.max(...fileSizesMb)} `);
    expect(terms).toContain('/api/v1/openapi.json');
    // "The published limits of the API" lead to the API's page, in this language.
    const link = markupOf(createElement(TextPage, { section: 'terms' })).match(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/);
    expect(link?.[1]).toBe(code === 'en' ? '/api-docs' : `/${code}/api-docs`);
    expect(link?.[2]?.length).toBeGreaterThan(3);
  });

  test("the API's page names every tool, with a curl example each and the server's limits", () => {
    const page = markupOf(createElement(ApiDocsPage));
    expect(page.match(/<h3 [^>]*>/g)?.length).toBeGreaterThanOrEqual(toolList.length);
    expect(page.match(/<pre [^>]*data-testid="curl"/g)).toHaveLength(toolList.length + 2);
    const text = textOf(createElement(ApiDocsPage));
    for (const tool of toolList) expect(text).toContain(toolName(tool.i18nKey));
    expect(text).toContain(`${API_REQUESTS_PER_MINUTE} `);
    expect(text).toContain(`${JOB_TIMEOUT_MS / 1000} `);
    expect(text).toContain('/api/v1/openapi.json');
  });

  test('the Privacy Policy and the FAQ name every tool that sends a file to our server', () => {
    const privacy = textOf(createElement(TextPage, { section: 'privacy' }));
    // The FAQ's answers are rendered only when opened: read them as the section does.
    const language = languages.find((entry) => entry.code === code)?.tag ?? code;
    const faq = JSON.stringify(translator.t('faq.items', { returnObjects: true, ...pageFacts(translator.t, language) }));
    expect(faq).not.toMatch(/\{\{|\$t\(/);
    for (const tool of serverTools) {
      expect(privacy).toContain(toolName(tool.i18nKey));
      expect(faq).toContain(toolName(tool.i18nKey));
    }
  });

  test("How it works names the hero's own buttons, not a Convert button it does not have", () => {
    const steps = textOf(createElement(HowItWorks));
    for (const label of [dictionary.extractText, dictionary.copyText, dictionary.download]) expect(steps).toContain(label);
    expect(steps).not.toContain(dictionary.toolPage.convert);
  });
});
