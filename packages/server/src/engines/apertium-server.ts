import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../free-port.ts';
import { killGroup } from './processes.ts';
import { execFile } from 'node:child_process';

const run = promisify(execFile);

/** How to install what the server engine of the Image Translator needs, for the log and the README. */
export const APERTIUM_INSTALL = 'apt-get install apertium-apy apertium-eng-spa apertium-fr-es';

const LOOPBACK_SCRIPT = fileURLToPath(new URL('./apy-loopback.py', import.meta.url));

/** APy loads its pairs' programs on the first request of each; it answers /listPairs within a second here. */
const READY_TIMEOUT_MS = 20_000;
/** A pair's pipeline unused this long is stopped, giving its memory back; the next request starts it again (~0.4 s). */
const PIPELINE_IDLE_S = 600;
/** Restarts after a crash wait this long, doubled each time up to the most, and reset after a good run. */
const RESTART_FIRST_MS = 1000;
const RESTART_MOST_MS = 60_000;
const GOOD_RUN_MS = 60_000;

export interface ApertiumServer {
  /** Where APy listens now: http://127.0.0.1:{port}, a new port after a restart. */
  url(): string;
  /**
   * Starts APy where it is not running (on the first translation, so that a server nobody asks
   * to translate runs no Python), and resolves once it answers: false if it did not in time, or
   * while it waits to be restarted after a crash.
   */
  start(): Promise<boolean>;
  /** APy's process id while it runs (for the test that kills it). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

export interface ApertiumLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The interpreter APy's launcher names on its first line (Debian's /usr/bin/python3), which has APy's modules. */
async function apyInterpreter(): Promise<string | undefined> {
  try {
    const { stdout } = await run('sh', ['-c', 'command -v apertium-apy'], { timeout: 5000 });
    const first = (await readFile(stdout.trim(), 'utf8')).split('\n', 1)[0] ?? '';
    const interpreter = /^#!\s*(\S+)/.exec(first)?.[1];
    return interpreter && existsSync(interpreter) ? interpreter : undefined;
  } catch {
    return undefined;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/listPairs`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Apertium's APy (Debian's apertium-apy), started on a loopback port when first needed and kept
 * running: a crash is followed by a restart, after a wait that grows while it keeps failing.
 * Undefined where APy or its language pairs are not installed.
 */
export async function findApertium(modesDir: string, log: ApertiumLog): Promise<ApertiumServer | undefined> {
  if (!existsSync(modesDir)) return undefined;
  const interpreter = await apyInterpreter();
  if (!interpreter) return undefined;
  let url = '';
  let child: ChildProcess | undefined;
  let ready: Promise<boolean> | undefined;
  let closing = false;
  let restartDelay = RESTART_FIRST_MS;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;

  /** The whole group, APy's pipelines (lt-proc, apertium-transfer...) included, even once APy itself has gone. */
  const killApy = () => {
    if (child) killGroup(child, { evenIfExited: true });
  };

  /** After a crash, a launch that failed or an APy that never answered: again later, waiting longer each time. */
  const restartLater = () => {
    if (closing || restartTimer) return;
    log.warn(`Apertium will be started again in ${restartDelay / 1000} s.`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      ready = launch();
    }, restartDelay);
    restartDelay = Math.min(RESTART_MOST_MS, restartDelay * 2);
  };

  const launch = async (): Promise<boolean> => {
    try {
      process.off('exit', killApy);
      process.once('exit', killApy);
      const port = await freePort();
      if (closing) return false;
      url = `http://127.0.0.1:${port}`;
      const started = Date.now();
      // Its own process group (detached), so that its pipelines go with it; only what APy needs of
      // the environment (its programs on the PATH, UTF-8), none of the server's settings or keys.
      const current = spawn(interpreter, [LOOPBACK_SCRIPT, '-p', String(port), '-m', String(PIPELINE_IDLE_S), modesDir], {
        cwd: os.tmpdir(),
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      });
      child = current;
      let lastWords = '';
      current.stderr!.on('data', (chunk: Buffer) => {
        lastWords = (lastWords + chunk.toString('utf8')).slice(-2000);
      });
      current.once('error', (error) => log.warn(`Apertium could not start: ${error.message}`));
      current.once('exit', (code, signal) => {
        ready = undefined;
        killApy();
        if (closing) return;
        if (Date.now() - started > GOOD_RUN_MS) restartDelay = RESTART_FIRST_MS;
        log.warn(`Apertium stopped (${signal ?? `exit ${code}`}). ${lastWords.trim().split('\n').at(-1) ?? ''}`);
        restartLater();
      });
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (Date.now() < deadline && !closing && current.exitCode === null && current.signalCode === null) {
        if (await answers(url)) {
          log.info(`Apertium ready at ${url}`);
          return true;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Alive but silent: killed, so that its exit brings the restart.
      if (!closing) log.warn('Apertium did not answer in time.');
      killApy();
      return false;
    } catch (error) {
      log.warn(`Apertium could not start: ${error instanceof Error ? error.message : String(error)}`);
      ready = undefined;
      restartLater();
      return false;
    }
  };

  return {
    url: () => url,
    start() {
      if (closing || restartTimer) return Promise.resolve(false);
      ready ??= launch();
      return ready;
    },
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      // A launch under way sees `closing` at its next step and ends.
      await ready;
      process.off('exit', killApy);
      const current = child;
      if (!current) return;
      const exited = current.exitCode !== null || current.signalCode !== null ? Promise.resolve() : new Promise((resolve) => current.once('exit', resolve));
      killApy();
      await exited;
    },
  };
}
