// Benchmark (not a test): what a first visit to a home page costs, by kind of file, on the
// wire (brotli, as Chromium asks for it) and as gzip. Run: npm run bench:pages (after a build)
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { gzipSizeOfAsset, startServer } from './server-process.ts';

const PORT = 4403;
const PAGES = ['/', '/de', '/about-us'];
const distDir = path.resolve('packages/web/dist');

const server = await startServer(PORT);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  console.log('| page | HTML gzip | JS gzip | CSS gzip | fonts | total gzip | total on the wire |\n|---|---|---|---|---|---|---|');
  for (const pagePath of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const rows: Array<{ type: string; wire: number; gzip: number }> = [];
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      const wire = (await request.sizes()).responseBodySize;
      const type = request.resourceType();
      const gzip =
        type === 'document' ? gzipSync(await response!.body(), { level: 9 }).length : type === 'font' ? wire : gzipSizeOfAsset(distDir, request.url());
      rows.push({ type, wire, gzip });
    });
    await page.goto(`http://127.0.0.1:${PORT}${pagePath}`, { waitUntil: 'networkidle' });
    const sum = (type: string) => rows.filter((row) => row.type === type).reduce((total, row) => total + row.gzip, 0);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const total = rows.reduce((sumGzip, row) => sumGzip + row.gzip, 0);
    const wire = rows.reduce((sumWire, row) => sumWire + row.wire, 0);
    console.log(
      `| ${pagePath} | ${kib(sum('document'))} | ${kib(sum('script'))} | ${kib(sum('stylesheet'))} | ${kib(sum('font'))} | ${kib(total)} | ${kib(wire)} |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
