import { expect, test } from 'vitest';
import { ConversionError } from '@textlift/core';
import { JobQueue } from './job-queue.ts';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: ConversionError) => error.code,
  );

test('refuses a job with "busy" and a Retry-After once the wait list is full', async () => {
  const queue = new JobQueue(1, 1, 10_000);
  let release!: () => void;
  const blocker = new Promise<void>((resolve) => (release = resolve));
  const running = queue.run(() => blocker);
  const waiting = queue.run(async () => 'second');
  const refused = queue.run(async () => 'third').catch((error: ConversionError) => error);
  const error = await refused;
  expect(error).toBeInstanceOf(ConversionError);
  expect((error as ConversionError).code).toBe('busy');
  expect((error as ConversionError).details.retryAfter).toBeGreaterThanOrEqual(1);
  release();
  await running;
  expect(await waiting).toBe('second');
});

test('stops a job that runs past the timeout and tells it through its signal', async () => {
  const queue = new JobQueue(1, 4, 50);
  let sawAbort = false;
  const result = queue.run(
    (signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => {
          sawAbort = true;
          resolve('late');
        });
      }),
  );
  expect(await codeOf(result)).toBe('timeout');
  expect(sawAbort).toBe(true);
});

test('a request at the door gets the first place freed within its wait, in arrival order; else "busy"', async () => {
  const queue = new JobQueue(1, 0, 10_000);
  const first = await queue.admitWithin(0, 1000);
  const order: string[] = [];
  const arrives = (name: string) =>
    queue.admitWithin(0, 5000).then((admission) => {
      order.push(name);
      return admission;
    });
  const second = arrives('second');
  const third = arrives('third');
  // While others wait at the door, a request that would not wait is refused, not let past them.
  expect(() => queue.admit()).toThrow(ConversionError);
  first.release();
  (await second).release();
  (await third).release();
  expect(order).toEqual(['second', 'third']);

  const held = await queue.admitWithin(0, 1000);
  const began = performance.now();
  expect(await codeOf(queue.admitWithin(0, 150))).toBe('busy');
  expect(performance.now() - began).toBeGreaterThanOrEqual(140);
  // A client gone while waiting leaves the door at once.
  const gone = new AbortController();
  const leaving = codeOf(queue.admitWithin(0, 10_000, gone.signal));
  gone.abort();
  expect(await leaving).toBe('busy');
  held.release();
  expect(queue.idleMs).toBeGreaterThanOrEqual(0);
  (await queue.admitWithin(0, 0)).release();
});
