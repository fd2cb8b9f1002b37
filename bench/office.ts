// Benchmark (not a test): Word to PDF through the real API on every .doc and .docx of the
// corpus, against LibreOffice's own command line (`soffice --convert-to pdf`) in the same run.
// Per document: time cold (a new profile) and warm, the CLI's time, peak memory of the server
// process and of its LibreOffice process, and the share of the document's words (as
// LibreOffice's own text export reads them from the source) found in pdftotext of our PDF.
// Then throughput with 1, 2 and 4 conversions at once, each on a server with that many slots.
// Run: npm run bench:office
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@textlift/server';
import { corpusDir } from '../test-support/corpus.ts';
import { wordShare } from '../test-support/word-share.ts';
import { median } from './server-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'textlift-office-bench-'));
const dataDir = path.join(work, 'data');
const profiles = path.join(dataDir, 'libreoffice-profiles');
const wordDir = path.join(corpusDir, 'word');
const documents = readdirSync(wordDir)
  .filter((name) => /\.docx?$/.test(name) && !/clusterfuzz|truncated/.test(name))
  .sort();

/** Resident memory in MB of every soffice.bin on the machine (only this bench starts any), summed. */
function officeRssMb(): number {
  let kb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'soffice.bin') continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone while we looked.
    }
  }
  return kb / 1024;
}

/** Runs `work` while sampling memory every 20 ms: the peaks of this (the server's) process and of LibreOffice. */
async function withPeaks<T>(work: () => Promise<T>) {
  let server = process.memoryUsage().rss / 2 ** 20;
  let office = 0;
  const timer = setInterval(() => {
    server = Math.max(server, process.memoryUsage().rss / 2 ** 20);
    office = Math.max(office, officeRssMb());
  }, 20);
  try {
    return { value: await work(), server, office };
  } finally {
    clearInterval(timer);
  }
}

async function startServer(concurrency: number) {
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    webRoot: '/nonexistent',
    databaseFile: ':memory:',
    apiRateLimit: 100_000,
    concurrency,
    queueLimit: 64,
    dataDir,
    jobTimeoutMs: 300_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

async function convert(origin: string, name: string): Promise<Uint8Array> {
  const body = new FormData();
  body.append('file', new Blob([readFileSync(path.join(wordDir, name))]), name);
  const response = await fetch(`${origin}/api/v1/convert/word-to-pdf`, { method: 'POST', body });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${new TextDecoder().decode(bytes)}`);
  return bytes;
}

/** LibreOffice's own command line, with a profile of its own that has been used once already (warm). */
function cli(name: string, to: string, profile: string): number {
  const out = path.join(work, 'cli');
  const started = performance.now();
  const result = spawnSync('soffice', [
    `-env:UserInstallation=file://${profile}`,
    '--headless',
    '--norestore',
    '--convert-to',
    to,
    '--outdir',
    out,
    path.join(wordDir, name),
  ]);
  if (result.status !== 0) throw new Error(`soffice failed on ${name}: ${result.stderr}`);
  return performance.now() - started;
}

const cliProfile = path.join(work, 'cli-profile');
cli(documents[0]!, 'pdf', cliProfile);

const rows: string[][] = [];
const ratios: number[] = [];
const { app, origin } = await startServer(1);
for (const name of documents) {
  rmSync(profiles, { recursive: true, force: true });
  const coldStart = performance.now();
  const cold = await withPeaks(() => convert(origin, name));
  const coldMs = performance.now() - coldStart;
  const warmTimes: number[] = [];
  let pdf = cold.value;
  let peaks = { server: cold.server, office: cold.office };
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const warm = await withPeaks(() => convert(origin, name));
    warmTimes.push(performance.now() - started);
    pdf = warm.value;
    peaks = { server: Math.max(peaks.server, warm.server), office: Math.max(peaks.office, warm.office) };
  }
  const cliMs = median([0, 1, 2].map(() => cli(name, 'pdf', cliProfile)));
  cli(name, 'txt:Text (encoded):UTF8', cliProfile);
  const reference = readFileSync(path.join(work, 'cli', name.replace(/\.docx?$/, '.txt')), 'utf8');
  const pdfFile = path.join(work, `${name}.pdf`);
  writeFileSync(pdfFile, pdf);
  const text = spawnSync('pdftotext', ['-enc', 'UTF-8', pdfFile, '-'], { encoding: 'utf8' }).stdout;
  const pages = /Pages:\s+(\d+)/.exec(spawnSync('pdfinfo', [pdfFile], { encoding: 'utf8' }).stdout)?.[1] ?? '?';
  const share = wordShare(reference, text);
  const warmMs = median(warmTimes);
  ratios.push(warmMs / cliMs);
  rows.push([
    name,
    pages,
    (coldMs / 1000).toFixed(2),
    (warmMs / 1000).toFixed(2),
    (cliMs / 1000).toFixed(2),
    (warmMs / cliMs).toFixed(2),
    peaks.server.toFixed(0),
    peaks.office.toFixed(0),
    share === undefined ? 'no text' : `${(share * 100).toFixed(1)}%`,
  ]);
  console.error(`${name} done`);
}
await app.close();

console.log('\n## Word to PDF per document (server with one slot; warm = median of 3; CLI = soffice --convert-to pdf, warm profile, median of 3)\n');
console.log('| document | pages | cold s | warm s | CLI s | warm / CLI | server peak MB | LibreOffice peak MB | word share |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`\nMedian warm / CLI: ${median(ratios).toFixed(2)}`);

console.log('\n## Throughput: all documents, N at a time, on a server with N slots (2 cores here)\n');
console.log('| at once | documents | wall s | documents per minute | server peak MB | LibreOffice peak MB (all processes) |');
console.log('|---|---|---|---|---|---|');
for (const concurrency of [1, 2, 4]) {
  const server = await startServer(concurrency);
  // Profiles built first: throughput of warm slots.
  await Promise.all(Array.from({ length: concurrency }, () => convert(server.origin, 'mammoth-simple-list.docx')));
  const queue = [...documents];
  const started = performance.now();
  const run = await withPeaks(() =>
    Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await convert(server.origin, next);
      }),
    ),
  );
  const wall = (performance.now() - started) / 1000;
  console.log(
    `| ${concurrency} | ${documents.length} | ${wall.toFixed(1)} | ${((documents.length / wall) * 60).toFixed(1)} | ${run.server.toFixed(0)} | ` +
      `${run.office.toFixed(0)} |`,
  );
  await server.app.close();
}
rmSync(work, { recursive: true, force: true });
