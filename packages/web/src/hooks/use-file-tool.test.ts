import { act, cleanup, renderHook, waitFor } from '@testing-library/preact';
import { setI18n } from 'react-i18next';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { findTool } from '@textlift/core/tools';
import { addDictionary, translatorFor } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import { call, calls, reset } from './held-conversions.ts';
import { useFileTool, type FileToolConfig } from './use-file-tool.ts';

vi.mock('../workers/conversion-bridge.ts', async () => (await import('./held-conversions.ts')).heldBridge);

// Each test takes milliseconds: one left waiting for an answer that never comes fails in
// seconds, not at the suite's two-minute limit (set for the OCR tests).
vi.setConfig({ testTimeout: 10_000 });

// The pages' words in English, as a page of / gets them (without the app's language scope around it).
addDictionary('en', en);
setI18n(translatorFor('en'));

const pdf = (name: string) => new File([`%PDF-1.7 ${name}`], name, { type: 'application/pdf' });
/** A 1×1 PNG: a picture the page previews. */
const onePixel = atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=');
const png = (name: string) => new File([Uint8Array.from(onePixel, (char) => char.charCodeAt(0))], name, { type: 'image/png' });
const text = (name: string) => new File(['plain words, no document'], name, { type: 'text/plain' });
/** Lets the promises a step started run out, and Preact render what they changed. */
const settle = () => act(() => new Promise<void>((done) => setTimeout(done, 0)));

beforeEach(reset);
afterEach(cleanup);

function fileTool(slug: string, config?: FileToolConfig) {
  const { result } = renderHook(() => useFileTool(findTool(slug)!, config));
  return () => result.current!;
}

test("refused files never start and the page gets its notice; the accepted ones start with the options' values", async () => {
  const page = fileTool('pdf-to-jpg');
  await act(() => page().choose([text('notes.txt')]));
  await settle();
  expect(page().notice).toBe('Please select a valid PDF file.');
  expect(page().batch.items).toEqual([]);
  expect(calls).toEqual([]);
  expect(page().stale).toBe(false);
  expect(page().shownFile).toBeUndefined();

  await act(() => page().choose([text('notes.txt'), pdf('a.pdf'), pdf('b.pdf')]));
  expect(page().notice).toBe('Please select a valid PDF file.');
  expect(page().batch.items.map((item) => item.file.name)).toEqual(['a.pdf', 'b.pdf']);
  const a = await call(0);
  // The registry's defaults; the password is sent only once one is entered.
  expect([a.name, a.options]).toEqual(['a.pdf', { dpi: 150, quality: 85 }]);

  // A choice of good files clears the notice.
  await act(() => page().choose([pdf('c.pdf')]));
  expect(page().notice).toBeUndefined();
});

test('options the page fixes go with every job and are not drawn', async () => {
  const page = fileTool('jpg-to-word', { fixed: { format: 'both' } });
  expect(page().options.shown).toEqual(['language']);
  await act(() => page().choose([png('photo.png')]));
  expect((await call(0)).options).toEqual({ language: 'auto', format: 'both' });
});

test('a changed option forgets the results made with the old one; convert runs the same files with the new', async () => {
  const page = fileTool('pdf-to-jpg');
  await act(() => page().choose([pdf('a.pdf')]));
  const first = await call(0);
  first.finish();
  await settle();
  expect(page().state?.status).toBe('done');
  expect(page().stale).toBe(false);

  await act(() => page().options.set('dpi', 300));
  expect(page().batch.items).toEqual([]);
  expect(page().state).toBeUndefined();
  expect(page().stale).toBe(true);
  // The files stay chosen.
  expect(page().shownFile?.name).toBe('a.pdf');

  await act(() => page().convert());
  expect(page().stale).toBe(false);
  const again = await call(1);
  expect([again.name, again.options]).toEqual(['a.pdf', { dpi: 300, quality: 85 }]);
});

test('a changed option while a file converts cancels its job', async () => {
  const page = fileTool('pdf-to-jpg');
  await act(() => page().choose([pdf('a.pdf')]));
  const running = await call(0);
  await act(() => page().options.set('quality', 50));
  expect(running.signal.aborted).toBe(true);
  running.finish();
  await settle();
  expect(page().state).toBeUndefined();
  expect(page().stale).toBe(true);
});

test('a password converts the selected file again with it, and stays with that file until another is chosen', async () => {
  const page = fileTool('pdf-to-jpg');
  await act(() => page().choose([pdf('locked.pdf')]));
  (await call(0)).fail('password-required');
  await settle();
  expect(page().state).toMatchObject({ status: 'failed', error: { code: 'password-required' } });

  await act(() => page().result.onPassword!('secret'));
  const retry = await call(1);
  expect([retry.name, retry.options]).toEqual(['locked.pdf', { dpi: 150, quality: 85, password: 'secret' }]);
  retry.finish();
  await settle();
  expect(page().state?.status).toBe('done');

  // A changed option converts the same locked file again: the password goes with it.
  await act(() => page().options.set('dpi', 72));
  await act(() => page().convert());
  expect((await call(2)).options).toEqual({ dpi: 72, quality: 85, password: 'secret' });

  // Another file is not sent the first one's password.
  await act(() => page().choose([pdf('other.pdf')]));
  expect((await call(3)).options).toEqual({ dpi: 72, quality: 85 });
});

test('the file shown is the selected one, with a preview where it is a picture; a tool that reads no PDF asks no password', async () => {
  const page = fileTool('image-to-text');
  expect(page().shownFile).toBeUndefined();
  await act(() => page().choose([png('photo.png'), pdf('scan.pdf')]));
  expect((await call(0)).options).toEqual({ language: 'auto' });
  expect(page().shownFile?.name).toBe('photo.png');
  // The preview is made by a module loaded with the first choice; the bound only ends a failing wait.
  await waitFor(() => expect(page().previewUrl).toMatch(/^blob:/), { timeout: 5000 });

  await act(() => page().batch.select(page().batch.items[1]!.id));
  expect(page().shownFile?.name).toBe('scan.pdf');
  expect(page().previewUrl).toBeUndefined();

  calls[0]!.fail('password-required');
  await settle();
  expect(page().result.onPassword).toBeUndefined();
});

test('with keepResults (the hero), a changed option keeps the results; rerun reads the selected file again with the new value', async () => {
  const page = fileTool('image-to-text', { keepResults: true });
  await act(() => page().choose([png('first.png'), png('second.png')]));
  (await call(0)).finish();
  (await call(1)).finish();
  await settle();
  expect(page().batch.items.map((item) => item.state.status)).toEqual(['done', 'done']);

  await act(() => page().options.set('language', 'fra'));
  expect(page().batch.items.map((item) => item.state.status)).toEqual(['done', 'done']);
  expect(page().stale).toBe(false);
  expect(calls).toHaveLength(2);

  await act(() => page().batch.select(page().batch.items[1]!.id));
  await act(() => page().rerun());
  const again = await call(2);
  expect([again.name, again.options]).toEqual(['second.png', { language: 'fra' }]);
  expect(page().batch.items.map((item) => item.state.status)).toEqual(['done', 'running']);
  again.finish('texte');
  await settle();
  expect(page().state).toMatchObject({ status: 'done', result: { text: 'texte' } });
});

test('with group (OCR PDF), the pictures chosen are one job of several files, each PDF a job of its own', async () => {
  const together = async (files: File[]) => [files.filter((file) => file.type === 'application/pdf'), files.filter((file) => file.type !== 'application/pdf')];
  const page = fileTool('ocr-pdf', { group: together });
  await act(() => page().choose([png('one.png'), pdf('scan.pdf'), png('two.png')]));
  expect(page().batch.items.map((item) => item.files.map((file) => file.name))).toEqual([['scan.pdf'], ['one.png', 'two.png']]);
  const first = await call(0);
  expect(first.input.files!.map((file) => file.name)).toEqual(['scan.pdf']);
  first.finish();
  const second = await call(1);
  expect(second.input.files!.map((file) => file.name)).toEqual(['one.png', 'two.png']);
  expect(new TextDecoder().decode(second.input.files![0]!.bytes)).toMatch(/^.PNG/);

  // The job shown names its files together; a changed option converts the same jobs again.
  await act(() => page().batch.select(page().batch.items[1]!.id));
  expect(page().shownFiles.map((file) => file.name)).toEqual(['one.png', 'two.png']);
  await act(() => page().options.set('rotate', 'on'));
  await act(() => page().convert());
  expect((await call(2)).input.files!.map((file) => file.name)).toEqual(['scan.pdf']);
  (await call(2)).finish();
  expect((await call(3)).input.files!.map((file) => file.name)).toEqual(['one.png', 'two.png']);
});
