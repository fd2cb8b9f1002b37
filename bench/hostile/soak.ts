// Measurement (not a test): resident memory of the server's process tree (the server and its
// tesseract children, from /proc) at start, during and after 60 s of mixed load, and while idle
// for 30 s after. Run: node bench/hostile/soak.ts [path/to/main.ts]
// Env: SOAK_LOAD_S (60), SOAK_IDLE_S (30), SOAK_CLIENTS (4); anything else goes to the server
// (MALLOC_ARENA_MAX=2 to compare glibc arenas).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusFile } from '../../test-support/corpus.ts';
import { freePort } from '../../packages/server/src/free-port.ts';
import { form, healthyWithin, scannedPdf, serverProcessEnv, sleep, treeRssMb } from '../../packages/server/src/hostile/fixtures.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = process.argv[2] ?? 'packages/server/src/main.ts';
const loadS = Number(process.env.SOAK_LOAD_S ?? 60);
const idleS = Number(process.env.SOAK_IDLE_S ?? 30);
const clients = Number(process.env.SOAK_CLIENTS ?? 4);

const port = await freePort();

const child = spawn(process.execPath, [main], {
  cwd: root,
  env: serverProcessEnv(port, { TEXTLIFT_DATA_DIR: `${root}.data`, TEXTLIFT_API_RATE_LIMIT: '100000', TEXTLIFT_CONCURRENCY: '2' }),
  stdio: ['ignore', 'inherit', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;
if (!(await healthyWithin(origin, 30_000))) throw new Error('no server');
const threads = () => Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
const rss = () => Math.round(treeRssMb(child.pid!));
await sleep(2000);
const atStart = rss();
console.log(`start: ${atStart} MB, ${threads()} threads`);

const jpg = corpusFile('ocr/pytesseract-test.jpg');
const trace = corpusFile('pdf/tracemonkey.pdf');
const scanned = await scannedPdf(2);
const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4000);
const mix: Array<[string, () => FormData]> = [
  ['image-to-text', () => form(jpg, 'a.jpg')],
  ['pdf-to-text', () => form(trace, 'a.pdf')],
  ['pdf-to-text', () => form(scanned, 'scan.pdf')],
  ['pdf-to-word', () => form(trace, 'a.pdf')],
  ['pdf-to-jpg', () => form(trace, 'a.pdf', { dpi: '150' })],
  ['jpg-to-word', () => form(jpg, 'a.jpg')],
  [
    'text-to-pdf',
    () => {
      const f = new FormData();
      f.append('text', text);
      return f;
    },
  ],
  [
    'merge-pdf',
    () => {
      const f = form(trace, 'a.pdf');
      f.append('file', new Blob([trace as Uint8Array<ArrayBuffer>]), 'b.pdf');
      return f;
    },
  ],
];
let done = 0;
let failed = 0;
let peak = atStart;
const loadStarted = performance.now();
const end = loadStarted + loadS * 1000;
// SOAK_JOBS: a fixed number of jobs per client instead of a time, to compare throughput.
const perClient = Number(process.env.SOAK_JOBS ?? Infinity);
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 250);
await Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    for (let i = client; Number.isFinite(perClient) ? i - client < perClient : performance.now() < end; i++) {
      const [slug, body] = mix[i % mix.length]!;
      const response = await fetch(`${origin}/api/v1/convert/${slug}`, { method: 'POST', body: body() }).catch(() => undefined);
      if (response?.ok) done++;
      else failed++;
      await response?.arrayBuffer().catch(() => {});
    }
  }),
);
clearInterval(sampler);
const afterLoad = rss();
const loadMs = Math.round(performance.now() - loadStarted);
console.log(
  `after ${loadMs} ms of load (${clients} clients, ${done} jobs ok, ${failed} failed, ${(done / (loadMs / 60_000)).toFixed(1)} jobs/min): ` +
    `${afterLoad} MB (peak ${peak} MB), ${threads()} threads`,
);
const idle: string[] = [];
for (let s = 5; s <= idleS; s += 5) {
  await sleep(5000);
  idle.push(`${s} s: ${rss()} MB/${threads()} thr`);
}
console.log(`idle: ${idle.join(', ')}`);
const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
const memory = ['VmRSS', 'RssAnon', 'RssFile', 'VmHWM'].map((key) => new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[0].replace(/\s+/, ' '));
console.log(`server process: ${memory.join(', ')} kB`);
console.log(
  `SUMMARY ${main} MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '-'} MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? '-'}: ` +
    `${done} jobs in ${loadMs} ms; start ${atStart} MB, peak ${peak} MB, after load ${afterLoad} MB, after ${idleS} s idle ${rss()} MB`,
);
child.kill('SIGTERM');
await once(child, 'exit');
