// Phone photos of every size on the hero, in headless Chromium: seconds from the file chosen to
// its text shown, and the tab's peak memory (VmHWM, the resident high-water mark, of the
// renderer processes Chromium names over CDP: the page and its conversion worker). Each photo
// gets a fresh browser, so one photo's peak is not another's. The photos are drawn here (two
// lines of text on paper colour, sharp's SVG → JPEG); a HEIC is made by Debian's heif-enc
// where it is installed (libheif-examples). Prints one row per photo.
// Run: node bench/large-photos.ts  (needs a build: npm run build)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { photoOfText } from '../test-support/images.ts';
import { startServer } from './server-process.ts';
import { letterWords as words } from '../test-support/word-share.ts';

const PORT = 4406;
const CACHE = '.bench-cache/large-photos';
const LINES = ['Large photos from new phones', 'are scaled down before reading'];

interface Photo {
  label: string;
  name: string;
  type: string;
  make(): Promise<Buffer>;
}

const jpeg = (width: number, height: number): Photo => ({
  label: `JPEG ${width}×${height} (${Math.round((width * height) / 1e6)} MP)`,
  name: `photo-${width}x${height}.jpg`,
  type: 'image/jpeg',
  make: () => photoOfText(width, height, LINES),
});

const heic = (width: number, height: number): Photo => ({
  label: `HEIC ${width}×${height} (${Math.round((width * height) / 1e6)} MP)`,
  name: `photo-${width}x${height}.heic`,
  type: 'image/heic',
  async make() {
    const png = `${CACHE}/photo-${width}x${height}.png`;
    writeFileSync(
      png,
      await (await import('sharp'))
        .default(await photoOfText(width, height, LINES))
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
    const out = `${CACHE}/photo-${width}x${height}.heic`;
    execFileSync('heif-enc', ['-q', '50', '-o', out, png], { stdio: 'ignore' });
    return readFileSync(out);
  },
});

const photos: Photo[] = [jpeg(4000, 3000), jpeg(8000, 6000), jpeg(16320, 12240)];
if (existsSync('/usr/bin/heif-enc')) photos.push(heic(4032, 3024), heic(8064, 6048));

async function cached(photo: Photo): Promise<Buffer> {
  mkdirSync(CACHE, { recursive: true });
  const file = `${CACHE}/${photo.name}`;
  if (!existsSync(file)) writeFileSync(file, await photo.make());
  return readFileSync(file);
}

/** The renderers' peak resident memory in MB, from /proc. */
function peakMegabytes(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
    } catch {
      return sum;
    }
  }, 0);
}

async function read(photo: Photo, bytes: Buffer) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
    const cdp = await browser.newBrowserCDPSession();
    const renderers = async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
      return processInfo.filter((process) => process.type === 'renderer').map((process) => process.id);
    };
    const before = peakMegabytes(await renderers());
    const started = performance.now();
    await page.getByTestId('file-input').first().setInputFiles({ name: photo.name, mimeType: photo.type, buffer: bytes });
    const outcome = await Promise.race([
      page
        .getByTestId('result-text')
        .waitFor({ timeout: 300_000 })
        .then(() => 'text'),
      page
        .getByTestId('result-error')
        .waitFor({ timeout: 300_000 })
        .then(() => 'error'),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const pids = await renderers();
    const text = outcome === 'text' ? await page.getByTestId('result-text').inputValue() : await page.getByTestId('result-error').innerText();
    const right = outcome === 'text' && words(text).join(' ') === words(LINES.join(' ')).join(' ');
    return { seconds, before, peak: peakMegabytes(pids), outcome: right ? 'text right' : `${outcome}: ${text.slice(0, 60)}` };
  } finally {
    await browser.close();
  }
}

const server = await startServer(PORT);
try {
  console.log('| photo | file MB | seconds, chosen to text shown | tab peak MB (page loaded) | tab peak MB (after) | result |');
  console.log('|---|---|---|---|---|---|');
  for (const photo of photos) {
    const bytes = await cached(photo);
    const row = await read(photo, bytes);
    console.log(
      `| ${photo.label} | ${(bytes.length / 1048576).toFixed(1)} | ${row.seconds.toFixed(1)} | ${Math.round(row.before)} | ` +
        `${Math.round(row.peak)} | ${row.outcome} |`,
    );
  }
} finally {
  server.kill();
}
