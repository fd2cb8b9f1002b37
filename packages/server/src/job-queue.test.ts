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
