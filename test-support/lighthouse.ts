import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Lighthouse's four categories, as its report names them. */
export const lighthouseCategories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof lighthouseCategories)[number];

export interface LighthouseAudit {
  /** Scores 0 to 100 (rounded as the report shows them) of the categories asked for. */
  scores: Partial<Record<LighthouseCategory, number>>;
  /** The audits that cost a category points: id, title, score 0–1 and what the audit measured. */
  failed: Array<{ category: LighthouseCategory; id: string; title: string; score: number; value?: string }>;
  /** Core figures of the performance run, when it was asked: milliseconds and CLS. */
  metrics?: Record<string, number>;
}

/**
 * Debian's Chromium, headless, for Lighthouse (CHROME_PATH names another). A fresh profile each
 * launch (chrome-launcher's), so no cache of an earlier page counts.
 */
export async function launchChromium() {
  return launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
}

/**
 * Lighthouse's failures to record a page load (not the page's failures), after which it says
 * "run Lighthouse again": on a loaded 2-core machine its trace sometimes misses the navigation.
 */
const recordingFailures = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'PROTOCOL_TIMEOUT']);

/** How many times a page is audited when Lighthouse fails to record it. */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number, categories: readonly LighthouseCategory[]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (!recordingFailures.has(runtimeError.code) || attempt === ATTEMPTS) {
      throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
    }
  }
}

/**
 * Runs Lighthouse on one page in a Chromium that chrome-launcher started on `port`; its
 * defaults otherwise: mobile emulation, simulated slow 4G and a 4× slower CPU.
 */
export async function auditPage(url: string, port: number, categories: readonly LighthouseCategory[] = lighthouseCategories): Promise<LighthouseAudit> {
  const lhr = await runLighthouse(url, port, categories);
  const scores: LighthouseAudit['scores'] = {};
  const failed: LighthouseAudit['failed'] = [];
  for (const category of categories) {
    const entry = lhr.categories[category];
    if (!entry) continue;
    scores[category] = Math.round((entry.score ?? 0) * 100);
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      // Audits that weigh nothing (informative, manual, not applicable) cost no points.
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failed.push({ category, id: ref.id, title: audit.title, score: audit.score, value: audit.displayValue });
    }
  }
  let metrics: Record<string, number> | undefined;
  if (categories.includes('performance')) {
    metrics = {};
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
      const value = lhr.audits[id]?.numericValue;
      if (value !== undefined) metrics[id] = value;
    }
  }
  return { scores, failed, metrics };
}
