// One TextLift server of a given checkout as a child process on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../packages/server/src/free-port.ts';
import { isAlive, processTree } from './proc.ts';

export interface Server {
  port: number;
  pid: number;
  child: ChildProcess;
  /** The child's exit, if it has ended (crash, or killed by us). */
  exited: () => string | undefined;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `root`'s server (its own Node 24 when it has one) in its own process group, listening
 * on 127.0.0.1 only, its output appended to `logFile`; resolves once /healthz answers.
 */
export async function startServer(root: string, env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  const rootNode = path.join(root, 'node_modules/.bin/node');
  const log = openSync(logFile, 'a');
  const child = spawn(existsSync(rootNode) ? rootNode : process.execPath, [path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  let exit: string | undefined;
  child.on('exit', (code, signal) => {
    exit = signal ? `killed by ${signal}` : `exited with ${code}`;
  });
  const pid = child.pid!;
  const stop = async () => {
    if (exit) return;
    // Stray processes of the server (tesseract) are in its group; zombies go with their parent.
    const group = () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {}
    };
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
    for (let i = 0; i < 30 && !exit; i++) await sleep(100);
    group();
    for (let i = 0; i < 50 && (!exit || processTree(pid).some(isAlive)); i++) await sleep(100);
  };
  const deadline = performance.now() + 90_000;
  while (performance.now() < deadline) {
    if (exit) throw new Error(`server ${exit} before answering; see ${logFile}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) {
        return { port, pid, child, exited: () => exit, stop };
      }
    } catch {}
    await sleep(200);
  }
  await stop();
  throw new Error(`server on ${port} did not answer /healthz in 90 s; see ${logFile}`);
}
