import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, test } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, LockedPackage> };

// npm's own engine check runs on the machine's Node during `npm ci`, before the pinned Node 24
// is installed, so .npmrc turns its warnings off; this is the check against the Node that runs
// the code. Optional packages are left out as npm leaves them out: one that refuses this Node (or
// this platform) is skipped, not installed (sharp's Windows builds want Node 20).
test('every locked package accepts the Node the project runs on', () => {
  const ranges = Object.entries(lock.packages)
    .filter(([, locked]) => !locked.optional)
    .map(([path, locked]) => ({ path, range: Array.isArray(locked.engines) ? undefined : locked.engines?.node }))
    .filter((entry): entry is { path: string; range: string } => Boolean(entry.range));
  expect(ranges.length).toBeGreaterThan(100);
  const refused = ranges.filter(({ range }) => !semver.satisfies(process.version, range, { includePrerelease: true }));
  expect(refused).toEqual([]);
});

test('the check refuses a package that wants another Node', () => {
  expect(semver.satisfies('v20.20.2', '>=22.12.0')).toBe(false);
  expect(semver.satisfies(process.version, '^22 || ^24 || >=26')).toBe(true);
});
