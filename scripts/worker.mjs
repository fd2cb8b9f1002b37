// npm run worker: the Debian packages a conversion uses (installed when it may, as npm start
// does), then this process becomes a queue worker (packages/server/src/worker.ts), taking
// conversions from the Redis of REDIS_URL.
import './check-node.mjs';
import { buildNativeReader } from './native-build.mjs';
import { ensureSystemPackages } from './system-deps.mjs';

await ensureSystemPackages('start');
buildNativeReader();

// As npm start: glibc reads these at process start (README, Configuration), and exec keeps the
// signals (Ctrl+C, a service manager's SIGTERM) for the worker alone.
const env = {
  ...process.env,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || '65536',
};
process.execve(process.execPath, [process.execPath, 'packages/server/src/worker.ts'], env);
