import { execFile, spawn, type ChildProcess } from 'node:child_process';
import type { MessagePort } from 'node:worker_threads';
import { promisify } from 'node:util';
import { ConversionError, NOT_LETTERS, parseTesseractTsv, tesseractPsm, type OcrEngine, type OcrOptions, type OcrResult } from '@textlift/core';

const run = promisify(execFile);

/** The installed tesseract's version ("5.3.0"), or undefined where it is not installed. */
export async function nativeTesseractVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--version'], { timeout: 5000 });
    return /tesseract\s+v?(\d+\.\d+(?:\.\d+)?)/i.exec(stdout + stderr)?.[1];
  } catch {
    return undefined;
  }
}

export interface ProcessResult {
  /** Exit code; null when a signal ended it. */
  code: number | null;
  stdout: Uint8Array;
  stderr: string;
}

/** Runs `tesseract args` with `stdin` as its input. */
export type TesseractRunner = (args: string[], stdin: Uint8Array, signal?: AbortSignal) => Promise<ProcessResult>;

/** Every tesseract process this thread started and has not reaped yet. */
const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Negative pid: the whole process group (tesseract and anything it started).
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

let exitHookSet = false;

/**
 * One tesseract process, in a process group of its own (`detached`): an abort kills the whole
 * group and resolves only once the process has been reaped ('close' comes after libuv's
 * waitpid), so a stopped job leaves no process running and none defunct. The process runs
 * outside the server's group, so it is also killed when the server exits.
 */
export function runTesseractProcess(args: string[], stdin: Uint8Array, signal?: AbortSignal): Promise<ProcessResult> {
  if (signal?.aborted) return Promise.reject(signal.reason instanceof ConversionError ? signal.reason : new ConversionError('cancelled', 'Cancelled.'));
  if (!exitHookSet) {
    exitHookSet = true;
    process.once('exit', killAllTesseract);
  }
  const child = spawn('tesseract', args, {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  // A process that exits before reading all of stdin (unreadable image, or killed) makes the write fail.
  child.stdin!.on('error', () => {});
  child.stdin!.end(stdin);
  const onAbort = () => killGroup(child);
  signal?.addEventListener('abort', onAbort, { once: true });
  return new Promise<ProcessResult>((resolve, reject) => {
    let failure: unknown;
    let finished = false;
    child.once('error', (error) => {
      failure = error;
      // A spawn that failed (no tesseract) may not be followed by 'close'.
      if (child.pid === undefined) finish(null);
    });
    child.once('close', (code: number | null) => finish(code));
    function finish(code: number | null) {
      if (finished) return;
      finished = true;
      live.delete(child);
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) {
        reject(signal.reason instanceof ConversionError ? signal.reason : new ConversionError('cancelled', 'Cancelled.'));
      } else if (failure !== undefined && code === null) {
        reject(new ConversionError('engine-failed', String(failure)));
      } else {
        resolve({ code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8') });
      }
    }
  });
}

/** Kills every tesseract process group this thread started (the server is stopping). */
export function killAllTesseract() {
  for (const child of live) killGroup(child);
}

/** Kills them and waits until each is reaped. */
export async function stopAllTesseract(): Promise<void> {
  const closing = [...live].map((child) => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
    else child.once('close', resolve);
  }));
  killAllTesseract();
  await Promise.all(closing);
}

interface RunRequest {
  id: number;
  args: string[];
  stdin: Uint8Array;
}

type RunReply = { id: number; ok: true; result: ProcessResult } | { id: number; ok: false; code: string; message: string };

/**
 * The main thread's end of a job's tesseract channel: it starts the processes a conversion thread
 * asks for. They belong to the main thread, which outlives the job's thread: when that thread is
 * stopped (timeout, client gone, out of memory) its processes are still killed and reaped here
 * (a process started by a thread that is terminated is never reaped: it stays defunct).
 * `signal` is the job's; `close()` kills what is left and resolves once all are reaped.
 */
export function serveTesseract(port: MessagePort, signal: AbortSignal, runner: TesseractRunner = runTesseractProcess) {
  const stop = new AbortController();
  const stopNow = () => stop.abort(signal.reason);
  signal.addEventListener('abort', stopNow, { once: true });
  const running = new Set<Promise<unknown>>();
  port.on('message', (request: RunRequest) => {
    const done = runner(request.args, request.stdin, stop.signal).then(
      (result): RunReply => ({ id: request.id, ok: true, result }),
      (error: unknown): RunReply => {
        const failure = error instanceof ConversionError ? error : new ConversionError('engine-failed', String(error));
        return { id: request.id, ok: false, code: failure.code, message: failure.message };
      },
    ).then((reply) => {
      try {
        port.postMessage(reply);
      } catch {
        // The thread is gone.
      }
    });
    running.add(done);
    void done.finally(() => running.delete(done));
  });
  return {
    async close() {
      signal.removeEventListener('abort', stopNow);
      if (!stop.signal.aborted) stop.abort(new ConversionError('cancelled', 'The job ended.'));
      await Promise.all(running);
      port.close();
    },
  };
}

/** A conversion thread's end: runs tesseract through the main thread (see serveTesseract). */
export function remoteTesseractRunner(port: MessagePort): TesseractRunner {
  let next = 0;
  const pending = new Map<number, { resolve(result: ProcessResult): void; reject(error: unknown): void }>();
  port.on('message', (reply: RunReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) port.unref();
    if (reply.ok) call.resolve(reply.result);
    else call.reject(new ConversionError(reply.code as ConversionError['code'], reply.message));
  });
  port.unref();
  return (args, stdin) => new Promise<ProcessResult>((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    port.ref();
    // A copy, not a transfer: the caller may still read its image.
    port.postMessage({ id, args, stdin } satisfies RunRequest);
  });
}

/**
 * Native tesseract, one process per page. OMP_THREAD_LIMIT=1 because its OpenMP threads fight
 * each other on 2 cores (measured slower than one thread); the job queue gives parallelism
 * across pages instead. It reads the same best_int models as the browser from tessdataDir.
 * `runner` starts the process: here, or through the main thread from a conversion thread.
 */
export function createNativeTesseractEngine(version: string, tessdataDir: string, runner: TesseractRunner = runTesseractProcess): OcrEngine {
  async function recognize(image: Uint8Array, { languages, segmentation = 'auto', lettersOnly, dpi, signal }: OcrOptions): Promise<OcrResult> {
    const psm = tesseractPsm[segmentation];
    // TSV rather than text: word boxes and confidences; `-c` because the `tsv` config file is
    // looked up in --tessdata-dir, which holds only models.
    const args = ['stdin', 'stdout', '--tessdata-dir', tessdataDir, '-l', languages.join('+'), '--oem', '1', '--psm', psm, '-c', 'tessedit_create_tsv=1'];
    if (lettersOnly) args.push('-c', `tessedit_char_blacklist=${NOT_LETTERS}`);
    if (dpi) args.push('--dpi', String(dpi));
    const { code, stdout, stderr: log } = await runner(args, image, signal);
    if (code !== 0) {
      if (/pixRead|Error in pix|read image/i.test(log)) {
        throw new ConversionError('corrupt', 'The image cannot be decoded.');
      }
      throw new ConversionError('engine-failed', `tesseract exited with ${code}: ${log.slice(0, 500)}`);
    }
    return { lines: parseTesseractTsv(new TextDecoder().decode(stdout)) };
  }

  return {
    name: `tesseract ${version}`,
    recognize,
    terminate: async () => {},
  };
}
