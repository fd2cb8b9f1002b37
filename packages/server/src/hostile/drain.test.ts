// SIGTERM on the real entry point (`node packages/server/src/main.ts`, as `npm start` runs it):
// running jobs finish and are answered, new connections are refused, then the process exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort } from '../free-port.ts';
import { childrenOf, form, healthyWithin, scannedPdf, serverProcessEnv, until } from './fixtures.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startMain(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: root,
    // No Word tool is asked: no LibreOffice warm-up competing for the cores.
    env: serverProcessEnv(port, { TEXTLIFT_CONCURRENCY: '1', TEXTLIFT_OFFICE: 'off', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const origin = `http://127.0.0.1:${port}`;
  if (!(await healthyWithin(origin, 20_000))) throw new Error(`the server did not start:\n${log}`);
  const running = async () => (await (await fetch(`${origin}/healthz`)).json()).jobs.running as number;
  return { child, origin, port, exited, running, log: () => log };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('SIGTERM', () => {
  test('a running job finishes and is answered, new connections are refused, the process exits 0', async () => {
    // A drain limit no loaded machine reaches: the claim is that the job is answered, not how fast.
    const server = await startMain({ TEXTLIFT_DRAIN_TIMEOUT_MS: '90000' });
    const job = fetch(`${server.origin}/api/v1/convert/pdf-to-text`, { method: 'POST', body: form(await scannedPdf(2), 'two.pdf') });
    // Mid-job: its conversion is running (tesseract reads in the server where it is kept loaded).
    expect(await until(async () => (await server.running()) > 0, 60_000)).toBeGreaterThanOrEqual(0);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await until(() => refused(server.port), 1000)).toBeGreaterThanOrEqual(0);
    const response = await job;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('12 point text');
    expect(await server.exited).toBe(0);
    console.info(`SIGTERM mid-job: answered 200, exited 0 after ${Math.round(performance.now() - signalled)} ms`);
  });

  test('past the drain limit the process exits 1 and leaves no tesseract behind', async () => {
    // A process per reading, as where the kept-loaded tesseract is not built: those are what could be left behind.
    const server = await startMain({ TEXTLIFT_DRAIN_TIMEOUT_MS: '1000', TEXTLIFT_TESSERACT_PROCESSES: '1' });
    const job = fetch(`${server.origin}/api/v1/convert/pdf-to-text`, { method: 'POST', body: form(await scannedPdf(30), 'long.pdf') }).then(
      (response) => response.status,
      (error: Error) => error.name,
    );
    // Watched from before the first one starts: each page's run is short, so one seen once is kept.
    const pids = new Set<number>();
    const look = () => {
      for (const child of childrenOf(server.child.pid!)) if (child.name === 'tesseract') pids.add(child.pid);
      return pids.size > 0;
    };
    const watch = setInterval(look, 20);
    // How soon the first page starts is not the claim: a busy machine may take a while.
    expect(await until(look, 60_000)).toBeGreaterThanOrEqual(0);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    // Exit code 1 is the drain limit's exit (a finished drain exits 0), and the 30-page job is
    // cut short: it is not answered 200. No upper bound in wall time, which a busy machine stretches.
    expect(await server.exited).toBe(1);
    clearInterval(watch);
    expect(performance.now() - signalled).toBeGreaterThan(900);
    expect(await job).not.toBe(200);
    // Killed with their process group: none still runs. (Once the server has exited, reaping
    // them is init's job; here init reaps late, so a dead one may still show as defunct.)
    expect(pids.size).toBeGreaterThan(0);
    expect(await until(() => [...pids].every((pid) => !running(pid)), 1000)).toBeGreaterThanOrEqual(0);
  });

  test('past the drain limit while the kept-loaded tesseract reads, the process still exits 1, not by a crash', async () => {
    const server = await startMain({ TEXTLIFT_DRAIN_TIMEOUT_MS: '1000' });
    const job = fetch(`${server.origin}/api/v1/convert/pdf-to-text`, { method: 'POST', body: form(await scannedPdf(30), 'long.pdf') }).then(
      (response) => response.status,
      (error: Error) => error.name,
    );
    expect(await until(async () => (await server.running()) > 0, 60_000)).toBeGreaterThanOrEqual(0);
    // A page's reading under way in the server's own threads as it exits.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.child.signalCode).toBeNull();
    expect(await job).not.toBe(200);
    expect(childrenOf(server.child.pid!).filter((child) => child.name === 'tesseract')).toEqual([]);
  });
});

/** Whether the process exists and has not died (a defunct one, state Z, has). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}
