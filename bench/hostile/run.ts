// Benchmark (not a test): hostile requests against a real TextLift server, one attack at a time,
// each on a fresh server of the checkout under test (a child process on a free 127.0.0.1 port,
// API rate limit lifted so it does not hide the attacks). For each attack: the peak resident
// memory of the server's process tree, how fast the attacking requests were answered and with
// what, whether a legitimate request (GET /healthz and a small PDF to Text) was still served
// during it, and the server's open file descriptors at the end.
//
// Run: node bench/hostile/run.ts [--root DIR] [--only 1,2,3a] [--rss-cap-mb 12000] [--out FILE]
//   --root       checkout whose server is started (default: this one); it must be built
//   --corpus     the shared corpus (default: ../shared/corpus beside this checkout)
//   --only       attacks to run, by id (1 2 3a 3b 4 5 6 7 8 9)
//   --rss-cap-mb the server's tree is killed past this much RSS, so the machine never runs out
//   --out        also write the report (markdown) to this file
// Every attack is bounded (about a minute at most; the sustained load 90 s); the whole run takes
// about 7 minutes. Inputs are generated once into $TMPDIR/textlift-hostile-inputs-v1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import net from 'node:net';
import { convert, hasErrorShape, multipart, pdfPart, request, type Answer, type FilePart } from './http.ts';
import { hugeImagePdf, randomPdf, textPdf, wideMediaBoxPdf, CACHE_DIR } from './inputs.ts';
import { descendantsByStat, fdCount, mb, RssSampler, treeRss, zombiesUnder } from './proc.ts';
import { startServer, type Server } from './server.ts';

const here = import.meta.dirname;
const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(here, '../..') },
    corpus: { type: 'string' },
    only: { type: 'string' },
    'rss-cap-mb': { type: 'string', default: '12000' },
    out: { type: 'string' },
  },
});
const root = path.resolve(args.root!);
const corpus = path.resolve(args.corpus ?? path.resolve(here, '../../../shared/corpus'));
const rssCap = Number(args['rss-cap-mb']) * 1024 * 1024;
const only = args.only ? new Set(args.only.split(',').map((id) => id.trim())) : undefined;
const work = mkdtempSync(path.join(os.tmpdir(), 'textlift-hostile-'));
const logFile = path.join(work, 'server.log');

/** Every server of the run: the rate limits lifted, contact messages in a throwaway database. */
const baseEnv: Record<string, string> = {
  LOG_LEVEL: 'warn',
  TEXTLIFT_API_RATE_LIMIT: '1000000',
  TEXTLIFT_CONTACT_RATE_LIMIT: '1000000',
  TEXTLIFT_DATABASE: path.join(work, 'contact.sqlite'),
  TEXTLIFT_SKIP_SYSTEM_DEPS: '1',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => process.stderr.write(`[hostile ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---- the small legitimate inputs ----
const animalSounds = pdfPart(new Uint8Array(readFileSync(path.join(corpus, 'tables/AnimalSounds.pdf'))), 'AnimalSounds.pdf');
const smallLine: FilePart = {
  name: 'file',
  filename: 'line.png',
  type: 'image/png',
  bytes: new Uint8Array(readFileSync(path.join(corpus, 'ocr/uw3-line-010001.png'))),
};

interface Legit {
  healthz: string;
  convert: string;
}

/** GET /healthz and a small PDF to Text at once: "yes 12 ms", or "no (503, 4 ms)". */
async function legit(port: number, timeoutMs = 20_000): Promise<Legit> {
  const verdict = (answer: Answer) =>
    typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300
      ? `yes ${seconds(answer.ms)}`
      : `no (${answer.status === 'timeout' ? `no answer in ${seconds(timeoutMs)}` : `${answer.status}, ${seconds(answer.ms)}`})`;
  const [health, pdf] = await Promise.all([request(port, '/healthz', { timeoutMs }), convert(port, 'pdf-to-text', animalSounds, {}, { timeoutMs })]);
  return { healthz: verdict(health), convert: verdict(pdf) };
}

/** "503×17, 200×1" */
function statusCounts(answers: { status: number | string }[]): string {
  const counts = new Map<string, number>();
  for (const { status } of answers) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => (count > 1 ? `${status}×${count}` : status)).join(', ') || '—';
}

/** "first 1.2 s / median 3.4 s" over the answered requests, or "—". */
function answerTimes(answers: Answer[]): string {
  const times = answers.filter((a) => typeof a.status === 'number').map((a) => a.ms);
  if (times.length === 0) return '—';
  if (times.length === 1) return seconds(times[0]!);
  return `first ${seconds(Math.min(...times))} / median ${seconds(median(times))}`;
}

interface Outcome {
  answer?: string;
  statuses?: string;
  legit?: Legit;
  notes?: string[];
}

interface Row {
  id: string;
  attack: string;
  rssStart: string;
  rssPeak: string;
  answer: string;
  statuses: string;
  healthz: string;
  convert: string;
  fds: string;
  notes: string;
}

interface Context {
  server: Server;
  /** The attack's RSS sampler (peak so far, last sample). */
  sampler: RssSampler;
  port: number;
  pid: number;
  notes: string[];
}

interface Attack {
  id: string;
  title: string;
  env?: Record<string, string>;
  /** The attack's own bound; it is cut 30 s past it whatever happens. */
  boundMs: number;
  run: (context: Context) => Promise<Outcome>;
}

const rows: Row[] = [];
const details: string[] = [];
let current: Server | undefined;

async function runAttack(attack: Attack): Promise<void> {
  log(`attack ${attack.id}: ${attack.title}`);
  const started = performance.now();
  const notes: string[] = [];
  const row: Row = {
    id: attack.id,
    attack: attack.title,
    rssStart: '—',
    rssPeak: '—',
    answer: '—',
    statuses: '—',
    healthz: '—',
    convert: '—',
    fds: '—',
    notes: '',
  };
  let server: Server;
  try {
    server = await startServer(root, { ...baseEnv, ...attack.env }, logFile);
  } catch (error) {
    row.notes = `server did not start: ${error instanceof Error ? error.message : String(error)}`;
    rows.push(row);
    return;
  }
  current = server;
  await sleep(1000);
  const rssStart = treeRss(server.pid);
  const fdsStart = fdCount(server.pid);
  const sampler = new RssSampler(server.pid, rssCap, (bytes) => {
    notes.push(`**killed by the benchmark at ${mb(bytes)} MB** (cap ${mb(rssCap)} MB)`);
    log(`  RSS ${mb(bytes)} MB past the cap: killing the server`);
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {}
  });
  let outcome: Outcome = {};
  try {
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => {
        notes.push('attack cut at its hard bound');
        resolve({});
      }, attack.boundMs + 30_000);
    });
    outcome = await Promise.race([attack.run({ server, sampler, port: server.port, pid: server.pid, notes }), cut]).finally(() => clearTimeout(timer));
  } catch (error) {
    notes.push(`benchmark error: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fdsEnd = fdCount(server.pid);
  const peak = sampler.stop();
  const exit = server.exited();
  if (exit && !sampler.capped) notes.push(`**server ${exit}**`);
  await server.stop();
  current = undefined;
  Object.assign(row, {
    rssStart: String(mb(rssStart)),
    rssPeak: String(mb(peak)),
    answer: outcome.answer ?? '—',
    statuses: outcome.statuses ?? '—',
    healthz: outcome.legit?.healthz ?? '—',
    convert: outcome.legit?.convert ?? '—',
    fds: Number.isNaN(fdsEnd) ? `— (gone; ${fdsStart} at start)` : `${fdsEnd} (${fdsStart} at start)`,
    notes: [...new Set([...(outcome.notes ?? []), ...notes])].join('; '),
  });
  rows.push(row);
  log(`  done in ${seconds(performance.now() - started)}: peak ${row.rssPeak} MB, ${row.statuses}; ${row.notes}`);
}

/** Runs `legit` `afterMs` into an attack, alongside it. */
const legitAfter = (port: number, afterMs: number, timeoutMs = 20_000) => sleep(afterMs).then(() => legit(port, timeoutMs));

const health = async (port: number) => {
  const answer = await request(port, '/healthz', { timeoutMs: 5000 });
  try {
    return (JSON.parse(answer.body) as { jobs: { running: number; waiting: number } }).jobs;
  } catch {
    return undefined;
  }
};

// ---- the attacks ----

const attacks: Attack[] = [
  {
    id: '1',
    title: '18 × 2000-page PDF to pdf-to-word, each client gone right after its upload',
    boundMs: 60_000,
    async run({ port, notes }) {
      const pdf = pdfPart(await textPdf(2000), 'report-2000.pdf');
      const uploads = await Promise.all(Array.from({ length: 18 }, () => convert(port, 'pdf-to-word', pdf, {}, { abortAfterUpload: true, timeoutMs: 30_000 })));
      const hungUp = performance.now();
      // The server still reads the uploads after their clients are gone: wait until it has
      // queued them all (or 15 s), then ask as a legitimate client would.
      let jobs: { running: number; waiting: number } | undefined;
      let most = 0;
      while (performance.now() - hungUp < 15_000) {
        jobs = await health(port);
        most = Math.max(most, jobs ? jobs.running + jobs.waiting : 0);
        if (most >= 18) break;
        await sleep(250);
      }
      if (jobs) notes.push(`queue ${seconds(performance.now() - hungUp)} after the hang-ups: ${jobs.running} running, ${jobs.waiting} waiting`);
      const during = await legit(port, 10_000);
      // Probes: a small PDF to Text every second until one is served (or 45 s after the hang-ups).
      const probes: { at: number; answer: Answer }[] = [];
      while (performance.now() - hungUp < 45_000) {
        const answer = await convert(port, 'pdf-to-text', animalSounds, {}, { timeoutMs: 10_000 });
        probes.push({ at: performance.now() - hungUp, answer });
        if (answer.status === 200) break;
        await sleep(1000);
      }
      const busy = probes.filter((p) => p.answer.status === 503);
      const served = probes.find((p) => p.answer.status === 200);
      const stillBusy = probes.at(-1)?.answer.status === 503;
      notes.push(
        busy.length === 0
          ? 'no probe was refused with 503'
          : `new requests 503 from ${seconds(busy[0]!.at)} to ${seconds(busy.at(-1)!.at)} ` +
              `after the hang-ups${stillBusy ? ' (**still 503 when probing stopped**)' : ''} (${busy.length} probes)`,
      );
      notes.push(served ? `first probe served ${seconds(served.at)} after the hang-ups` : `no probe served within ${seconds(performance.now() - hungUp)}`);
      const after = await health(port);
      if (after) notes.push(`queue at the end: ${after.running} running, ${after.waiting} waiting`);
      return {
        answer: '— (clients gone)',
        statuses: `uploads: ${statusCounts(uploads)}; probes: ${statusCounts(probes.map((p) => p.answer))}`,
        legit: during,
        notes,
      };
    },
  },
  {
    id: '2',
    title: '389 KB PDF with one 20000×20000 Flate image (zeros, DeviceGray 8-bit) to pdf-to-text',
    boundMs: 60_000,
    async run({ port }) {
      const bytes = await hugeImagePdf();
      const during = legitAfter(port, 5000);
      const answer = await convert(port, 'pdf-to-text', pdfPart(bytes, 'bomb.pdf'), {}, { timeoutMs: 60_000 });
      return { answer: answerTimes([answer]), statuses: single(answer), legit: await during, notes: [`input ${Math.round(bytes.length / 1024)} KB`] };
    },
  },
  ...(['pdf-to-text', 'pdf-to-jpg'] as const).map(
    (slug, index): Attack => ({
      id: `3${'ab'[index]}`,
      title: `PDF with a 200000 pt wide MediaBox (no text layer) to ${slug}`,
      boundMs: 45_000,
      async run({ port }) {
        const during = legitAfter(port, 3000);
        const answer = await convert(port, slug, pdfPart(await wideMediaBoxPdf(), 'wide.pdf'), {}, { timeoutMs: 45_000 });
        return { answer: answerTimes([answer]), statuses: single(answer), legit: await during };
      },
    }),
  ),
  {
    id: '4',
    title: '30 concurrent 50 MB uploads (random bytes after %PDF-) while the queue is full (QUEUE_LIMIT=2, CONCURRENCY=1)',
    env: { TEXTLIFT_QUEUE_LIMIT: '2', TEXTLIFT_CONCURRENCY: '1' },
    boundMs: 60_000,
    async run({ port, notes }) {
      const slow = pdfPart(await textPdf(2000), 'report-2000.pdf');
      const random = pdfPart(randomPdf(50_000_000), 'random.pdf');
      // 1 running + 2 waiting: the queue is full.
      const fillers = Array.from({ length: 3 }, () => convert(port, 'pdf-to-word', slow, {}, { timeoutMs: 90_000 }));
      let jobs: { running: number; waiting: number } | undefined;
      for (let i = 0; i < 40; i++) {
        jobs = await health(port);
        if (jobs && jobs.running >= 1 && jobs.waiting >= 2) break;
        await sleep(250);
      }
      notes.push(jobs ? `queue before: ${jobs.running} running, ${jobs.waiting} waiting` : 'queue state unknown');
      const during = legitAfter(port, 1000);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 30 }, () => convert(port, 'pdf-to-text', random, {}, { timeoutMs: 45_000 })));
      notes.push(`all 30 settled in ${seconds(performance.now() - started)}`);
      const retryAfter = answers.find((a) => a.headers['retry-after'])?.headers['retry-after'];
      if (retryAfter) notes.push(`Retry-After ${retryAfter}`);
      void fillers;
      return { answer: answerTimes(answers), statuses: statusCounts(answers), legit: await during, notes };
    },
  },
  {
    id: '5',
    title: 'stalled uploads: raw sockets send a few bytes of a multipart body, then nothing for 20 s',
    boundMs: 40_000,
    async run({ port, pid, notes }) {
      const limit = openFileLimit(process.pid);
      const count = limit >= 1200 ? 1000 : 500;
      notes.push(
        count === 1000 ? `1000 sockets (our fd limit ${limit}; server's ${openFileLimit(pid)})` : `**lowered to 500 sockets** (our fd limit ${limit})`,
      );
      const fdsBefore = fdCount(pid);
      const sockets: { socket: net.Socket; closedByServer: boolean; reply: string; error?: string }[] = [];
      const head =
        'POST /api/v1/convert/pdf-to-text HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 10000000\r\n' +
        '\r\n--XYZ\r\nContent-Disposition: form-da';
      let ours = false;
      for (let batch = 0; batch < count; batch += 100) {
        await Promise.all(
          Array.from(
            { length: Math.min(100, count - batch) },
            () =>
              new Promise<void>((resolve) => {
                const entry = { socket: net.connect(port, '127.0.0.1'), closedByServer: false, reply: '', error: undefined as string | undefined };
                sockets.push(entry);
                entry.socket.once('connect', () => {
                  entry.socket.write(head);
                  resolve();
                });
                entry.socket.on('data', (chunk: Buffer) => {
                  if (entry.reply.length < 200) entry.reply += chunk.toString('latin1');
                });
                entry.socket.on('error', (error: NodeJS.ErrnoException) => {
                  entry.error = error.code ?? error.message;
                  resolve();
                });
                entry.socket.on('close', () => {
                  if (!ours) entry.closedByServer = true;
                  resolve();
                });
              }),
          ),
        );
      }
      const stalledAt = performance.now();
      const during = legitAfter(port, 5000, 10_000);
      await sleep(19_000);
      const fdsDuring = fdCount(pid);
      await sleep(1000);
      const closed = sockets.filter((s) => s.closedByServer).length;
      const replies = sockets.map((s) => /^HTTP\/1\.1 (\d+)/.exec(s.reply)?.[1]).filter((s): s is string => s !== undefined);
      const errors = sockets.filter((s) => s.error).length;
      ours = true;
      for (const { socket } of sockets) socket.destroy();
      await sleep(2000);
      notes.push(`closed by the server within ${seconds(performance.now() - stalledAt - 2000)}: ${closed}/${count}`);
      if (errors) notes.push(`${errors} socket errors`);
      notes.push(`server fds: ${fdsBefore} before, ${fdsDuring} while stalled, ${fdCount(pid)} 2 s after we closed ours`);
      return {
        answer: replies.length ? `${replies.length} answered` : '— (none answered)',
        statuses: replies.length ? statusCounts(replies.map((status) => ({ status }))) : '—',
        legit: await during,
        notes,
      };
    },
  },
  {
    id: '6',
    title: '3000-page PDF to pdf-to-word',
    boundMs: 60_000,
    async run({ port }) {
      const pdf = pdfPart(await textPdf(3000), 'report-3000.pdf');
      const during = legitAfter(port, 5000);
      const answer = await convert(port, 'pdf-to-word', pdf, {}, { timeoutMs: 60_000 });
      return { answer: answerTimes([answer]), statuses: single(answer), legit: await during, notes: [`input ${(pdf.bytes.length / 1e6).toFixed(1)} MB`] };
    },
  },
  {
    id: '7',
    title: 'jobs past their timeout with native tesseract (JOB_TIMEOUT_MS=2000): 6 × a 2550×3300 scanned page (ocr/linn.png) to image-to-text, one at a time',
    env: { TEXTLIFT_JOB_TIMEOUT_MS: '2000', TEXTLIFT_OCR_ENGINE: 'native' },
    boundMs: 50_000,
    async run({ port, pid, notes }) {
      // A page tesseract reads for some 5 s, which a warm thread hands to it within about 1 s.
      const image: FilePart = { name: 'file', filename: 'linn.png', type: 'image/png', bytes: new Uint8Array(readFileSync(path.join(corpus, 'ocr/linn.png'))) };
      // Every tesseract that reads a page (not `tesseract --version`), and the most zombies seen.
      const ocrPids = new Set<number>();
      let maxZombies = 0;
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          for (const p of descendantsByStat(pid)) {
            if (p.state === 'Z') continue;
            if (p.comm === 'tesseract' && /\bstdin\b/.test(commandLine(p.pid))) ocrPids.add(p.pid);
          }
          maxZombies = Math.max(maxZombies, zombiesUnder(pid));
          await sleep(100);
        }
      })();
      // A thread stopped by a timeout is replaced by a cold one, which may spend the whole 2 s
      // loading before tesseract starts (and two big pages at once on 2 busy cores may too); so
      // each wave first warms both threads with a small OCR job, then sends one big page.
      const answers: Answer[] = [];
      const warmups: Answer[] = [];
      let during: Promise<Legit> | undefined;
      const orphans = new Set<number>();
      const started = performance.now();
      // Six waves, fewer when a busy machine makes the warm-ups slow (the attack stays under a minute).
      for (let wave = 0; wave < 6 && performance.now() - started < 35_000; wave++) {
        // Both threads served a small OCR job in a row (a retry when a cold thread timed out).
        for (let attempt = 0, warm = 0; attempt < 3 && warm < 2; attempt++) {
          const tries = await Promise.all([0, 1].map(() => convert(port, 'image-to-text', smallLine, {}, { timeoutMs: 20_000 })));
          warmups.push(...tries);
          warm = tries.filter((a) => a.status === 200).length;
        }
        const big = [convert(port, 'image-to-text', image, {}, { timeoutMs: 30_000 })];
        if (wave === 0) during = legitAfter(port, 500);
        answers.push(...(await Promise.all(big)));
        for (const p of descendantsByStat(pid)) if (p.state !== 'Z' && p.comm === 'tesseract') orphans.add(p.pid);
      }
      const answered = performance.now();
      await during;
      while (performance.now() - answered < 15_000) await sleep(500);
      watching = false;
      await watcher;
      const zombies = descendantsByStat(pid).filter((p) => p.state === 'Z');
      const names = statusCounts(zombies.map((z) => ({ status: z.comm })));
      notes.push(`**zombies under the server 15 s after the last answer: ${zombies.length}**${zombies.length ? ` (${names})` : ''}; most seen ${maxZombies}`);
      notes.push(`${ocrPids.size} OCR tesseract processes started; ${orphans.size} still running right after their job was answered (orphans)`);
      const timedOut = [...answers, ...warmups].filter((a) => errorCode(a) === ' timeout').length;
      notes.push(`${timedOut} jobs answered 503 timeout in all (warm-up jobs: ${statusCounts(warmups)}; a cold thread can spend 2 s loading)`);
      if (answers.length < 6) notes.push(`only ${answers.length} waves in 35 s`);
      return {
        answer: answerTimes(answers),
        statuses: statusCounts(answers.map((a) => ({ status: `${a.status}${errorCode(a)}` }))),
        legit: await during,
        notes,
      };
    },
  },
  {
    id: '8',
    title: 'sustained load: 60 s of 2 clients sending small OCR and PDF jobs, then 30 s idle',
    boundMs: 95_000,
    async run({ port, pid, sampler, notes }) {
      const rssStart = treeRss(pid);
      const answers: Answer[] = [];
      const started = performance.now();
      const during = legitAfter(port, 30_000);
      await Promise.all(
        [0, 1].map(async (client) => {
          for (let n = client; performance.now() - started < 60_000; n++) {
            answers.push(
              n % 2
                ? await convert(port, 'pdf-to-text', animalSounds, {}, { timeoutMs: 30_000 })
                : await convert(port, 'image-to-text', smallLine, { language: 'eng' }, { timeoutMs: 30_000 }),
            );
          }
        }),
      );
      const loadPeak = sampler.peak;
      const rssEndOfLoad = treeRss(pid);
      await sleep(30_000);
      const rssIdle = treeRss(pid);
      notes.push(
        `RSS ${mb(rssStart)} MB at start, ${mb(loadPeak)} MB peak, ${mb(rssEndOfLoad)} MB when the load stopped, **${mb(rssIdle)} MB after 30 s idle**`,
      );
      const times = answers
        .filter((a) => a.status === 200)
        .map((a) => a.ms)
        .sort((a, b) => a - b);
      notes.push(`${answers.length} requests in 60 s; 95th percentile ${seconds(times[Math.floor(times.length * 0.95)] ?? Number.NaN)}`);
      return { answer: answerTimes(answers), statuses: statusCounts(answers), legit: await during, notes };
    },
  },
  {
    id: '9',
    title: 'malformed requests (see the table below)',
    boundMs: 30_000,
    async run({ port, notes }) {
      const cases: { name: string; send: () => Promise<Answer> }[] = [
        {
          name: 'multipart body cut short (no closing boundary)',
          send: () => {
            const body = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\nnot really';
            return request(port, '/api/v1/convert/pdf-to-text', {
              method: 'POST',
              headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ', 'Content-Length': Buffer.byteLength(body) },
              body: [body],
              timeoutMs: 10_000,
            });
          },
        },
        {
          name: 'multipart without a boundary',
          send: () =>
            request(port, '/api/v1/convert/pdf-to-text', {
              method: 'POST',
              headers: { 'Content-Type': 'multipart/form-data', 'Content-Length': 5 },
              body: ['hello'],
              timeoutMs: 10_000,
            }),
        },
        {
          name: 'multipart with a garbage header block',
          send: () => {
            const body = '--XYZ\r\nthis is not a header\r\n\r\n\r\n--XYZ--\r\n';
            return request(port, '/api/v1/convert/pdf-to-text', {
              method: 'POST',
              headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ', 'Content-Length': Buffer.byteLength(body) },
              body: [body],
              timeoutMs: 10_000,
            });
          },
        },
        {
          name: 'POST /api/v1/convert/%E0%A4%A (bad URL encoding)',
          send: () => {
            const form = multipart({}, [animalSounds]);
            return request(port, '/api/v1/convert/%E0%A4%A', { method: 'POST', headers: form.headers, body: form.body, timeoutMs: 10_000 });
          },
        },
        {
          name: 'GET /api/v1/convert/%E0%A4%A (bad URL encoding)',
          send: () => request(port, '/api/v1/convert/%E0%A4%A', { timeoutMs: 10_000 }),
        },
        {
          name: 'POST /api/v1/contact, 2 MB JSON',
          send: () => {
            const body = JSON.stringify({ name: 'A', email: 'a@example.org', subject: 'Hi', message: 'x'.repeat(2 * 1024 * 1024) });
            return request(port, '/api/v1/contact', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
              body: [body],
              timeoutMs: 10_000,
            });
          },
        },
        {
          name: 'POST /api/v1/contact, text/plain body',
          send: () => {
            const body = 'name=A&email=a@example.org&message=hello';
            return request(port, '/api/v1/contact', {
              method: 'POST',
              headers: { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) },
              body: [body],
              timeoutMs: 10_000,
            });
          },
        },
        {
          name: 'POST /api/v1/contact, invalid JSON',
          send: () =>
            request(port, '/api/v1/contact', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Content-Length': 8 },
              body: ['{"name":'],
              timeoutMs: 10_000,
            }),
        },
        {
          name: 'DELETE /api/v1/convert/pdf-to-text',
          send: () => request(port, '/api/v1/convert/pdf-to-text', { method: 'DELETE', timeoutMs: 10_000 }),
        },
        {
          name: 'pdf-to-text with a 1 MiB `language` field',
          send: () => convert(port, 'pdf-to-text', animalSounds, { language: 'e'.repeat(1024 * 1024) }, { timeoutMs: 10_000 }),
        },
      ];
      const answers: Answer[] = [];
      details.push(
        '',
        '### Attack 9: malformed requests',
        '',
        '| request | status | `{"error":{"code","message"}}` | answered in | body (start) |',
        '|---|---|---|---|---|',
      );
      for (const { name, send } of cases) {
        const answer = await send();
        answers.push(answer);
        const body = answer.body.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 90);
        details.push(`| ${name} | ${answer.status} | ${hasErrorShape(answer.body) ? 'yes' : '**no**'} | ${seconds(answer.ms)} | \`${body}\` |`);
      }
      const shaped = answers.filter((a) => hasErrorShape(a.body)).length;
      notes.push(`${shaped}/${answers.length} answers have the error shape`);
      return { answer: answerTimes(answers), statuses: statusCounts(answers), legit: await legit(port), notes };
    },
  },
];

/** One request's status and error code, or how long it went unanswered. */
function single(answer: Answer): string {
  return answer.status === 'timeout' ? `no answer in ${seconds(answer.ms)}` : `${answer.status}${errorCode(answer)}`;
}

function errorCode(answer: Answer): string {
  try {
    const code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
    return code ? ` ${code}` : '';
  } catch {
    return '';
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function openFileLimit(pid: number): number {
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return !match || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

// ---- run ----

function gitDescription(dir: string): string {
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--', 'packages'], { encoding: 'utf8' }).trim();
    return `${commit}${dirty ? ' + uncommitted changes in packages/' : ''}`;
  } catch {
    return 'not a git checkout';
  }
}

const killCurrent = () => {
  if (current) {
    try {
      process.kill(-current.pid, 'SIGKILL');
    } catch {}
  }
};
process.on('exit', killCurrent);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killCurrent();
    process.exit(130);
  });
}

const runStarted = performance.now();
const runDate = new Date();
log(`server of ${root}; inputs cached in ${CACHE_DIR}; server log ${logFile}`);
// Inputs first, so their making is not timed in any attack.
await Promise.all([textPdf(2000), textPdf(3000), hugeImagePdf(), wideMediaBoxPdf()]);
for (const attack of attacks) {
  if (only && !only.has(attack.id)) continue;
  await runAttack(attack);
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const report = [
  `Hostile-request benchmark, started ${runDate.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  `server: ${root} (${gitDescription(root)}), Node ${process.version}; machine: ${os.availableParallelism()} cores, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.release()}; run took ${seconds(performance.now() - runStarted)}`,
  '',
  '| # | attack | RSS at start (MB) | peak RSS (MB) | time to answer | statuses | legit GET /healthz | legit PDF to Text | server fds at end | notes |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.id} | ${cell(r.attack)} | ${r.rssStart} | ${r.rssPeak} | ${cell(r.answer)} | ${cell(r.statuses)} | ${cell(r.healthz)} | ` +
      `${cell(r.convert)} | ${r.fds} | ${cell(r.notes)} |`,
  ),
  ...details,
  '',
].join('\n');
process.stdout.write(report);
if (args.out) writeFileSync(args.out, report);
rmSync(path.join(work, 'contact.sqlite'), { force: true });
log(`server log kept at ${logFile}`);
// Attacks leave timers and sockets of their own (a hung-up upload's deadline); the run is over.
process.exit(0);
