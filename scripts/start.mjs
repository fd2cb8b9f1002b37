// npm start: the Debian packages the server uses (installed when it may), the kept-loaded
// tesseract and the site built when their sources changed since the last build, then this
// process becomes the server.
import './check-node.mjs';
import { buildNativeReader } from './native-build.mjs';
import { buildIfChanged } from './site-build.mjs';
import { ensureSystemPackages } from './system-deps.mjs';

await ensureSystemPackages('start');
buildNativeReader();
if (!buildIfChanged()) process.exit(1);

// glibc reads these when a process starts, hence exec rather than an import (README,
// Configuration); exec rather than a child, so signals (Ctrl+C, a service manager's SIGTERM) go
// to the server alone and once, as they did when npm ran it directly.
const env = {
  ...process.env,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || '65536',
};
process.execve(process.execPath, [process.execPath, 'packages/server/src/main.ts'], env);
