import * as Comlink from 'comlink';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ConversionResult, ProgressCallback } from '@textlift/core/conversion';
import type { JobInput } from '@textlift/core/run-tool';
import { ConversionError } from '@textlift/core/errors';
import type * as Bridge from './conversion-bridge.ts';
import type { ConversionWorkerApi } from './conversion-worker.ts';
import { plainErrors } from './plain-errors.ts';

// Each test takes milliseconds: one left waiting for an answer that never comes fails in
// seconds, not at the suite's two-minute limit (set for the OCR tests).
vi.setConfig({ testTimeout: 10_000 });

/** A job as the worker received it, answered by the test. */
interface WorkerJob {
  slug: string;
  input: JobInput;
  options: Record<string, unknown>;
  progress: ProgressCallback;
  finish(result: ConversionResult): void;
  fail(error: unknown): void;
}

/**
 * The conversion worker's place taken by a MessageChannel in this thread: the bridge talks
 * Comlink to it as to the real one, and the worker's side answers as the test says, its errors
 * crossing as the real worker's do (plainErrors). No engine runs.
 */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  readonly jobs: WorkerJob[] = [];
  readonly loaded: string[][] = [];
  terminated = false;
  readonly url: URL | string;
  readonly options?: WorkerOptions;
  private readonly page: MessagePort;
  private readonly inside: MessagePort;
  private arrived: (() => void)[] = [];

  constructor(url: URL | string, options?: WorkerOptions) {
    super();
    [this.url, this.options] = [url, options];
    const { port1, port2 } = new MessageChannel();
    [this.page, this.inside] = [port1, port2];
    this.page.addEventListener('message', (event) => this.dispatchEvent(new MessageEvent('message', { data: event.data })));
    this.page.start();
    Comlink.expose(this.api(), this.inside);
    FakeWorker.made.push(this);
  }

  private api(): ConversionWorkerApi {
    return {
      run: plainErrors(
        (slug: string, input: JobInput, options: Record<string, unknown>, onProgress?: ProgressCallback) =>
          new Promise<ConversionResult>((finish, fail) => {
            this.jobs.push({ slug, input, options, progress: (...args) => void onProgress?.(...args), finish, fail });
            for (const wake of this.arrived.splice(0)) wake();
          }),
      ),
      pdfPageCount: plainErrors(async (bytes: Uint8Array, password?: string) => {
        if (password !== 'secret') throw new ConversionError('password-required', 'This PDF is protected by a password.');
        return bytes.length;
      }),
      loadOcr: plainErrors(async (languages: string[]) => {
        this.loaded.push(languages);
        if (languages.includes('xxx')) throw new Error('no such model');
      }),
    };
  }

  /** The job numbered `index` (from 0), once the bridge's message has reached the worker. */
  async job(index: number): Promise<WorkerJob> {
    while (this.jobs.length <= index) await new Promise<void>((wake) => this.arrived.push(wake));
    return this.jobs[index]!;
  }

  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.page.postMessage(message, transfer);
  }

  terminate() {
    this.terminated = true;
    this.page.close();
    this.inside.close();
  }

  /** As a worker whose script throws or runs out of memory: an error event on the Worker object. */
  crash(message: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

let bridge: typeof Bridge;
beforeEach(async () => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  // The bridge holds its worker in module state: each test starts with none.
  vi.resetModules();
  bridge = await import('./conversion-bridge.ts');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const worker of FakeWorker.made) worker.terminate();
});

const input = (name: string, text: string): JobInput => ({ files: [{ name, bytes: new TextEncoder().encode(text) }] });
const textOutput = (name: string, text: string): ConversionResult => ({
  outputs: [{ name, type: 'text/plain', bytes: new TextEncoder().encode(text) }],
  text,
});
/**
 * Until `check` passes: for what crosses a MessageChannel (a message, a progress report) in its
 * own time, a millisecond or two; the bound only ends a failing wait.
 */
const arrival = (check: () => void) => vi.waitFor(check, { interval: 1, timeout: 5000 });
/** The workers the bridge started, in order (it starts one as a call is made). */
const made = (index = 0) => FakeWorker.made[index]!;

test('a job goes to one module worker with its slug, bytes and options; its progress and result come back', async () => {
  const progress: unknown[] = [];
  const job = bridge.runConversion('pdf-to-text', input('a.pdf', '%PDF-1.7 a'), { language: 'eng' }, { onProgress: (...args) => progress.push(args) });
  const received = await made().job(0);
  expect(FakeWorker.made).toHaveLength(1);
  expect(String(made().url)).toMatch(/\/conversion-worker\.ts$/);
  expect(made().options).toMatchObject({ type: 'module' });
  expect(received.slug).toBe('pdf-to-text');
  expect(received.options).toEqual({ language: 'eng' });
  expect(received.input.files!.map((file) => [file.name, new TextDecoder().decode(file.bytes)])).toEqual([['a.pdf', '%PDF-1.7 a']]);

  received.progress(0.25, 'reading', { page: 1, pages: 4 });
  await arrival(() => expect(progress).toEqual([[0.25, 'reading', { page: 1, pages: 4 }]]));
  received.finish(textOutput('a_extracted.txt', 'Alpha'));
  const result = await job;
  expect(result.text).toBe('Alpha');
  expect(result.outputs.map((output) => [output.name, new TextDecoder().decode(output.bytes)])).toEqual([['a_extracted.txt', 'Alpha']]);
});

test('two jobs at once share the worker, and each gets only its own progress and result', async () => {
  const seen = { a: [] as number[], b: [] as number[] };
  const a = bridge.runConversion('pdf-to-text', input('a.pdf', 'a'), {}, { onProgress: (fraction) => seen.a.push(fraction) });
  const b = bridge.runConversion('pdf-to-text', input('b.pdf', 'b'), {}, { onProgress: (fraction) => seen.b.push(fraction) });
  const [jobA, jobB] = [await made().job(0), await made().job(1)];
  expect(FakeWorker.made).toHaveLength(1);
  expect([jobA.input.files![0]!.name, jobB.input.files![0]!.name]).toEqual(['a.pdf', 'b.pdf']);

  jobB.progress(0.7, 'reading');
  jobA.progress(0.1, 'reading');
  jobB.finish(textOutput('b.txt', 'Bravo'));
  expect((await b).text).toBe('Bravo');
  jobA.finish(textOutput('a.txt', 'Alpha'));
  expect((await a).text).toBe('Alpha');
  // Progress travels on its own channel, and may come after the result.
  await arrival(() => expect(seen).toEqual({ a: [0.1], b: [0.7] }));
});

test("a conversion's error comes back as a ConversionError with its code and details", async () => {
  const job = bridge.runConversion('pdf-to-text', input('big.pdf', 'x'), {});
  (await made().job(0)).fail(new ConversionError('too-large', 'The file is too large.', { max: 100 }));
  await expect(job).rejects.toMatchObject({ name: 'ConversionError', code: 'too-large', message: 'The file is too large.', details: { max: 100 } });
  // The worker stays for the next job.
  expect(made().terminated).toBe(false);
});

test('cancelling stops the worker at once and the job rejects as cancelled; the next job gets a fresh worker', async () => {
  const controller = new AbortController();
  const job = bridge.runConversion('pdf-to-text', input('a.pdf', 'a'), {}, { signal: controller.signal });
  await made().job(0);
  controller.abort();
  expect(made().terminated).toBe(true);
  await expect(job).rejects.toMatchObject({ code: 'cancelled' });

  const next = bridge.runConversion('pdf-to-text', input('b.pdf', 'b'), {});
  (await made(1).job(0)).finish(textOutput('b.txt', 'Bravo'));
  expect((await next).text).toBe('Bravo');
  expect(FakeWorker.made).toHaveLength(2);
});

test('a job whose signal is already aborted never reaches a worker', async () => {
  const job = bridge.runConversion('pdf-to-text', input('a.pdf', 'a'), {}, { signal: AbortSignal.abort() });
  expect(FakeWorker.made).toHaveLength(0);
  await expect(job).rejects.toMatchObject({ code: 'cancelled' });
});

test('a worker that crashes fails every job on it with engine-failed rather than leaving it waiting', async () => {
  const a = bridge.runConversion('pdf-to-text', input('a.pdf', 'a'), {});
  const b = bridge.runConversion('pdf-to-text', input('b.pdf', 'b'), {});
  await made().job(1);
  made().crash('Out of memory');
  await expect(a).rejects.toMatchObject({ code: 'engine-failed', message: 'Out of memory' });
  await expect(b).rejects.toMatchObject({ code: 'engine-failed' });
  expect(made().terminated).toBe(true);

  // The next job is not sent to the dead worker.
  const next = bridge.runConversion('pdf-to-text', input('c.pdf', 'c'), {});
  (await made(1).job(0)).finish(textOutput('c.txt', 'Charlie'));
  expect((await next).text).toBe('Charlie');
});

test('a worker left idle five minutes is stopped, but never while a job runs on it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const minutes = (count: number) => vi.advanceTimersByTime(count * 60 * 1000);
  const first = bridge.runConversion('pdf-to-text', input('a.pdf', 'a'), {});
  const a = await made().job(0);
  minutes(10);
  expect(made().terminated).toBe(false);
  a.finish(textOutput('a.txt', 'Alpha'));
  await first;

  // A job started within the five minutes keeps the worker for as long as it runs.
  minutes(4);
  expect(made().terminated).toBe(false);
  const second = bridge.runConversion('pdf-to-text', input('b.pdf', 'b'), {});
  const b = await made().job(1);
  minutes(2);
  expect(made().terminated).toBe(false);
  b.finish(textOutput('b.txt', 'Bravo'));
  await second;

  vi.advanceTimersByTime(5 * 60 * 1000 - 1);
  expect(made().terminated).toBe(false);
  vi.advanceTimersByTime(1);
  expect(made().terminated).toBe(true);
  expect(FakeWorker.made).toHaveLength(1);
});

test("a PDF's page count is read in the worker with its password; a missing password comes back as its code", async () => {
  const file = new File(['%PDF-1.7 twelve'], 'locked.pdf', { type: 'application/pdf' });
  expect(await bridge.pdfPageCount(file, 'secret')).toBe(file.size);
  await expect(bridge.pdfPageCount(file)).rejects.toMatchObject({ code: 'password-required' });
});

test("the OCR engine's early loading goes to the worker, and its failure is left to the reading", async () => {
  bridge.loadOcrEngine(['eng', 'deu']);
  bridge.loadOcrEngine(['xxx']);
  await arrival(() => expect(made().loaded).toEqual([['eng', 'deu'], ['xxx']]));
  // Nothing thrown, and the worker still serves.
  const job = bridge.runConversion('pdf-to-text', input('a.pdf', 'a'), {});
  (await made().job(0)).finish(textOutput('a.txt', 'Alpha'));
  expect((await job).text).toBe('Alpha');
});
