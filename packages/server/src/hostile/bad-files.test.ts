import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorStatus, sniffType, toolList, type ToolDefinition } from '@textlift/core';
import { corpusDir, corpusFile } from '../../../../test-support/corpus.ts';
import { blankPng, truncated } from '../../../../test-support/images.ts';
import { zipBombDocx } from '../../../../test-support/word-documents.ts';
import { buildApp } from '../app.ts';
import { cpuSeconds } from '../../../../test-support/cpu-time.ts';
import { form } from './fixtures.ts';

/**
 * Every file tool, through the API, fed what it must refuse or survive: each corpus file of a
 * type it does not take, the corpus's damaged and sealed files, and generated hostile ones
 * (empty, cut short, a 30000 × 30000 picture, a zip bomb named .docx, 10000 empty pages).
 * Each gets its answer in time: the output where the tool recovers what it can, else an error
 * whose code the page words in every language; never a 500, and the server stays up with
 * no temporary file left.
 */

/**
 * Most work any answer may take, in CPU seconds of this process (the server, its conversion
 * threads and the tesseract they start): the bad file must be judged, not converted at
 * length. CPU rather than wall time, which a busy machine stretches several times over.
 */
const ANSWER_CPU_SECONDS = 30;
/** An answer still missing after this is a hang, however busy the machine. */
const HANG_MS = 300_000;

const locales = readdirSync(new URL('../../../web/src/i18n/locales/', import.meta.url)).filter((file) => file.endsWith('.json'));
const dictionaries = locales.map((file) => ({
  file,
  errors: JSON.parse(readFileSync(new URL(`../../../web/src/i18n/locales/${file}`, import.meta.url), 'utf8')).errors as Record<
    string,
    string | Record<string, string>
  >,
}));

interface BadFile {
  name: string;
  bytes: Uint8Array;
  /** What it is, for the report. */
  kind: string;
}

const manifest = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .map(([file, kind]) => ({ file: file!, kind: kind! }));

const corpus: BadFile[] = manifest.map(({ file, kind }) => ({ name: path.basename(file), bytes: corpusFile(file), kind }));
const broken = new Set(['pdf/corrupt', 'pdf/encrypted', 'word/malformed']);

async function emptyPages(count: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage([595, 842]);
  return pdf.save({ useObjectStreams: true });
}

/** One file of each type the tools take, cut in half. */
function cutShort(): BadFile[] {
  const first = (kind: string) => manifest.find((entry) => entry.kind === kind)!.file;
  const samples = [first('qr'), first('ocr/page'), 'ocr/pytesseract-test.jpg', 'pdf/issue11913.pdf', first('word/docx'), first('word/doc')];
  return samples.map((file) => ({ name: path.basename(file), bytes: truncated(corpusFile(file)), kind: `cut short ${path.extname(file)}` }));
}

let app: FastifyInstance;
let origin: string;
let generated: BadFile[];
let temporary: string;
const previousTmp = process.env.TMPDIR;

beforeAll(async () => {
  // The server's own temporary folder, so what it leaves is seen apart from other tests' files.
  temporary = mkdtempSync(path.join(tmpdir(), 'textlift-bad-files-'));
  process.env.TMPDIR = temporary;
  app = await buildApp({ port: 0, host: '127.0.0.1', logLevel: 'silent', webRoot: '/nonexistent', apiRateLimit: 100_000, databaseFile: ':memory:' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  generated = [
    { name: 'empty.pdf', bytes: new Uint8Array(0), kind: 'zero bytes' },
    { name: 'empty.png', bytes: new Uint8Array(0), kind: 'zero bytes' },
    { name: 'huge.png', bytes: blankPng(30000, 30000), kind: '30000 × 30000 picture' },
    { name: 'bomb.docx', bytes: zipBombDocx(400 * 1024 * 1024), kind: 'zip bomb named .docx' },
    { name: 'blank-pages.pdf', bytes: await emptyPages(10_000), kind: '10000 empty pages' },
    { name: 'notes.pdf', bytes: new TextEncoder().encode('Just some words, named .pdf'), kind: 'text named .pdf' },
    ...cutShort(),
  ];
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(temporary, { recursive: true, force: true });
});

/** The options a request must name (a choice with no default), else the tool's defaults. */
function requiredFields(tool: ToolDefinition): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, rule] of Object.entries(tool.options) as Array<[string, { kind: string; values?: readonly string[]; fallback?: unknown }]>) {
    if (rule.kind === 'choice' && rule.fallback === '' && rule.values?.length) fields[name] = rule.values.find((value) => value !== 'en') ?? rule.values[0]!;
  }
  return fields;
}

/** What each tool is fed: corpus files it does not take, the damaged ones it does, the generated. */
function inputsFor(tool: ToolDefinition & { input: { kind: 'files' } }): BadFile[] {
  const accepts = new Set<string>(tool.input.accepts);
  const refused = corpus.filter((file) => {
    const type = sniffType(file.bytes);
    return !type || !accepts.has(type);
  });
  const damaged = corpus.filter((file) => broken.has(file.kind) && accepts.has(sniffType(file.bytes) ?? ''));
  return [...refused, ...damaged, ...generated];
}

const fileTools = toolList.filter((tool): tool is ToolDefinition & { input: { kind: 'files' } } => tool.input.kind === 'files');

interface Answer {
  tool: string;
  file: string;
  kind: string;
  status: number;
  code?: string;
  ms: number;
  cpu: number;
}

async function send(tool: ToolDefinition & { input: { kind: 'files' } }, file: BadFile): Promise<Answer> {
  const body = form(file.bytes, file.name, requiredFields(tool));
  // A merge takes two files at least: the bad one comes with a good one.
  if (tool.input.minFiles > 1) body.append('file', new Blob([new Uint8Array(corpusFile('pdf/tracemonkey.pdf'))]), 'good.pdf');
  const started = performance.now();
  const cpuBefore = cpuSeconds();
  const response = await fetch(`${origin}/api/v1/convert/${tool.slug}`, { method: 'POST', body, signal: AbortSignal.timeout(HANG_MS) });
  const text = response.headers.get('content-type')?.startsWith('application/json') ? await response.text() : await response.arrayBuffer().then(() => '');
  const ms = performance.now() - started;
  const cpu = cpuSeconds() - cpuBefore;
  const code = response.ok ? undefined : (JSON.parse(text) as { error: { code: string } }).error.code;
  return { tool: tool.slug, file: file.name, kind: file.kind, status: response.status, code, ms, cpu };
}

describe('every file tool, fed every file it refuses and every broken one', () => {
  test.each(fileTools.map((tool) => [tool.slug, tool] as const))(
    '%s',
    async (_slug, tool) => {
      const answers: Answer[] = [];
      for (const file of inputsFor(tool)) answers.push(await send(tool, file));

      // A 500 is a fault (an engine missing here is a 503 the page words); so is a code the page cannot word, or a slow answer.
      const faults = answers.filter(
        (answer) =>
          (answer.status >= 500 && answer.code !== 'engine-unavailable') ||
          (answer.code !== undefined && !(answer.code in errorStatus)) ||
          answer.cpu > ANSWER_CPU_SECONDS,
      );
      expect(faults, JSON.stringify(faults, null, 1)).toEqual([]);
      // Every refusal is worded for the page in every language.
      for (const code of new Set(answers.flatMap((answer) => (answer.code ? [answer.code] : [])))) {
        for (const { file, errors } of dictionaries) {
          const words = errors[code];
          // A message, or one for each kind of file (an image, a PDF, any file).
          expect(typeof words === 'string' ? [words] : Object.values(words ?? {}), `${file}: errors.${code}`).toEqual(
            expect.arrayContaining([expect.stringMatching(/\S/)]),
          );
        }
      }
      // A type the tool does not take is refused as such, never half-read.
      const refusedTypes = answers.filter((answer) => {
        const file = corpus.find((entry) => entry.name === answer.file && entry.kind === answer.kind);
        const type = file && sniffType(file.bytes);
        return file && type && !(tool.input.accepts as readonly string[]).includes(type);
      });
      for (const answer of refusedTypes) expect([answer.file, answer.code]).toEqual([answer.file, 'unsupported-type']);

      const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
      const mostCpu = Math.max(...answers.map((answer) => answer.cpu));
      const read = answers.filter((a) => a.status === 200).length;
      const codes = [...new Set(answers.map((a) => a.code ?? 'ok'))].join(', ');
      const slowestFile = `${Math.round(slowest.ms)} ms (${slowest.file})`;
      console.log(`${tool.slug}: ${answers.length} files, ${read} read, slowest ${slowestFile}, most CPU ${mostCpu.toFixed(1)} s; ${codes}`);
    },
    600_000,
  );

  test('the server is still up and has left no temporary file', async () => {
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect(readdirSync(temporary)).toEqual([]);
  });
});
