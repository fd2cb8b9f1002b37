import { afterEach, expect, test, vi } from 'vitest';
import { SearchablePdfStore } from './searchable-pdfs.ts';

afterEach(() => vi.useRealTimers());

test('a PDF is kept under a 128-bit id until its time is up, then gone', () => {
  vi.useFakeTimers();
  const store = new SearchablePdfStore({ ttlMs: 60_000 });
  const id = store.put('scan.pdf', new Uint8Array([1, 2, 3]))!;
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(store.put('scan.pdf', new Uint8Array([1]))).not.toBe(id);
  vi.advanceTimersByTime(59_000);
  expect(store.get(id)).toEqual({ name: 'scan.pdf', bytes: new Uint8Array([1, 2, 3]) });
  vi.advanceTimersByTime(1_000);
  expect(store.get(id)).toBeUndefined();
  expect(store.bytes).toBe(0);
});

test('the oldest go first past the byte bound; one larger than the store is not kept', () => {
  const store = new SearchablePdfStore({ maxBytes: 10 });
  const first = store.put('a.pdf', new Uint8Array(6))!;
  const second = store.put('b.pdf', new Uint8Array(4))!;
  const third = store.put('c.pdf', new Uint8Array(5))!;
  expect(store.get(first)).toBeUndefined();
  expect(store.get(second)?.name).toBe('b.pdf');
  expect(store.get(third)?.name).toBe('c.pdf');
  expect(store.bytes).toBe(9);
  expect(store.put('huge.pdf', new Uint8Array(11))).toBeUndefined();
  store.clear();
});
