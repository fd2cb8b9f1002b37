import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { findTool } from '@textlift/core/tools';
import { call, calls, reset } from './held-conversions.ts';
import { doneOutput, useBatch, type BatchItem } from './use-batch.ts';

vi.mock('../workers/conversion-bridge.ts', async () => (await import('./held-conversions.ts')).heldBridge);

// Each test takes milliseconds: one left waiting for an answer that never comes fails in
// seconds, not at the suite's two-minute limit (set for the OCR tests).
vi.setConfig({ testTimeout: 10_000 });

const tool = findTool('pdf-to-text')!;
const pdf = (name: string) => new File([`%PDF-1.7 ${name}`], name, { type: 'application/pdf' });
/** Lets the promises a step started run out, and Preact render what they changed. */
const settle = () => act(() => new Promise<void>((done) => setTimeout(done, 0)));
const statuses = (items: BatchItem[]) => items.map((item) => [item.file.name, item.state.status]);

beforeEach(reset);
afterEach(cleanup);

function batchOf(onSettled?: (item: BatchItem, all: BatchItem[]) => void) {
  const { result, unmount } = renderHook(() => useBatch(tool, onSettled));
  return { batch: () => result.current!, unmount };
}

test('files are converted one at a time, in order, each waiting, then running with its progress, then done or failed', async () => {
  const settled: [string, string[]][] = [];
  const { batch } = batchOf((item, all) => settled.push([item.file.name, all.map((each) => each.state.status)]));
  const files = [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')];
  await act(() => batch().start(files, { language: 'eng' }));
  expect(statuses(batch().items)).toEqual([
    ['a.pdf', 'running'],
    ['b.pdf', 'waiting'],
    ['c.pdf', 'waiting'],
  ]);
  expect(batch().busy).toBe(true);

  const a = await call(0);
  expect([a.slug, a.name, a.options]).toEqual(['pdf-to-text', 'a.pdf', { language: 'eng' }]);
  // The file's own bytes reach the bridge.
  expect(new TextDecoder().decode(a.input.files![0]!.bytes)).toBe('%PDF-1.7 a.pdf');

  a.progress(0.4, 'recognizing');
  await settle();
  expect(batch().items[0]!.state).toMatchObject({ status: 'running', fraction: 0.4, stage: 'recognizing' });
  // A step that starts over does not move the bar back.
  a.progress(0.2, 'rereading');
  await settle();
  expect(batch().items[0]!.state).toMatchObject({ status: 'running', fraction: 0.4, stage: 'rereading' });
  // Nothing else started meanwhile.
  expect(calls).toHaveLength(1);

  a.finish('Alpha');
  await settle();
  expect(statuses(batch().items)).toEqual([
    ['a.pdf', 'done'],
    ['b.pdf', 'running'],
    ['c.pdf', 'waiting'],
  ]);
  expect(doneOutput(batch().items[0]!.state)?.name).toBe('a.pdf.txt');
  expect(settled).toEqual([['a.pdf', ['done', 'waiting', 'waiting']]]);

  const b = await call(1);
  expect(b.name).toBe('b.pdf');
  b.fail('corrupt');
  await settle();
  expect(batch().items[1]!.state).toMatchObject({ status: 'failed', error: { code: 'corrupt' } });

  (await call(2)).finish();
  await settle();
  expect(statuses(batch().items)).toEqual([
    ['a.pdf', 'done'],
    ['b.pdf', 'failed'],
    ['c.pdf', 'done'],
  ]);
  expect(batch().busy).toBe(false);
  expect(settled).toEqual([
    ['a.pdf', ['done', 'waiting', 'waiting']],
    ['b.pdf', ['done', 'failed', 'waiting']],
    ['c.pdf', ['done', 'failed', 'done']],
  ]);
  expect(calls.map((each) => each.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
});

test('the first file is selected at the start, and another can be', async () => {
  const { batch } = batchOf();
  await act(() => batch().start([pdf('a.pdf'), pdf('b.pdf')]));
  expect(batch().selected?.file.name).toBe('a.pdf');
  await act(() => batch().select(batch().items[1]!.id));
  expect(batch().selected?.file.name).toBe('b.pdf');
});

test('rerunning one file stops the batch for it, sends its options to it alone, then finishes the files left', async () => {
  const { batch } = batchOf();
  await act(() => batch().start([pdf('locked.pdf'), pdf('b.pdf'), pdf('c.pdf')], { language: 'eng' }));
  (await call(0)).fail('password-required');
  await settle();
  const b = await call(1);
  await act(() => batch().select(batch().items[1]!.id));

  await act(() => batch().rerun(batch().items[0]!.id, { language: 'eng', password: 'secret' }));
  expect(b.signal.aborted).toBe(true);
  expect(batch().selected?.file.name).toBe('locked.pdf');
  expect(statuses(batch().items)).toEqual([
    ['locked.pdf', 'running'],
    ['b.pdf', 'waiting'],
    ['c.pdf', 'waiting'],
  ]);

  const again = await call(2);
  expect([again.name, again.options]).toEqual(['locked.pdf', { language: 'eng', password: 'secret' }]);
  // The stopped job's late answer changes nothing.
  b.finish();
  again.finish();
  await settle();
  const bAgain = await call(3);
  expect([bAgain.name, bAgain.options]).toEqual(['b.pdf', { language: 'eng' }]);
  expect(statuses(batch().items)).toEqual([
    ['locked.pdf', 'done'],
    ['b.pdf', 'running'],
    ['c.pdf', 'waiting'],
  ]);
  bAgain.finish();
  await settle();
  const c = await call(4);
  expect([c.name, c.options]).toEqual(['c.pdf', { language: 'eng' }]);
  c.finish();
  await settle();
  expect(statuses(batch().items)).toEqual([
    ['locked.pdf', 'done'],
    ['b.pdf', 'done'],
    ['c.pdf', 'done'],
  ]);
  expect(calls).toHaveLength(5);
});

test('clearing cancels the running job, and its late progress and result are dropped', async () => {
  const settled = vi.fn();
  const { batch } = batchOf(settled);
  await act(() => batch().start([pdf('a.pdf'), pdf('b.pdf')]));
  const a = await call(0);
  await act(() => batch().clear());
  expect(a.signal.aborted).toBe(true);
  expect(batch().items).toEqual([]);
  expect(batch().busy).toBe(false);

  a.progress(0.9);
  a.finish();
  await settle();
  expect(batch().items).toEqual([]);
  expect(settled).not.toHaveBeenCalled();
  // The file after it never starts.
  expect(calls).toHaveLength(1);
});

test('a new start replaces the batch: the old job is cancelled, its answer dropped, its other files never run', async () => {
  const settled = vi.fn();
  const { batch } = batchOf(settled);
  await act(() => batch().start([pdf('a.pdf'), pdf('b.pdf')]));
  const a = await call(0);
  await act(() => batch().start([pdf('c.pdf')]));
  expect(a.signal.aborted).toBe(true);
  expect(statuses(batch().items)).toEqual([['c.pdf', 'running']]);
  expect(batch().selected?.file.name).toBe('c.pdf');

  a.finish();
  const c = await call(1);
  expect(c.name).toBe('c.pdf');
  await settle();
  expect(statuses(batch().items)).toEqual([['c.pdf', 'running']]);
  c.finish();
  await settle();
  expect(statuses(batch().items)).toEqual([['c.pdf', 'done']]);
  expect(settled).toHaveBeenCalledTimes(1);
  expect(settled.mock.calls[0]![0].file.name).toBe('c.pdf');
  expect(calls.map((each) => each.name)).toEqual(['a.pdf', 'c.pdf']);
});

test('leaving the page cancels the running job', async () => {
  const { batch, unmount } = batchOf();
  await act(() => batch().start([pdf('a.pdf')]));
  const a = await call(0);
  // Preact runs a removed component's effect cleanups after a frame, which act() brings on.
  await act(() => unmount());
  expect(a.signal.aborted).toBe(true);
});

test("doneOutput gives a finished job's first output, or the one of an extension, and nothing before it is done", () => {
  const bytes = new Uint8Array();
  const outputs = [
    { name: 'a.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes },
    { name: 'a.rtf', type: 'application/rtf', bytes },
  ];
  expect(doneOutput({ status: 'done', result: { outputs } })?.name).toBe('a.docx');
  expect(doneOutput({ status: 'done', result: { outputs } }, '.rtf')?.name).toBe('a.rtf');
  expect(doneOutput({ status: 'done', result: { outputs } }, '.pdf')).toBeUndefined();
  expect(doneOutput({ status: 'running', fraction: 0.5, stage: 'reading' })).toBeUndefined();
  expect(doneOutput(undefined)).toBeUndefined();
});
