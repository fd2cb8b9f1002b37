import { expect, test } from 'vitest';
import { releaseMemory, releaseWhenIdle } from './idle-memory.ts';

test('memory is given back once per quiet spell, after work, never while busy', async () => {
  const queue = { idleMs: 0 };
  let releases = 0;
  const stop = releaseWhenIdle(queue, { idleMs: 50, everyMs: 10, release: () => releases++ });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    await wait(60);
    expect(releases).toBe(0);
    queue.idleMs = 60;
    await wait(60);
    expect(releases).toBe(1);
    queue.idleMs = 0;
    await wait(30);
    queue.idleMs = 20;
    await wait(30);
    expect(releases).toBe(1);
    queue.idleMs = 100;
    await wait(40);
    expect(releases).toBe(2);
  } finally {
    stop();
  }
});

test('the release collects garbage: a dropped 64 MB buffer no longer counts', () => {
  let big: Uint8Array | undefined = new Uint8Array(64 * 1024 * 1024).fill(1);
  const held = process.memoryUsage().arrayBuffers;
  expect(big.length).toBe(64 * 1024 * 1024);
  big = undefined;
  releaseMemory();
  expect(process.memoryUsage().arrayBuffers).toBeLessThan(held - 60 * 1024 * 1024);
});
