import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { LIMIT, longLines } from './check-line-length.mjs';

test('names each line over the limit by its number and length, counting characters', () => {
  const text = ['short', 'x'.repeat(11), 'é'.repeat(10), '😀'.repeat(10), 'y'.repeat(12)].join('\n');
  expect(longLines('a.ts', text, 10)).toEqual(['a.ts:2: 11 characters', 'a.ts:5: 12 characters']);
  expect(longLines('a.ts', 'z'.repeat(LIMIT))).toEqual([]);
  expect(longLines('a.ts', `\n${'z'.repeat(LIMIT + 1)}`)).toEqual([`a.ts:2: ${LIMIT + 1} characters`]);
});

test("the limit is the formatter's line width", () => {
  const config = readFileSync(new URL('../biome.jsonc', import.meta.url), 'utf8');
  expect(config.match(/"lineWidth": (\d+)/)?.[1]).toBe(String(LIMIT));
});
