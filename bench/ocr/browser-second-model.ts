// Issue 34, point 2 in the browser (not a test): what the second model (Debian's fast, served
// beside best_int, engine-assets.ts) brings and costs in headless Chromium. A few documents of
// ../shared/corpus/ocr-docs go through the hero's whole path (the file chosen to its text shown)
// in two fresh browser contexts: one as a visitor gets it, one where the second model's folder
// is refused (the page then reads with best_int alone, as a build without Debian's models does).
// Prints order-free word F1 against .expected.txt and seconds per page, each way, and the first
// visit's cost of the second model: its bytes and the seconds of its fetch, and the first page's
// time each way (engine loading included, the first row). Then every language's model as it is sent.
// Run: node bench/ocr/browser-second-model.ts [--docs table_04,slide_01]  (needs a build: npm run build)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { wordScores } from '../../test-support/cer.ts';
import { corpusDir } from '../../test-support/corpus.ts';
import { median, startServer } from '../server-process.ts';
import { heroTimer } from './hero-timer.ts';
import { listFlag, mean, percent } from './readers.ts';

const PORT = 4405;
const SECOND_MODELS = /\/engines\/tessdata-fast-[0-9a-f]+\//;
const names = listFlag(process.argv.slice(2), 'docs') ?? ['slide_01', 'table_04', 'form_01', 'multicol_03', 'table_10'];
const documents = names.map((name) => {
  const file = readdirSync(path.join(corpusDir, 'ocr-docs')).find((entry) => entry.startsWith(`${name}.`) && !entry.includes('.expected'))!;
  return { name, file: path.join(corpusDir, 'ocr-docs', file), expected: readFileSync(path.join(corpusDir, 'ocr-docs', `${name}.expected.txt`), 'utf8') };
});

interface Fetch {
  url: string;
  bytes: number;
  seconds: number;
}

/** The hero's reading of each document, timed in the page from the file chosen to the zone no longer busy. */
async function readAll(context: BrowserContext, refuseSecond: boolean) {
  const page: Page = await context.newPage();
  const fetches: Fetch[] = [];
  if (refuseSecond) await page.route(SECOND_MODELS, (route) => route.abort());
  page.on('requestfinished', async (request) => {
    if (!SECOND_MODELS.test(request.url())) return;
    const timing = request.timing();
    fetches.push({ url: request.url(), bytes: (await request.sizes()).responseBodySize, seconds: (timing.responseEnd - timing.requestStart) / 1000 });
  });
  await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
  const timer = await heroTimer(page, 300_000);
  // The first page loads the engine (and, where allowed, the second model). Not read again:
  // the hero keeps its last reading of a picture, so a page read twice in a row takes no time.
  const plan = documents;
  const rows: Array<{ name: string; f1: number; seconds: number }> = [];
  for (const [i, document] of plan.entries()) {
    const seconds = await timer.readFile(document.file);
    const text = await page
      .getByTestId('result-text')
      .inputValue()
      .catch(() => '');
    rows.push({ name: i === 0 ? `${document.name} (first visit)` : document.name, f1: wordScores(text, document.expected).f1, seconds });
  }
  await page.close();
  return { rows, fetches };
}

const server = await startServer(PORT, { TEXTLIFT_OCR_ENGINE: 'native' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const withSecond = await readAll(await browser.newContext(), false);
  const without = await readAll(await browser.newContext(), true);
  console.log(`\nocr-docs in Chromium through the hero (English), best_int alone vs with Debian's fast model and the per-word choice\n`);
  console.log('| document | F1 best_int | F1 with fast | s best_int | s with fast |\n|---|---|---|---|---|');
  for (const [i, row] of withSecond.rows.entries()) {
    const other = without.rows[i]!;
    console.log(`| ${row.name} | ${percent(other.f1)} | ${percent(row.f1)} | ${other.seconds.toFixed(1)} | ${row.seconds.toFixed(1)} |`);
  }
  const later = (rows: typeof withSecond.rows) => rows;
  console.log(
    `| **mean** | ${percent(mean(later(without.rows).map((r) => r.f1)))} | ${percent(mean(later(withSecond.rows).map((r) => r.f1)))} | ` +
      `median ${median(later(without.rows).map((r) => r.seconds)).toFixed(1)} | median ${median(later(withSecond.rows).map((r) => r.seconds)).toFixed(1)} |`,
  );
  const fetched = withSecond.fetches.map((f) => `${path.basename(f.url)} ${(f.bytes / 1e6).toFixed(2)} MB in ${f.seconds.toFixed(2)} s`);
  console.log(`\nsecond model fetched on the first visit: ${fetched.join(', ') || 'none'}; later pages: from IndexedDB`);
  const folder = readdirSync('packages/web/dist/engines').find((entry) => entry.startsWith('tessdata-fast-'));
  if (folder) {
    const files = readdirSync(path.join('packages/web/dist/engines', folder)).sort();
    const sizes = files.map(
      (file) => `${file.replace('.traineddata.gz', '')} ${(statSync(path.join('packages/web/dist/engines', folder, file)).size / 1e6).toFixed(2)} MB`,
    );
    console.log(`\nsecond models served (${folder}, gzipped): ${sizes.join(', ')}`);
  }
} finally {
  await browser.close();
  server.kill();
}
