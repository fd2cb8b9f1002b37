import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUNDLE_REPORT, type BundleReport } from '../packages/web/bundle-report.ts';
import { expect, test } from './fixtures.ts';

const dist = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));

/** What the home page may load before any lazy chunk, gzip at level 9 as the build serves it (issue 35). */
const JS_BUDGET_KIB = 100;
const CSS_BUDGET_KIB = 25;

/**
 * Packages the home page's first load may carry: the frame (Preact as React, the router,
 * translations, icons). Everything else waits for a tool to need it; an engine (OCR, PDF, Office,
 * codes, fonts, images) here would be fetched by every visitor who only reads the page.
 */
const FRAME_PACKAGES = new Set([
  'preact',
  'react-router',
  'cookie',
  'set-cookie-parser',
  'i18next',
  'react-i18next',
  'use-sync-external-store',
  'html-parse-stringify',
  'void-elements',
  'lucide-react',
  'clsx',
]);

const kib = (bytes: number) => bytes / 1024;
const gzipSize = (file: string) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;

/** The scripts, module preloads and style sheets a page's HTML names, as files of the build. */
function firstLoad(html: string) {
  const files = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!.replace(/^\//, ''));
  return {
    entries: files(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    preloads: files(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
    styles: files(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g),
  };
}

/** An entry and every chunk it imports statically, however deep: what runs before the first lazy import. */
function staticClosure(report: BundleReport, entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = report[file];
    if (!chunk) throw new Error(`${file} is not in the build's report`);
    chunk.imports.forEach(visit);
  };
  entries.forEach(visit);
  return [...seen];
}

for (const page of ['index.html', 'de/index.html']) {
  test(`the first load of ${page} stays within ${JS_BUDGET_KIB} KiB of JS and ${CSS_BUDGET_KIB} KiB of CSS, engine-free`, () => {
    const report = JSON.parse(readFileSync(`${dist}${BUNDLE_REPORT}`, 'utf8')) as BundleReport;
    const { entries, preloads, styles } = firstLoad(readFileSync(`${dist}${page}`, 'utf8'));
    expect(entries).toHaveLength(1);
    // The HTML preloads every static import, so none waits for the entry to be parsed first,
    // and the page's own dictionary (a chunk of its own, imported lazily), nothing else.
    const closure = staticClosure(report, entries);
    const initial = [...new Set([...entries, ...preloads])];
    const dictionary = `packages/web/src/i18n/locales/${page === 'index.html' ? 'en' : page.split('/')[0]}.json`;
    expect(initial.filter((file) => !closure.includes(file)).map((file) => report[file]!.sources)).toEqual([[dictionary]]);
    expect(closure.every((file) => initial.includes(file))).toBe(true);
    expect(styles.length).toBeGreaterThan(0);
    expect(new Set(styles)).toEqual(new Set(closure.flatMap((file) => report[file]!.css)));

    const packages = [...new Set(initial.flatMap((file) => report[file]!.packages))];
    // React's API is Preact's compatibility layer (packages/web/vite.config.ts): react-dom alone weighed 64 KiB.
    expect(packages).toContain('preact');
    expect(packages.filter((name) => name === 'react' || name === 'react-dom')).toEqual([]);
    expect(
      packages.filter((name) => !FRAME_PACKAGES.has(name)),
      'packages beyond the frame in the first load',
    ).toEqual([]);

    const js = initial.reduce((sum, file) => sum + gzipSize(file), 0);
    const css = styles.reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`${page}: first load ${kib(js).toFixed(1)} KiB of JS, ${kib(css).toFixed(1)} KiB of CSS (gzip)`);
    expect(kib(js)).toBeLessThanOrEqual(JS_BUDGET_KIB);
    expect(kib(css)).toBeLessThanOrEqual(CSS_BUDGET_KIB);
  });
}
