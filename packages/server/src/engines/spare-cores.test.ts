import { availableParallelism } from 'node:os';
import { afterEach, expect, test } from 'vitest';
import { runTesseract } from './native-tesseract.ts';
import { countJobsWith, hasSpareCore } from './spare-cores.ts';

const setting = process.env.TEXTLIFT_READ_AHEAD;
afterEach(() => {
  countJobsWith(() => 0);
  if (setting === undefined) delete process.env.TEXTLIFT_READ_AHEAD;
  else process.env.TEXTLIFT_READ_AHEAD = setting;
});

test('a reading ahead of need starts for a lone request with a core no reading holds, unless turned off', () => {
  delete process.env.TEXTLIFT_READ_AHEAD;
  countJobsWith(() => 1);
  expect(hasSpareCore(0)).toBe(true);
  expect(hasSpareCore(availableParallelism() - 1)).toBe(true);
  expect(hasSpareCore(availableParallelism())).toBe(false);
  process.env.TEXTLIFT_READ_AHEAD = '0';
  expect(hasSpareCore(0)).toBe(false);
});

test('a server with a second request in, running or waiting, reads only what pages need', () => {
  countJobsWith(() => 2);
  expect(hasSpareCore(0)).toBe(false);
});

test('tesseract refuses a reading ahead of need on a busy server at once, before it reads anything', async () => {
  countJobsWith(() => 3);
  const osd = ['stdin', 'stdout', '--tessdata-dir', '/nonexistent', '-l', 'osd', '--psm', '0'];
  await expect(runTesseract(osd, new Uint8Array(), undefined, { spare: true })).rejects.toMatchObject({ code: 'busy' });
});
