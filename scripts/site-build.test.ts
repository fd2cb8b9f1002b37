import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { buildIfChanged, inputsHash, isBuildCurrent, STAMP } from './site-build.mjs';

const top = mkdtempSync(path.join(tmpdir(), 'textlift-build-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
let root = '';

function put(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A checkout in miniature, built: its stamp matches its inputs. */
beforeEach(() => {
  root = mkdtempSync(path.join(top, 'checkout-'));
  put('packages/web/src/main.tsx', 'render()');
  put('packages/web/vite.config.ts', 'export default {}');
  put('packages/core/src/tools.ts', 'export const tools = []');
  put('package.json', '{}');
  put('package-lock.json', '{}');
  put('tsconfig.base.json', '{}');
  put('node_modules/.package-lock.json', '{"packages":{"node_modules/vite":{"version":"8.3.8"}}}');
  put('packages/web/dist/index.html', '<html>');
  put(STAMP, `${inputsHash(root)}\n`);
});

test('a build is current until a source, the config or an installed package changes', () => {
  expect(isBuildCurrent(root)).toBe(true);
  const changes: [string, string][] = [
    ['packages/core/src/tools.ts', 'export const tools = [1]'],
    ['packages/web/vite.config.ts', 'export default { base: "/" }'],
    ['packages/web/src/pages/new-page.tsx', 'new'],
    ['node_modules/.package-lock.json', '{"packages":{"node_modules/vite":{"version":"8.3.9"}}}'],
    ['package-lock.json', '{"lockfileVersion":3}'],
  ];
  for (const [file, text] of changes) {
    const before = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : undefined;
    put(file, text);
    expect(isBuildCurrent(root), file).toBe(false);
    if (before === undefined) rmSync(path.join(root, file));
    else put(file, before);
    expect(isBuildCurrent(root), file).toBe(true);
  }
});

test('what a build writes, or a package’s own node_modules, is not an input', () => {
  put('packages/web/dist/assets/index-abc.js', 'built');
  put('packages/web/dist-ssr/entry-server.js', 'built');
  put('packages/web/node_modules/.vite/deps.json', '{}');
  expect(isBuildCurrent(root)).toBe(true);
});

test('a missing site, or a stamp from other inputs, is not current', () => {
  rmSync(path.join(root, 'packages/web/dist'), { recursive: true });
  expect(isBuildCurrent(root)).toBe(false);
  put('packages/web/dist/index.html', '<html>');
  put(STAMP, 'an older build\n');
  expect(isBuildCurrent(root)).toBe(false);
});

/** An npm that records its calls and builds (writes dist/index.html) or fails. */
function fakeNpm(status: number) {
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh\necho "npm $*" >> ${bin}/calls\nmkdir -p packages/web/dist && echo '<html>' > packages/web/dist/index.html\nexit ${status}\n`,
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  const previous = process.env.PATH;
  process.env.PATH = `${bin}:${previous}`;
  return {
    calls: () => (existsSync(path.join(bin, 'calls')) ? readFileSync(path.join(bin, 'calls'), 'utf8').trim().split('\n') : []),
    restore: () => (process.env.PATH = previous),
  };
}

function output() {
  const out = {
    text: '',
    write: (chunk: string) => {
      out.text += chunk;
      return true;
    },
  };
  return out;
}

test('start builds only when the inputs changed, and says which it did', () => {
  const npm = fakeNpm(0);
  try {
    const quiet = output();
    expect(buildIfChanged(root, { out: quiet })).toBe(true);
    expect(npm.calls()).toEqual([]);
    expect(quiet.text).toBe('The site is built and no source changed since.\n');

    put('packages/web/src/main.tsx', 'render(<App />)');
    const rebuilt = output();
    expect(buildIfChanged(root, { out: rebuilt })).toBe(true);
    expect(npm.calls()).toEqual(['npm run --silent build -w @textlift/web']);
    expect(rebuilt.text).toMatch(/^Building the site \(its sources changed; .*\)…\nBuilt the site in \d+ s\.\n$/);
    expect(isBuildCurrent(root)).toBe(true);
  } finally {
    npm.restore();
  }
});

test('a failed build leaves no stamp, so the next start builds again', () => {
  const npm = fakeNpm(1);
  try {
    put('packages/core/src/tools.ts', 'changed');
    const out = output();
    expect(buildIfChanged(root, { out })).toBe(false);
    expect(out.text).toMatch(/Building the site failed/);
    expect(existsSync(path.join(root, STAMP))).toBe(false);
    expect(isBuildCurrent(root)).toBe(false);
  } finally {
    npm.restore();
  }
});
