// The deployment under load, as processes on loopback: the server started as `npm start` starts it,
// and in Redis mode a redis-server and two queue workers beside it.
import { type ChildProcess, spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../packages/server/src/free-port.ts';
import { isAlive, processTree, treeRss } from '../hostile/proc.ts';

export type Mode = 'embedded' | 'redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the server may take to answer /healthz: a stale build is rebuilt first, as npm start does (about a minute). */
const START_TIMEOUT_MS = 300_000;
/** SIGTERM's grace before SIGKILL: the server drains its jobs on SIGTERM (TEXTLIFT_DRAIN_TIMEOUT_MS), the load is over by then. */
const STOP_GRACE_MS = 5_000;

interface Managed {
  name: string;
  child: ChildProcess;
  exit?: string;
}

export interface Stack {
  mode: Mode;
  port: number;
  /** The processes measured, by name (server, redis, worker 1, worker 2). */
  pids(): Array<{ name: string; pid: number }>;
  /** Resident memory of every process of the deployment and their children (tesseract, LibreOffice). */
  rss(): number;
  /** CPU seconds the deployment's processes have used, with their children that have ended (tesseract). */
  cpuSeconds(): number;
  /** A process that ended on its own, named with how. */
  died(): string | undefined;
  stop(): Promise<void>;
}

/** The kernel's clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** utime + stime + cutime + cstime of a process: its threads' CPU and that of its children it has reaped. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of stat(5), counted from the state (field 3) here.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** `npm run worker` processes of the Redis mode, all on this machine. */
const WORKERS = 2;
/** glibc's settings that scripts/start.mjs gives the server (README, Configuration); workers get the same. */
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };

/** The checkout's own Node 24 (npm start's), else this one. */
function nodeOf(root: string): string {
  const node = path.join(root, 'node_modules/.bin/node');
  return existsSync(node) ? node : process.execPath;
}

function launch(name: string, root: string, command: string, args: string[], env: Record<string, string>, logFile: string, list: Managed[]): Managed {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
    // A group of its own, so stopping it takes its tesseract and LibreOffice processes too.
    detached: true,
  });
  closeSync(log);
  const managed: Managed = { name, child };
  child.on('exit', (code, signal) => {
    managed.exit = signal ? `killed by ${signal}` : `exited with ${code}`;
  });
  list.push(managed);
  return managed;
}

async function stopAll(list: Managed[]): Promise<void> {
  for (const { child, exit } of list) {
    if (!exit && child.pid) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {}
    }
  }
  const deadline = performance.now() + STOP_GRACE_MS;
  while (performance.now() < deadline && list.some((managed) => !managed.exit)) await sleep(100);
  for (const { child } of list) {
    const pid = child.pid;
    if (!pid) continue;
    const tree = processTree(pid);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
    for (let i = 0; i < 50 && tree.some(isAlive); i++) await sleep(100);
  }
}

async function waitForRedis(port: number, managed: Managed): Promise<void> {
  const { createConnection } = await import('node:net');
  for (let i = 0; i < 100 && !managed.exit; i++) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (pong) return;
    await sleep(100);
  }
  throw new Error(`redis-server on ${port} did not answer PING (${managed.exit ?? 'no answer'})`);
}

/**
 * Starts the deployment of `mode` from the checkout at `root`, logs appended to `logFile`. The
 * server is `node scripts/start.mjs` (npm start's own script: the build checked, glibc's settings,
 * then the server in its place, so its pid is the server's), on a free loopback port, with the
 * default configuration but for the two settings `env` names.
 */
export async function startStack(mode: Mode, root: string, env: Record<string, string>, logFile: string): Promise<Stack> {
  const list: Managed[] = [];
  const port = await freePort();
  const shared: Record<string, string> = { ...env };
  try {
    if (mode === 'redis') {
      // `npm run worker`'s script (glibc's settings, then the worker in its place), else the worker itself.
      const script = ['scripts/worker.mjs', 'packages/server/src/worker.ts'].find((file) => existsSync(path.join(root, file)));
      if (!script) {
        throw new Error("Redis mode needs npm run worker (packages/server/src/worker.ts, issue 37's BullMQ queue), which this checkout does not have yet");
      }
      const redisPort = await freePort();
      const redis = launch(
        'redis',
        root,
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {},
        logFile,
        list,
      );
      await waitForRedis(redisPort, redis);
      shared.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
      // Workers on one machine share its cores, as the README tells such a deployment to: each
      // takes its part of them at a time (its cores by default would put more jobs than cores on them).
      // Nor can a worker see the other's jobs, so neither reads ahead of need (README, Configuration).
      const readAhead = process.env.TEXTLIFT_READ_AHEAD ?? '0';
      for (let n = 0; n < WORKERS; n++) {
        const part = Math.max(1, Math.floor((os.availableParallelism() + n) / WORKERS));
        const concurrency = process.env.TEXTLIFT_CONCURRENCY ?? String(part);
        launch(
          `worker ${n + 1}`,
          root,
          nodeOf(root),
          [script],
          { ...MALLOC_ENV, ...shared, TEXTLIFT_CONCURRENCY: concurrency, TEXTLIFT_READ_AHEAD: readAhead },
          logFile,
          list,
        );
      }
    }
    launch('server', root, nodeOf(root), ['scripts/start.mjs'], { ...shared, PORT: String(port), HOST: '127.0.0.1' }, logFile, list);
    const deadline = performance.now() + START_TIMEOUT_MS;
    for (;;) {
      const ended = list.find((managed) => managed.exit);
      if (ended) throw new Error(`${ended.name} ${ended.exit} before the server answered; see ${logFile}`);
      if (performance.now() > deadline) throw new Error(`the server did not answer /healthz in ${START_TIMEOUT_MS / 1000} s; see ${logFile}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {}
      await sleep(250);
    }
  } catch (error) {
    await stopAll(list);
    throw error;
  }
  return {
    mode,
    port,
    pids: () => list.map(({ name, child }) => ({ name, pid: child.pid! })),
    rss: () => list.reduce((sum, { child }) => sum + (child.pid ? treeRss(child.pid) : 0), 0),
    cpuSeconds: () => list.reduce((sum, { child }) => sum + (child.pid ? cpuSecondsOf(child.pid) : 0), 0),
    died: () => {
      const ended = list.find((managed) => managed.exit);
      return ended && `${ended.name} ${ended.exit}`;
    },
    stop: () => stopAll(list),
  };
}
