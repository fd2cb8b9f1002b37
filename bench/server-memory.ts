// Measurement (issue 35): the server's resident memory (its process tree, from /proc) before a
// burst, at its peak, and after 60 s idle. The burst: ten 50 MB PDFs to PDF to Text (one page of
// text and 50 MB nothing reads), then OCR (a photo, a 2-page scan) and Word (PDF to Word, JPG to
// Word) jobs, two clients at a time. Run: node bench/server-memory.ts [--idle 60]
// Env for the server passes through (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ as npm start sets them).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusFile } from '../test-support/corpus.ts';
import { freePort } from '../packages/server/src/free-port.ts';
import { childrenOf, form, healthyWithin, paddedPdf, scannedPdf, serverProcessEnv, sleep, treeRssMb } from '../packages/server/src/hostile/fixtures.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const idleIndex = process.argv.indexOf('--idle');
const idleS = idleIndex > 0 ? Number(process.argv[idleIndex + 1]) : 60;
const port = await freePort();
const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
  cwd: root,
  env: serverProcessEnv(port, { TEXTLIFT_API_RATE_LIMIT: '100000', TEXTLIFT_OFFICE_WARM_UP: '0' }),
  stdio: ['ignore', 'inherit', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;
try {
  if (!(await healthyWithin(origin, 60_000))) throw new Error('no server');
  const rss = () => Math.round(treeRssMb(child.pid!));
  await sleep(3000);
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 200);
  const big = await paddedPdf(50 * 1024 * 1024 - 4096);
  const photo = corpusFile('ocr/pytesseract-test.jpg');
  const scan = await scannedPdf(2);
  const trace = corpusFile('pdf/tracemonkey.pdf');
  const jobs: Array<[string, () => FormData]> = [
    ...Array.from({ length: 10 }, (): [string, () => FormData] => ['pdf-to-text', () => form(big, 'big.pdf')]),
    ['image-to-text', () => form(photo, 'a.jpg')],
    ['pdf-to-text', () => form(scan, 'scan.pdf')],
    ['jpg-to-word', () => form(photo, 'a.jpg')],
    ['pdf-to-word', () => form(trace, 'a.pdf')],
    ['pdf-to-word', () => form(scan, 'scan.pdf')],
  ];
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < jobs.length) {
        const [slug, body] = jobs[next++]!;
        const response = await fetch(`${origin}/api/v1/convert/${slug}`, { method: 'POST', body: body() });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }),
  );
  clearInterval(sampler);
  const afterBurst = rss();
  const idle: string[] = [];
  for (let s = 10; s <= idleS; s += 10) {
    await sleep(10_000);
    idle.push(`${s} s ${rss()}`);
  }
  const after = rss();
  // Where the memory stays: the server's own process and each process under it.
  const processRss = (pid: number) => Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  const held = [`server ${processRss(child.pid!)} MB`, ...childrenOf(child.pid!).map((process) => `${process.name} ${processRss(process.pid)} MB`)];
  console.log(`statuses: ${statuses.join(' ')}`);
  console.log(`held after idle: ${held.join(', ')}`);
  console.log(`idle (MB): ${idle.join(', ')}`);
  console.log(
    `RSS of the server's process tree: before ${before} MB, peak ${peak} MB, right after the burst ${afterBurst} MB, ` +
      `after ${idleS} s idle ${after} MB (${after - before >= 0 ? '+' : ''}${after - before} MB; goal: within 150 MB)`,
  );
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
