// Benchmark (not a test): Lighthouse's four scores on the home page, a tool page and a blog post
// of the production build on our own server, with Lighthouse's defaults (mobile emulation,
// simulated slow 4G, 4x CPU slowdown) in Debian's Chromium. Performance depends on how busy the
// machine is, so each page is audited RUNS times and the median printed; the other three are the
// same every run (e2e/lighthouse.spec.ts holds them at 100).
// Run: node bench/lighthouse.ts [--runs N] [--port P] (after npm run build)
import { parseArgs } from 'node:util';
import { auditPage, launchChromium, type lighthouseCategories, type LighthouseAudit } from '../test-support/lighthouse.ts';
import { median, startServer } from './server-process.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '4407' } } });
const runs = Number(values.runs);
const port = Number(values.port);
const PAGES = ['/', '/pdf-to-text', '/blog/how-to-extract-text-from-image'];

const server = await startServer(port, { TEXTLIFT_OFFICE_WARM_UP: '0' });
try {
  const rows: string[] = [];
  const problems = new Map<string, string>();
  for (const path of PAGES) {
    const audits: LighthouseAudit[] = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await launchChromium();
      try {
        audits.push(await auditPage(`http://127.0.0.1:${port}${path}`, chrome.port));
      } finally {
        chrome.kill();
      }
    }
    const score = (category: (typeof lighthouseCategories)[number]) => median(audits.map((audit) => audit.scores[category]!));
    const metric = (id: string) => median(audits.map((audit) => audit.metrics![id]!));
    const performance = audits.map((audit) => audit.scores.performance).join(', ');
    rows.push(
      `| ${path} | ${score('performance')} (${performance}) | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ` +
        `${(metric('first-contentful-paint') / 1000).toFixed(1)} s | ${(metric('largest-contentful-paint') / 1000).toFixed(1)} s | ` +
        `${Math.round(metric('total-blocking-time'))} ms | ${metric('cumulative-layout-shift').toFixed(3)} | ${(metric('speed-index') / 1000).toFixed(1)} s |`,
    );
    for (const audit of audits)
      for (const failed of audit.failed) {
        problems.set(
          `${path} ${failed.id}`,
          `${path}: [${failed.category}] ${failed.id} (${failed.score.toFixed(2)}) ${failed.title}${failed.value ? ` — ${failed.value}` : ''}`,
        );
      }
  }
  console.log(`Lighthouse, mobile, median of ${runs} runs (each run's Performance in brackets)\n`);
  console.log('| page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | Speed Index |\n|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (problems.size > 0) console.log(`\nAudits that cost points:\n${[...problems.values()].map((line) => `- ${line}`).join('\n')}`);
} finally {
  server.kill();
}
