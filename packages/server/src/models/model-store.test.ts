import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../../../../test-support/fake-npm-registry.ts';
import { createModelStore } from './model-store.ts';

/** A real model standing in for Catalan's: French's best_int (0.7 MB, the smallest bundled), as the fake registry serves it. */
const standIn = readFileSync(createRequire(import.meta.url).resolve('@tesseract.js-data/fra/4.0.0_best_int/fra.traineddata.gz'));

let registry: FakeNpmRegistry;
const dirs: string[] = [];
const dataDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'textlift-models-'));
  dirs.push(dir);
  return dir;
};
const tarballsAsked = (code: string) => registry.requests.filter((url) => url === `/tarballs/${code}-1.0.0.tgz`).length;

beforeAll(async () => {
  registry = await startFakeNpmRegistry({
    cat: { model: standIn, extra: { 'package/../../escaped.txt': new TextEncoder().encode('never written') } },
    glg: { model: standIn, tamper: true },
  });
});
afterAll(async () => {
  await registry.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('OCR models fetched on first use', () => {
  test('the first use fetches the package from the registry and keeps its best_int model, gzipped and unpacked, with its integrity', async () => {
    const dir = await dataDir();
    const store = createModelStore({ dataDir: dir, registry: registry.url });
    const [model] = await store.ensure(['cat']);
    expect(model!.gzipFile).toBe(path.join(dir, 'tessdata-gz', 'cat.traineddata.gz'));
    expect(readFileSync(model!.gzipFile).equals(standIn)).toBe(true);
    expect(readFileSync(path.join(dir, 'tessdata', 'cat.traineddata')).equals(gunzipSync(standIn))).toBe(true);
    expect(model!.record).toMatchObject({ package: '@tesseract.js-data/cat', version: '1.0.0', integrity: expect.stringMatching(/^sha512-/) });
    expect(registry.requests).toContain('/@tesseract.js-data%2fcat/1.0.0');
    // Only the model's entry: neither the legacy folder's nor a path that climbs out is written.
    expect((await readdir(path.join(dir, 'tessdata-gz'))).sort()).toEqual(['cat.model.json', 'cat.traineddata.gz']);
    expect(existsSync(path.join(dir, '..', 'escaped.txt')) || existsSync(path.join(dir, 'escaped.txt'))).toBe(false);

    // Another process (a restart) finds it on disk, checked, and asks the registry nothing.
    const asked = tarballsAsked('cat');
    await createModelStore({ dataDir: dir, registry: registry.url }).ensure(['cat']);
    expect(tarballsAsked('cat')).toBe(asked);
    expect(await store.installed()).toEqual([{ code: 'cat', record: model!.record }]);
  });

  test('two first uses at once download once', async () => {
    const store = createModelStore({ dataDir: await dataDir(), registry: registry.url });
    const asked = tarballsAsked('cat');
    const [first, second] = await Promise.all([store.ensure(['cat']), store.ensure(['cat'])]);
    expect(first![0]!.gzipFile).toBe(second![0]!.gzipFile);
    expect(tarballsAsked('cat')).toBe(asked + 1);
  });

  test('a tampered tarball is refused and nothing of it is kept', async () => {
    const dir = await dataDir();
    const store = createModelStore({ dataDir: dir, registry: registry.url });
    const refused = store.ensure(['glg']);
    await expect(refused).rejects.toMatchObject({ code: 'language-unavailable', details: { language: 'glg' } });
    await expect(refused).rejects.toThrow(/does not match the registry's integrity/);
    const kept = await Promise.all(['tessdata-gz', 'tessdata'].map((folder) => readdir(path.join(dir, folder)).catch(() => [])));
    expect(kept.flat()).toEqual([]);
  });

  test('a model changed on disk is found by its recorded hash and fetched again', async () => {
    const dir = await dataDir();
    await createModelStore({ dataDir: dir, registry: registry.url }).ensure(['cat']);
    const plain = path.join(dir, 'tessdata', 'cat.traineddata');
    await writeFile(plain, 'not the model');
    const asked = tarballsAsked('cat');
    await createModelStore({ dataDir: dir, registry: registry.url }).ensure(['cat']);
    expect(tarballsAsked('cat')).toBe(asked + 1);
    expect(readFileSync(plain).equals(gunzipSync(standIn))).toBe(true);
  });

  test('a language that cannot be had answers its error: unknown, unpublished, not installed, registry unreachable', async () => {
    const store = createModelStore({ dataDir: await dataDir(), registry: registry.url });
    await expect(store.ensure(['xyz'])).rejects.toMatchObject({ code: 'language-unavailable', details: { language: 'xyz' } });
    await expect(store.ensure(['afr'])).rejects.toThrow(/answered 404/);
    // Bundled, but this data directory was never prepared.
    await expect(store.ensure(['eng'])).rejects.toMatchObject({ code: 'language-unavailable' });
    const offline = createModelStore({ dataDir: await dataDir(), registry: 'http://127.0.0.1:9' });
    await expect(offline.ensure(['cat'])).rejects.toMatchObject({ code: 'language-unavailable' });
    await expect(offline.ensure(['cat'])).rejects.toThrow(/could not be fetched/);
    // A failure is not kept: the next request tries again.
    await expect(store.ensure(['afr'])).rejects.toMatchObject({ code: 'language-unavailable' });
    expect(registry.requests.filter((url) => url.includes('afr'))).toHaveLength(2);
  });
});
