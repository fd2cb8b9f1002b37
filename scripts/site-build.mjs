// Builds the site (packages/web: client, server render, prerendered pages) and records what it was
// built from, so `npm start` builds again only when that changed.
// Usage: node scripts/site-build.mjs              always builds (npm run build, npm test)
//        node scripts/site-build.mjs --if-changed builds only when the inputs changed (npm start)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a build reads: both packages' files (sources, public files, build scripts and config;
 * tests too, which costs a needless build now and then but never a stale site), the root's
 * config, and the dependencies as installed (npm rewrites node_modules/.package-lock.json on
 * every install, with each package's version and integrity).
 */
export const INPUTS = ['packages/web', 'packages/core', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'node_modules/.package-lock.json'];

/** Folders inside the inputs that are not read by a build, or are written by it. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr']);

/** The build's output that must be there; a start with it missing builds. */
export const OUTPUT = 'packages/web/dist/index.html';

/** Written after a whole build; inside the server render's output, which every build empties. */
export const STAMP = 'packages/web/dist-ssr/build-inputs.sha256';

function listFiles(root, relative, files) {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) listFiles(root, child, files);
    } else if (entry.isFile()) files.push(child);
  }
}

/** SHA-256 of every input file's path and bytes, in a fixed order. */
export function inputsHash(root = '.') {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const full = path.join(root, input);
    const files = [];
    if (!existsSync(full)) hash.update(`missing ${input}\0`);
    else if (statSync(full).isDirectory()) listFiles(root, input, files);
    else files.push(input);
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether the built site is whole and was built from the inputs as they are now. */
export function isBuildCurrent(root = '.', hash = inputsHash(root)) {
  const stamp = path.join(root, STAMP);
  return existsSync(path.join(root, OUTPUT)) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/**
 * Runs the web package's build. The hash is taken before it starts: a file changed during the
 * build leaves a stamp that no longer matches, so the next start builds again.
 */
export function build(root = '.', { out = process.stdout } = {}) {
  const hash = inputsHash(root);
  rmSync(path.join(root, STAMP), { force: true });
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', '@textlift/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    out.write(`Building the site failed (${result.status ?? result.signal}).\n`);
    return false;
  }
  mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
  writeFileSync(path.join(root, STAMP), `${hash}\n`);
  out.write(`Built the site in ${Math.round((Date.now() - started) / 1000)} s.\n`);
  return true;
}

/** Builds when the site is missing or its inputs changed; says which it did. */
export function buildIfChanged(root = '.', { out = process.stdout } = {}) {
  const hash = inputsHash(root);
  if (isBuildCurrent(root, hash)) {
    out.write('The site is built and no source changed since.\n');
    return true;
  }
  const reason = existsSync(path.join(root, OUTPUT)) ? 'its sources changed' : 'it is not built yet';
  out.write(`Building the site (${reason}; a minute or two)…\n`);
  return build(root, { out });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = process.argv.includes('--if-changed') ? buildIfChanged() : build();
  process.exit(ok ? 0 : 1);
}
