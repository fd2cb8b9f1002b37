import { spawn, type ChildProcess } from 'node:child_process';
import { ConversionError } from '@textlift/core';

export interface ProcessResult {
  /** Exit code; null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, if one did. */
  signal: NodeJS.Signals | null;
  stdout: Uint8Array;
  stderr: string;
}

export interface ProcessOptions {
  /** Written to the process's standard input, then closed. */
  stdin?: Uint8Array;
  /** Added to the server's environment. */
  env?: Record<string, string>;
  signal?: AbortSignal;
}

/** Every process this thread started and has not reaped yet. */
const live = new Set<ChildProcess>();

/**
 * SIGKILL to a process's whole group (detached children lead their own). `evenIfExited`: the
 * group's other processes may outlive its leader (Apertium's pipelines).
 */
export function killGroup(child: ChildProcess, { evenIfExited = false } = {}) {
  if (child.pid === undefined || (!evenIfExited && (child.exitCode !== null || child.signalCode !== null))) return;
  try {
    // Negative pid: the whole process group (the process and anything it started).
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

let exitHookSet = false;

/** The error a stopped job fails with: its own reason (a timeout) where it gave one. */
export const cancelled = (signal: AbortSignal) => (signal.reason instanceof ConversionError ? signal.reason : new ConversionError('cancelled', 'Cancelled.'));

/**
 * One engine process (tesseract, LibreOffice), in a process group of its own (`detached`): an
 * abort kills the whole group and settles only once the process has been reaped ('close' comes
 * after libuv's waitpid), so a stopped job leaves no process running and none defunct. The group
 * is outside the server's, and is killed when the server exits.
 */
export function runProcess(command: string, args: string[], { stdin, env, signal }: ProcessOptions = {}): Promise<ProcessResult> {
  if (signal?.aborted) return Promise.reject(cancelled(signal));
  if (!exitHookSet) {
    exitHookSet = true;
    process.once('exit', killAllProcesses);
  }
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  if (stdin) {
    // A process that exits before reading all of stdin (unreadable image, or killed) makes the write fail.
    child.stdin!.on('error', () => {});
    child.stdin!.end(stdin);
  }
  const onAbort = () => killGroup(child);
  signal?.addEventListener('abort', onAbort, { once: true });
  return new Promise<ProcessResult>((resolve, reject) => {
    let failure: unknown;
    let finished = false;
    child.once('error', (error) => {
      failure = error;
      // A spawn that failed (no such program) may not be followed by 'close'.
      if (child.pid === undefined) finish(null, null);
    });
    child.once('close', (code: number | null, ended: NodeJS.Signals | null) => finish(code, ended));
    function finish(code: number | null, ended: NodeJS.Signals | null) {
      if (finished) return;
      finished = true;
      live.delete(child);
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) {
        reject(cancelled(signal));
      } else if (failure !== undefined && code === null) {
        reject(new ConversionError('engine-failed', String(failure)));
      } else {
        resolve({ code, signal: ended, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8') });
      }
    }
  });
}

/** Kills every engine process group this thread started (the server is stopping). */
export function killAllProcesses() {
  for (const child of live) killGroup(child);
}

/** Kills them and waits until each is reaped. */
export async function stopAllProcesses(): Promise<void> {
  const closing = [...live].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
        else child.once('close', resolve);
      }),
  );
  killAllProcesses();
  await Promise.all(closing);
}
