import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/** Starts the real server on a port for a benchmark and waits until /healthz answers. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  // A server already on the port (another bench, a forgotten npm start) would answer the health
  // check and be measured in place of this checkout's.
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already served: stop that server or choose another port`);
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
    // Every page a bench opens is a browser without a cache at 127.0.0.1: the model route's limits are lifted like the API's.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TEXTLIFT_API_RATE_LIMIT: '10000',
      TEXTLIFT_MODEL_RATE_LIMIT: '10000',
      TEXTLIFT_MODEL_DOWNLOAD_LIMIT: '10000',
      ...env,
    },
    stdio: 'inherit',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 100 && !exited; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`server on ${port} did not start`);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Size of a built asset as the server sends it gzipped (its .gz beside it, or the file). */
export function gzipSizeOfAsset(distDir: string, url: string): number {
  const file = path.join(distDir, new URL(url).pathname);
  try {
    return statSync(`${file}.gz`).size;
  } catch {
    return statSync(file).size;
  }
}
