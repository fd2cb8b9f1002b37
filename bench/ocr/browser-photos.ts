// The real 12 MP phone photos in headless Chromium: the hero's whole path (the file chosen to
// its text shown: decoding, page preparation, tesseract.js and the later passes, in the page's
// worker, one core) against tesseract.js with its defaults in the same browser, from the same
// files our server serves, and the text of each against the photo's expected text. tesseract.js
// is handed the JPEG as it is, as its defaults take it: it does not turn présent-2 upright by
// its EXIF tag nor any photo level, which is most of its CER; its time is a page's reading all
// the same.
// Run: node bench/ocr/browser-photos.ts  (needs a build: npm run build)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { characterErrorRate } from '../../test-support/cer.ts';
import { realSamples } from '../../test-support/real-sets.ts';
import { median, startServer } from '../server-process.ts';
import { chooseOcrLanguage, heroTimer } from './hero-timer.ts';

const PORT = 4403;
const ROUNDS = 2;
const TESSERACT = '/engines/tesseract-7.0.0';
const photos = realSamples().filter((sample) => sample.set === 'photos');
/**
 * The first reading loads the engine and its French data, and is not counted. It is of the last
 * photo: the hero keeps its last reading of a picture, so the first photo read twice in a row
 * would be counted at no time.
 */
const plan = [photos.at(-1)!, ...Array.from({ length: ROUNDS }, () => photos).flat()];

/** Seconds from the file input's change to the drop zone no longer busy, timed in the page. */
async function heroTimes(page: Page, { firstModelOnly = false } = {}): Promise<{ seconds: number[]; cer: number[] }> {
  // The per-word choice's second models refused: what the choice costs and gives.
  if (firstModelOnly) await page.route(/\/engines\/tessdata-fast-/, (route) => route.abort());
  await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
  await chooseOcrLanguage(page, 'fra');
  const timer = await heroTimer(page, 150_000);
  const seconds: number[] = [];
  const cer: number[] = [];
  for (const [i, sample] of plan.entries()) {
    const took = await timer.readFile(sample.file);
    if (i === 0) continue;
    seconds.push(took);
    cer.push(characterErrorRate(await page.getByTestId('result-text').inputValue(), sample.expected));
  }
  return { seconds, cer };
}

/** tesseract.js with its defaults (automatic layout, no preparation) on a blank page of ours. */
async function tesseractJsTimes(page: Page): Promise<{ seconds: number[]; cer: number[] }> {
  const blank = `http://127.0.0.1:${PORT}/bench-blank.html`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.route(`http://127.0.0.1:${PORT}/bench-tesseract.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: readFileSync(path.resolve('node_modules/tesseract.js/dist/tesseract.min.js')) }),
  );
  await page.goto(blank);
  await page.addScriptTag({ url: '/bench-tesseract.js' });
  await page.evaluate(async (base) => {
    const { Tesseract } = window as unknown as { Tesseract: { createWorker(...args: unknown[]): Promise<unknown> } };
    Object.assign(window, {
      reader: await Tesseract.createWorker('fra', 1, {
        workerPath: `${base}/worker.min.js`,
        corePath: `${base}/tesseract-core-relaxedsimd-lstm.js`,
        langPath: `${base}/lang`,
        workerBlobURL: false,
      }),
    });
  }, TESSERACT);
  const seconds: number[] = [];
  const cer: number[] = [];
  for (const [i, sample] of plan.entries()) {
    const { ms, text } = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const reader = (window as unknown as { reader: { recognize(image: Blob): Promise<{ data: { text: string } }> } }).reader;
      const started = performance.now();
      const { data } = await reader.recognize(new Blob([bytes], { type: 'image/jpeg' }));
      return { ms: performance.now() - started, text: data.text };
    }, readFileSync(sample.file).toString('base64'));
    if (i === 0) continue;
    seconds.push(ms / 1000);
    cer.push(characterErrorRate(text, sample.expected));
  }
  return { seconds, cer };
}

const server = await startServer(PORT, { TEXTLIFT_OCR_ENGINE: 'native' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const ours = await heroTimes(await (await browser.newContext()).newPage());
  const firstOnly = await heroTimes(await (await browser.newContext()).newPage(), { firstModelOnly: true });
  const reference = await tesseractJsTimes(await (await browser.newContext()).newPage());
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(`\nReal phone photos (${photos.length}, 12 MP) in Chromium, ${ROUNDS} rounds after a first photo that loads the engine`);
  console.log('| reader | median s/photo | mean CER | × tesseract.js |\n|---|---|---|---|');
  for (const [name, figures] of [
    ['TextLift hero (whole path)', ours],
    ['TextLift hero, no second model', firstOnly],
    ['tesseract.js, defaults', reference],
  ] as const) {
    console.log(
      `| ${name} | ${median(figures.seconds).toFixed(2)} | ${(mean(figures.cer) * 100).toFixed(2)}% | ` +
        `${(median(figures.seconds) / median(reference.seconds)).toFixed(2)} |`,
    );
  }
} finally {
  await browser.close();
  server.kill();
}
