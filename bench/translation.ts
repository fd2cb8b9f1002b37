// Benchmark (not a test): the Image Translator, from a one-paragraph image to its translation,
// for each engine available here, against Debian's own command lines in the same run
// (`tesseract` piped into `apertium eng-spa`, and on into `apertium es-fr` for French).
//   - API: POST /api/v1/convert/image-translator (native tesseract on the server, then Apertium).
//   - Page: the Image Translator page in Chromium (WebAssembly OCR in the page's worker, then
//     Apertium through POST /api/v1/translate), timed from the file chosen to the translation shown.
// The browser's on-device translator cannot download its models here, and no LibreTranslate
// server is reachable, so neither is timed. Median of RUNS runs each, after one warm-up.
// Run: npm run bench:translation
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { buildApp } from '@textlift/server';
import { corpusFile } from '../test-support/corpus.ts';
import { median } from './server-process.ts';

const RUNS = 7;

/** fetch, once more if the server had just closed the idle keep-alive connection it reused (ECONNRESET). */
async function post(url: string, body: FormData): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', body });
  } catch {
    return fetch(url, { method: 'POST', body });
  }
}
const work = mkdtempSync(path.join(tmpdir(), 'textlift-translation-bench-'));

const PARAGRAPH = [
  'Free software gives every user the freedom to run, study, share and change the programs they use.',
  'When a program is free, anyone can fix its mistakes, translate it into their own language,',
  'or adapt it to a new purpose, and share the result with others who need the same thing.',
].join(' ');

async function images(origin: string) {
  // The corpus scan's first paragraph (three printed lines), and a paragraph drawn by our Text to Image.
  const scan = await sharp(corpusFile('ocr/pytesseract-test.jpg')).extract({ left: 0, top: 70, width: 640, height: 130 }).jpeg({ quality: 92 }).toBuffer();
  const form = new FormData();
  form.append('text', PARAGRAPH);
  const drawn = Buffer.from(await (await post(`${origin}/api/v1/convert/text-to-image`, form)).arrayBuffer());
  return [
    { name: 'scan paragraph (pytesseract-test.jpg, 640×130)', file: 'scan.jpg', bytes: scan },
    { name: 'drawn paragraph (Text to Image, 800 px)', file: 'drawn.png', bytes: drawn },
  ];
}

async function timeApi(origin: string, bytes: Buffer, file: string, target: string) {
  const form = new FormData();
  form.append('target', target);
  form.append('file', new Blob([new Uint8Array(bytes)]), file);
  const started = performance.now();
  const response = await post(`${origin}/api/v1/convert/image-translator`, form);
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return { ms: performance.now() - started, text, engine: response.headers.get('x-translation-engine') };
}

function timeCli(imagePath: string, target: string) {
  const pipeline = target === 'es' ? 'apertium eng-spa' : 'apertium eng-spa | apertium es-fr';
  const started = performance.now();
  const run = spawnSync('sh', ['-c', `tesseract '${imagePath}' - -l eng 2>/dev/null | ${pipeline}`], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return { ms: performance.now() - started, text: run.stdout };
}

async function main() {
  const app = await buildApp({ port: 0, host: '127.0.0.1', logLevel: 'silent', databaseFile: ':memory:', apiRateLimit: 100_000, office: 'off' });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-component-update'] });
  const rows: string[][] = [];
  try {
    for (const image of await images(origin)) {
      const imagePath = path.join(work, image.file);
      writeFileSync(imagePath, image.bytes);
      for (const target of ['es', 'fr']) {
        const api: number[] = [];
        const cli: number[] = [];
        let sample = '';
        let engine = '';
        for (let run = 0; run <= RUNS; run++) {
          const ours = await timeApi(origin, image.bytes, image.file, target);
          const reference = timeCli(imagePath, target);
          if (run === 0) continue;
          api.push(ours.ms);
          cli.push(reference.ms);
          sample = ours.text;
          engine = ours.engine ?? '';
        }
        rows.push([
          image.name,
          target,
          `API (${engine})`,
          median(api).toFixed(0),
          median(cli).toFixed(0),
          (median(api) / median(cli)).toFixed(2),
          sample.replace(/\s+/g, ' ').slice(0, 70),
        ]);
      }

      // The page: WebAssembly OCR in the worker, then Apertium through /api/v1/translate.
      const page = await browser.newPage();
      await page.addInitScript(() => {
        delete (window as { Translator?: unknown }).Translator;
      });
      await page.goto(`${origin}/image-translator`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await page.getByTestId('target').selectOption('es');
      await page.locator('[data-engine="apertium"]').waitFor();
      const times: number[] = [];
      let shown = '';
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        await page
          .getByTestId('file-input')
          .setInputFiles({ name: `${run}-${image.file}`, mimeType: image.file.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: image.bytes });
        await page.waitForFunction(
          (name) => {
            const area = document.querySelector<HTMLTextAreaElement>('[data-testid="translation-text"]');
            return area?.value && document.querySelector('[data-testid="selected-file"]')?.textContent?.includes(name);
          },
          `${run}-${image.file}`,
          { timeout: 120_000 },
        );
        if (run > 0) times.push(performance.now() - started);
        shown = await page.getByTestId('translation-text').inputValue();
      }
      const reference = median(Array.from({ length: RUNS }, () => timeCli(imagePath, 'es').ms));
      rows.push([
        image.name,
        'es',
        'page (apertium)',
        median(times).toFixed(0),
        reference.toFixed(0),
        (median(times) / reference).toFixed(2),
        shown.replace(/\s+/g, ' ').slice(0, 70),
      ]);
      await page.close();
    }
  } finally {
    await browser.close();
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\nImage Translator, image to translation: median of ${RUNS} runs after a warm-up (ms); reference: tesseract CLI | apertium CLI, same image, same run\n`,
  );
  console.log('| image | target | path (engine) | ours ms | reference ms | ours ÷ reference | translation (start) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

await main();
