import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { installCommand, installQuietly, missingPackages } from './system-deps.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'textlift-apt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An apt-get that talks as much as the real one, then exits with `status`. */
function fakeAptGet(status: number) {
  const bin = mkdtempSync(path.join(dir, 'bin-'));
  const lines = Array.from({ length: 150 }, (_, i) => `echo "Get:${i} http://deb.debian.org/debian bookworm/main amd64 lib${i} [${i} kB]"`);
  writeFileSync(
    path.join(bin, 'apt-get'),
    `#!/bin/sh\necho "apt-get $*" >> ${bin}/calls\n${lines.join('\n')}\necho "Setting up lib1 (1.0) ..."\n` +
      `${status ? 'echo "E: Unable to locate package fonts-nowhere" >&2\n' : ''}exit ${status}\n`,
  );
  chmodSync(path.join(bin, 'apt-get'), 0o755);
  return { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, calls: () => readFileSync(path.join(bin, 'calls'), 'utf8') };
}

function terminal(isTTY = false) {
  const out = {
    text: '',
    isTTY,
    write: (chunk: string) => {
      out.text += chunk;
      return true;
    },
  };
  return out;
}

test('apt installs quietly: one line naming the packages, one when done; its output kept in a file', async () => {
  const apt = fakeAptGet(0);
  const out = terminal();
  const log = path.join(dir, 'ok.log');
  expect(await installQuietly(['tesseract-ocr', 'fonts-dejavu'], { out, env: apt.env, log })).toBe(true);
  const lines = out.text.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Installing Debian packages .*: tesseract-ocr fonts-dejavu$/);
  expect(lines[1]).toMatch(/^Installed 2 Debian packages in \d+ s\.$/);
  expect(readFileSync(log, 'utf8').split('\n').length).toBeGreaterThan(150);
  expect(apt.calls()).toMatch(/install -y --no-install-recommends tesseract-ocr fonts-dejavu/);
  expect(apt.calls()).toMatch(/-qq/);
});

test('in a terminal, dpkg’s current step is shown in place and cleared at the end', async () => {
  const apt = fakeAptGet(0);
  const out = terminal(true);
  expect(await installQuietly(['tesseract-ocr'], { out, env: apt.env, log: path.join(dir, 'tty.log') })).toBe(true);
  expect(out.text).toContain('\r\x1b[K  Setting up lib1…');
  // What stays on screen once each in-place line is overwritten: the two lines.
  const shown = out.text.split('\n').map((line) => line.split('\r\x1b[K').pop());
  expect(shown.filter(Boolean)).toEqual([
    expect.stringMatching(/^Installing Debian packages/),
    expect.stringMatching(/^Installed the Debian package in \d+ s\.$/),
  ]);
});

test('a failed install shows apt’s last lines and where the rest is', async () => {
  const apt = fakeAptGet(100);
  const out = terminal();
  const log = path.join(dir, 'failed.log');
  expect(await installQuietly(['fonts-nowhere'], { out, env: apt.env, log })).toBe(false);
  expect(out.text).toMatch(/failed \(apt-get: 100\)/);
  expect(out.text).toContain('E: Unable to locate package fonts-nowhere');
  expect(out.text).toContain(log);
  expect(out.text.split('\n').length).toBeLessThan(30);
});

test('what is missing, and the command a person runs for it', () => {
  const missing = missingPackages('start', { commandExists: (command: string) => command !== 'tesseract', fileExists: () => true });
  expect(missing.map((pkg: { name: string }) => pkg.name)).toEqual(['tesseract-ocr']);
  expect(missingPackages('test', { commandExists: () => true, fileExists: () => true })).toEqual([]);
  // The tests start a redis-server; the site itself runs without one.
  const withoutRedis = (command: string) => command !== 'redis-server';
  expect(missingPackages('test', { commandExists: withoutRedis, fileExists: () => true }).map((pkg: { name: string }) => pkg.name)).toEqual(['redis-server']);
  expect(missingPackages('start', { commandExists: withoutRedis, fileExists: () => true })).toEqual([]);
  expect(installCommand(['qpdf', 'zbar-tools'])).toBe('apt-get update && apt-get install -y --no-install-recommends qpdf zbar-tools');
});

test('Debian’s model of every OCR language but English (which tesseract-ocr brings): required by the tests, optional to start', async () => {
  const { packages } = await import('./system-deps.mjs');
  const { bundledOcrLanguages } = await import('../packages/core/src/ocr/languages.ts');
  const models = (mode: 'start' | 'test') =>
    (packages[mode] as Array<{ name: string; file?: string; required: boolean }>).filter((pkg) => pkg.name.startsWith('tesseract-ocr-'));
  const expected = bundledOcrLanguages.filter((code) => code !== 'eng').map((code) => `tesseract-ocr-${code.replace('_', '-')}`);
  expect(models('test').map((pkg) => pkg.name)).toEqual(expected);
  expect(models('test').every((pkg) => pkg.required)).toBe(true);
  expect(models('start').map((pkg) => pkg.name)).toEqual(expected);
  expect(models('start').some((pkg) => pkg.required)).toBe(false);
  expect(models('test').find((pkg) => pkg.name === 'tesseract-ocr-chi-sim')?.file).toBe('/usr/share/tesseract-ocr/5/tessdata/chi_sim.traineddata');
  const missing = missingPackages('test', { commandExists: () => true, fileExists: (file: string) => !file.endsWith('/fra.traineddata') });
  expect(installCommand(missing.map((pkg: { name: string }) => pkg.name))).toBe(
    'apt-get update && apt-get install -y --no-install-recommends tesseract-ocr-fra',
  );
});
