import { expect, test } from 'vitest';

test('runs on the pinned Node 24 LTS, not the system Node', () => {
  expect(process.version).toMatch(/^v24\./);
});
