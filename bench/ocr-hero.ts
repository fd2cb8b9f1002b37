// Benchmark of the hero's path (not a test): bytes the home page and the OCR engine cost, and
// the time from choosing a clean page to its text, in headless Chromium and through the API
// with native tesseract and with tesseract.js, against the tesseract CLI in the same run.
// Run: npm run bench:ocr  (needs a build: npm run build)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { characterErrorRate } from '../test-support/cer.ts';
import { corpusExpected, corpusFile, corpusDir } from '../test-support/corpus.ts';
import { gzipSizeOfAsset, median, startServer } from './server-process.ts';

const RUNS = 5;
const PAGE = 'ocr/pytesseract-test.jpg';
const distDir = path.resolve('packages/web/dist');

async function apiTimes(port: number): Promise<{ ms: number[]; cer: number }> {
  const bytes = corpusFile(PAGE);
  const ms: number[] = [];
  let text = '';
  for (let i = 0; i < RUNS + 1; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'page.jpg');
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/convert/image-to-text`, { method: 'POST', body: form });
    text = await response.text();
    if (!response.ok) throw new Error(text);
    if (i > 0) ms.push(performance.now() - started); // the first request warms the engine
  }
  return { ms, cer: characterErrorRate(text, corpusExpected(PAGE)) };
}

function cliTimes(): number[] {
  const tessdata = path.resolve('.data/tessdata');
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = spawnSync('tesseract', [path.join(corpusDir, PAGE), 'stdout', '--tessdata-dir', tessdata, '-l', 'eng', '--oem', '1'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    if (result.status !== 0) throw new Error(String(result.stderr));
    ms.push(performance.now() - started);
  }
  return ms;
}

/** Bytes on the wire (as the browser received them, brotli here) for the matching requests. */
function trackBytes(page: Page) {
  const sizes: Array<{ url: string; type: string; bytes: number }> = [];
  page.on('requestfinished', async (request) => {
    const info = await request.sizes();
    sizes.push({ url: request.url(), type: request.resourceType(), bytes: info.responseBodySize });
  });
  return sizes;
}

async function browserFigures(port: number) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const base = `http://127.0.0.1:${port}`;
  const cold: number[] = [];
  const warm: number[] = [];
  let initialJsGzip = 0;
  let initialJsWire = 0;
  let ocrBytes = 0;
  let text = '';
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext(); // a fresh profile: nothing cached
    const page = await context.newPage();
    const sizes = trackBytes(page);
    await page.goto(base, { waitUntil: 'networkidle' });
    const initial = sizes.splice(0).filter((entry) => entry.type === 'script');
    initialJsWire = initial.reduce((sum, entry) => sum + entry.bytes, 0);
    initialJsGzip = initial.reduce((sum, entry) => sum + gzipSizeOfAsset(distDir, entry.url), 0);
    // Every context measures a first use; the first one then repeats the page RUNS times, as a
    // visitor converting one image after another does (V8 tiers the WASM up as it runs).
    const plan = i === 0 ? [cold, ...Array<number[]>(RUNS).fill(warm)] : [cold];
    for (const times of plan) {
      const started = performance.now();
      await page.getByTestId('file-input').setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: corpusFile(PAGE) });
      // The previous result leaves while the new one is worked on.
      if (times === warm) await page.getByRole('progressbar').waitFor();
      await page.getByTestId('result-text').waitFor({ timeout: 120_000 });
      times.push(performance.now() - started);
      text = await page.getByTestId('result-text').inputValue();
      if (times === cold) {
        await page.waitForLoadState('networkidle');
        ocrBytes = sizes
          .splice(0)
          .filter((entry) => !entry.url.startsWith('blob:'))
          .reduce((sum, entry) => sum + entry.bytes, 0);
      }
    }
    await context.close();
  }
  await browser.close();
  return { cold, warm, initialJsGzip, initialJsWire, ocrBytes, cer: characterErrorRate(text, corpusExpected(PAGE)) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

readFileSync(path.join(distDir, 'index.html')); // fails early without a build
const native = await startServer(4401, { TEXTLIFT_OCR_ENGINE: 'native' });
const wasm = await startServer(4402, { TEXTLIFT_OCR_ENGINE: 'wasm' });
try {
  const browser = await browserFigures(4401);
  const apiNative = await apiTimes(4401);
  const apiWasm = await apiTimes(4402);
  const cli = median(cliTimes());
  const rows: Array<[string, string, string, string]> = [
    ['Chromium, first use (engine download + OCR)', s(median(browser.cold)), (median(browser.cold) / cli).toFixed(2), `${(browser.cer * 100).toFixed(2)}%`],
    [`Chromium, next ${RUNS} images`, s(median(browser.warm)), (median(browser.warm) / cli).toFixed(2), `${(browser.cer * 100).toFixed(2)}%`],
    ['API, native tesseract', s(median(apiNative.ms)), (median(apiNative.ms) / cli).toFixed(2), `${(apiNative.cer * 100).toFixed(2)}%`],
    ['API, tesseract.js', s(median(apiWasm.ms)), (median(apiWasm.ms) / cli).toFixed(2), `${(apiWasm.cer * 100).toFixed(2)}%`],
    ['tesseract CLI (reference)', s(cli), '1.00', ''],
  ];
  console.log(`\nOCR of ${PAGE} (640×480 clean page), median of ${RUNS}`);
  console.log('| path | median | × CLI | CER |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('\n| bytes | value |\n|---|---|');
  console.log(`| home page initial JS, gzip | ${kb(browser.initialJsGzip)} |`);
  console.log(`| home page initial JS, on the wire (brotli) | ${kb(browser.initialJsWire)} |`);
  console.log(`| downloaded on first OCR (worker, core, model; on the wire) | ${kb(browser.ocrBytes)} |`);
} finally {
  native.kill();
  wasm.kill();
}
