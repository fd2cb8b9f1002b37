import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFRef } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, test } from 'vitest';
import { ConversionError, runTool, type ConversionHost, type ConversionResult, type InputFile, type ProgressCallback } from '@textlift/core';
import { corpusDir, corpusFile } from '../../../../test-support/corpus.ts';

// Merging needs nothing from the host (no OCR, no images, no fonts): an empty one proves it.
const host = {} as ConversionHost;
const work = mkdtempSync(path.join(tmpdir(), 'merge-pdfs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let written = 0;
function writeTemp(bytes: Uint8Array, name = `file-${++written}.pdf`): string {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  return file;
}

async function merge(files: InputFile[], passwords: string[] = [], context: { onProgress?: ProgressCallback; signal?: AbortSignal } = {}) {
  const result = await runTool('merge-pdf', { files }, { passwords }, { host, ...context });
  return { result, file: writeTemp(result.outputs[0]!.bytes) };
}

async function mergeError(files: InputFile[], passwords: string[] = []): Promise<ConversionError> {
  const error = await runTool('merge-pdf', { files }, { passwords }, { host }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

/** A PDF of small pages, each showing one label ("A1", "A2", ...), made with pdf-lib. */
async function labelledPdf(labels: string[], build?: (doc: PDFDocument, pages: PDFRef[]) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const label of labels) doc.addPage([300, 200]).drawText(label, { x: 40, y: 90, size: 36, font });
  build?.(
    doc,
    doc.getPages().map((page) => page.ref),
  );
  return doc.save();
}

const pdfFile = (name: string, bytes: Uint8Array): InputFile => ({ name, bytes });
const corpusPdf = (name: string): InputFile => ({ name, bytes: new Uint8Array(corpusFile(`pdf/${name}`)) });

// Independent readers: poppler's pdftotext and pdfinfo, qpdf.
function pageText(file: string, page: number, password?: string): string {
  const args = ['-f', String(page), '-l', String(page), ...(password ? ['-upw', password] : []), file, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}
function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}
function qpdfCheck(file: string): { status: number | null; output: string } {
  const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
function expectValid(file: string): void {
  const { status, output } = qpdfCheck(file);
  expect(status, output).toBe(0);
  expect(output).toContain('No syntax or stream encoding errors found');
}
function qpdfJson<T>(file: string, key: string): T {
  const json = execFileSync('qpdf', ['--json', `--json-key=${key}`, file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(json)[key] as T;
}
function isEncrypted(file: string): boolean {
  return !execFileSync('qpdf', ['--show-encryption', file], { encoding: 'utf8' }).includes('File is not encrypted');
}

interface QpdfOutline {
  title: string;
  dest: unknown;
  destpageposfrom1: number | null;
  open: boolean;
  object: string;
  kids: QpdfOutline[];
}
type QpdfObjects = Record<string, { value?: Record<string, unknown> }>;
const objects = (file: string) => qpdfJson<[unknown, QpdfObjects]>(file, 'qpdf')[1];
const pageRefs = (file: string) => qpdfJson<Array<{ object: string }>>(file, 'pages').map((page) => page.object);

function flatten(items: QpdfOutline[], depth = 0): Array<QpdfOutline & { depth: number }> {
  return items.flatMap((item) => [{ ...item, depth }, ...flatten(item.kids, depth + 1)]);
}
/** The page object an explicit destination, or a go-to action holding one, points at. */
function destPage(dest: unknown): string | undefined {
  if (Array.isArray(dest)) return typeof dest[0] === 'string' ? dest[0] : undefined;
  if (dest && typeof dest === 'object' && '/D' in dest) return destPage((dest as { '/D': unknown })['/D']);
  return undefined;
}

const a = labelledPdf(['A1', 'A2', 'A3']);
const b = labelledPdf(['B1', 'B2']);

test('pages of every file, in the order given, in one valid PDF named after the first', async () => {
  const { result, file } = await merge([pdfFile('a.pdf', await a), pdfFile('b.pdf', await b)]);
  expect(result.outputs).toHaveLength(1);
  expect(result.outputs[0]).toMatchObject({ name: 'a_merged.pdf', type: 'application/pdf' });
  expect(result.summary).toEqual({ files: 2, pages: 5 });
  expectValid(file);
  expect(pageCount(file)).toBe(5);
  expect([1, 2, 3, 4, 5].map((page) => pageText(file, page))).toEqual(['A1', 'A2', 'A3', 'B1', 'B2']);
  // Files without bookmarks get none: no outline is invented for them.
  expect(qpdfJson<QpdfOutline[]>(file, 'outlines')).toEqual([]);

  const reversed = await merge([pdfFile('b.pdf', await b), pdfFile('a.pdf', await a), pdfFile('b2.pdf', await b)]);
  expect([1, 2, 3, 4, 5, 6, 7].map((page) => pageText(reversed.file, page))).toEqual(['B1', 'B2', 'A1', 'A2', 'A3', 'B1', 'B2']);
});

test('reports progress file by file and stops when cancelled', async () => {
  const calls: unknown[] = [];
  await merge([pdfFile('a.pdf', await a), pdfFile('b.pdf', await b)], [], { onProgress: (...args) => calls.push(args) });
  expect(calls).toEqual([
    [0, 'reading', { page: 1, pages: 2 }],
    [0.5, 'reading', { page: 2, pages: 2 }],
  ]);
  const controller = new AbortController();
  controller.abort();
  const cancelled = await runTool(
    'merge-pdf',
    { files: [pdfFile('a.pdf', await a), pdfFile('b.pdf', await b)] },
    {},
    { host, signal: controller.signal },
  ).catch((error: unknown) => error);
  expect(cancelled).toMatchObject({ code: 'cancelled' });
});

describe('bookmarks', () => {
  /**
   * Three pages with an outline that uses every kind of destination: a name looked up in the
   * catalog's /Dests, a go-to action with a string looked up in the /Names /Dests tree, an
   * explicit array, and a web link; one item is closed with two children.
   */
  const withOutline = (prefix: string) =>
    labelledPdf([`${prefix}1`, `${prefix}2`, `${prefix}3`], (doc, pages) => {
      const context = doc.context;
      doc.catalog.set(PDFName.of('Dests'), context.obj({ second: [pages[1]!, 'Fit'] }));
      const tree = context.obj({ Names: [PDFString.of('third'), context.obj({ D: [pages[2]!, 'XYZ', 0, 150, null] })] });
      doc.catalog.set(PDFName.of('Names'), context.obj({ Dests: context.register(tree) }));
      const [root, one, two, twoA, twoB] = [1, 2, 3, 4, 5].map(() => context.nextRef()) as [PDFRef, PDFRef, PDFRef, PDFRef, PDFRef];
      const title = (text: string) => PDFHexString.fromText(text);
      context.assign(root, context.obj({ Type: 'Outlines', First: one, Last: two, Count: 2 }));
      context.assign(one, context.obj({ Title: title(`${prefix} eins`), Parent: root, Next: two, Dest: PDFName.of('second') }));
      context.assign(
        two,
        context.obj({
          Title: title(`${prefix} zwei Straße`),
          Parent: root,
          Prev: one,
          First: twoA,
          Last: twoB,
          Count: -2,
          A: { S: 'GoTo', D: PDFString.of('third') },
        }),
      );
      context.assign(twoA, context.obj({ Title: title(`${prefix} zwei a`), Parent: two, Next: twoB, Dest: [pages[0]!, 'Fit'] }));
      context.assign(
        twoB,
        context.obj({ Title: title(`${prefix} zwei b`), Parent: two, Prev: twoA, A: { S: 'URI', URI: PDFString.of('https://example.com/') } }),
      );
      doc.catalog.set(PDFName.of('Outlines'), root);
    });

  test('each file keeps its outline, in file order, its named destinations resolved to its own pages', async () => {
    // The same names ("second", "third") in both files must still lead to each file's own page.
    const { result, file } = await merge([pdfFile('x.pdf', await withOutline('X')), pdfFile('a.pdf', await a), pdfFile('y.pdf', await withOutline('Y'))]);
    expect(result.summary).toEqual({ files: 3, pages: 9 });
    expectValid(file);
    const outline = qpdfJson<QpdfOutline[]>(file, 'outlines');
    const summary = (items: QpdfOutline[]): unknown[] =>
      items.map((item) => ({ title: item.title, page: item.destpageposfrom1, open: item.open, kids: summary(item.kids) }));
    // qpdf calls an item without /Count (no children) open; the closed items are those with children.
    expect(summary(outline)).toEqual([
      { title: 'X eins', page: 2, open: true, kids: [] },
      {
        title: 'X zwei Straße',
        page: 3,
        open: false,
        kids: [
          { title: 'X zwei a', page: 1, open: true, kids: [] },
          { title: 'X zwei b', page: null, open: true, kids: [] },
        ],
      },
      { title: 'Y eins', page: 8, open: true, kids: [] },
      {
        title: 'Y zwei Straße',
        page: 9,
        open: false,
        kids: [
          { title: 'Y zwei a', page: 7, open: true, kids: [] },
          { title: 'Y zwei b', page: null, open: true, kids: [] },
        ],
      },
    ]);
    expect(pageText(file, 2)).toBe('X2');
    expect(pageText(file, 9)).toBe('Y3');

    // The links between items and the counts, read from the objects themselves.
    const all = objects(file);
    const value = (ref: string) => all[`obj:${ref}`]!.value!;
    const catalogRef = Object.keys(all).find((key) => all[key]!.value?.['/Type'] === '/Catalog')!;
    const rootRef = all[catalogRef]!.value!['/Outlines'] as string;
    const root = value(rootRef);
    const top = outline.map((item) => item.object);
    expect(root).toMatchObject({ '/Type': '/Outlines', '/First': top[0], '/Last': top[3], '/Count': 4 });
    top.forEach((ref, index) => {
      const item = value(ref);
      expect(item['/Parent']).toBe(rootRef);
      expect(item['/Prev']).toBe(top[index - 1]);
      expect(item['/Next']).toBe(top[index + 1]);
    });
    const closed = value(top[1]!);
    expect(closed['/Count']).toBe(-2);
    const kids = outline[1]!.kids.map((item) => item.object);
    expect(closed).toMatchObject({ '/First': kids[0], '/Last': kids[1] });
    expect(value(kids[0]!)).toMatchObject({ '/Parent': top[1], '/Next': kids[1] });
    expect(value(kids[1]!)).toMatchObject({ '/Parent': top[1], '/Prev': kids[0], '/A': { '/S': '/URI', '/URI': 'u:https://example.com/' } });
  });

  test('a real outline (pdfLaTeX lecture notes) is kept whole, each bookmark on its page, and its links too', async () => {
    const source = path.join(corpusDir, 'pdf/GeoTopo-komprimiert-de.pdf');
    const { result, file } = await merge([pdfFile('a.pdf', await a), corpusPdf('GeoTopo-komprimiert-de.pdf')]);
    expect(result.summary).toEqual({ files: 2, pages: 120 });
    expectValid(file);

    const sourcePages = pageRefs(source);
    const expected = flatten(qpdfJson<QpdfOutline[]>(source, 'outlines'));
    const actual = flatten(qpdfJson<QpdfOutline[]>(file, 'outlines'));
    expect(expected.length).toBe(35);
    expect(actual.map(({ title, depth, open }) => ({ title, depth, open }))).toEqual(expected.map(({ title, depth, open }) => ({ title, depth, open })));
    // The source's bookmarks are go-to actions to page objects; in the merged file each must be
    // on the same page, three pages later (after a.pdf).
    actual.forEach((item, index) => {
      const sourcePage = sourcePages.indexOf(destPage(expected[index]!.dest)!) + 1;
      expect(sourcePage, expected[index]!.title).toBeGreaterThan(0);
      expect(item.destpageposfrom1, item.title).toBe(sourcePage + 3);
    });
    const chapter = actual.find((item) => item.title === '1.3 Stetigkeit')!;
    expect(pageText(file, chapter.destpageposfrom1!)).toContain('Stetigkeit');

    // Its links name their destinations ("Item.798"); in the merged file they must go to the page
    // poppler finds for that name in the source, as an explicit destination on a merged page.
    const named = new Map<string, number>();
    const dests = execFileSync('pdfinfo', ['-dests', source], { encoding: 'utf8' });
    for (const [, page, name] of dests.matchAll(/^\s*(\d+) \[.*\] "(.*)"$/gm)) named.set(name!, Number(page));
    const sourceObjects = objects(source);
    const mergedObjects = objects(file);
    const mergedPages = pageRefs(file);
    let checked = 0;
    sourcePages.forEach((ref, index) => {
      const annots = (objects: QpdfObjects, page: string) =>
        ((objects[`obj:${page}`]!.value!['/Annots'] ?? []) as string[]).map((annot) => objects[`obj:${annot}`]!.value!);
      const before = annots(sourceObjects, ref);
      const after = annots(mergedObjects, mergedPages[index + 3]!);
      expect(after.length).toBe(before.length);
      before.forEach((annot, position) => {
        const action = annot['/A'] as { '/S': string; '/D': unknown } | undefined;
        if (annot['/Subtype'] !== '/Link' || action?.['/S'] !== '/GoTo' || typeof action['/D'] !== 'string') return;
        const target = named.get(action['/D'].replace(/^u:/, ''));
        if (target === undefined) return;
        const copied = (after[position]!['/A'] as { '/D': unknown })['/D'];
        expect(mergedPages.indexOf(destPage(copied)!) + 1).toBe(target + 3);
        checked++;
      });
    });
    expect(checked).toBeGreaterThan(100);
  });
});

test('filled forms keep their values, the same form twice as two sets of fields', async () => {
  const source = path.join(corpusDir, 'pdf/libreoffice-form.pdf');
  const { file } = await merge([corpusPdf('libreoffice-form.pdf'), corpusPdf('libreoffice-form.pdf')]);
  expectValid(file);
  // The values ("Alice", "Bob") are drawn by the viewer from the form (NeedAppearances).
  expect(pageText(source, 1)).toContain('Alice');
  expect(pageText(file, 1)).toBe(pageText(source, 1));
  expect(pageText(file, 2)).toBe(pageText(source, 1));
  const fields = qpdfJson<{ fields: Array<{ fullname: string; object: string; value: string; pageposfrom1: number }> }>(file, 'acroform').fields;
  const widgets = new Set(fields.map((field) => field.object));
  expect(widgets.size).toBe(18);
  const names = (page: number) => new Set(fields.filter((field) => field.pageposfrom1 === page).map((field) => field.fullname));
  expect(names(1).size).toBe(8);
  expect(names(2).size).toBe(8);
  expect([...names(1)].filter((name) => names(2).has(name))).toEqual([]);
  expect(fields.filter((field) => field.value === 'u:Alice').map((field) => field.pageposfrom1)).toEqual([1, 2]);
  expect(fields.filter((field) => field.value === 'u:Bob').map((field) => field.pageposfrom1)).toEqual([1, 2]);
});

describe('encrypted files', () => {
  test('opened with their password and written out decrypted, readable text', async () => {
    const source = path.join(corpusDir, 'pdf/libreoffice-writer-password.pdf');
    const { result, file } = await merge([pdfFile('a.pdf', await a), corpusPdf('libreoffice-writer-password.pdf')], ['', 'openpassword']);
    expect(result.summary).toEqual({ files: 2, pages: 4 });
    expectValid(file);
    expect(isEncrypted(file)).toBe(false);
    const text = pageText(file, 4);
    expect(text.length).toBeGreaterThan(10);
    expect(text).toBe(pageText(source, 1, 'openpassword'));

    const other = await merge([corpusPdf('issue6010_1.pdf'), pdfFile('b.pdf', await b)], ['abc', '']);
    expectValid(other.file);
    expect(pageText(other.file, 1)).toBe(pageText(path.join(corpusDir, 'pdf/issue6010_1.pdf'), 1, 'abc'));
  });

  test('without a password: password-required naming the file; a wrong one: wrong-password', async () => {
    const files = [pdfFile('a.pdf', await a), corpusPdf('libreoffice-writer-password.pdf')];
    const missing = await mergeError(files);
    expect(missing.code).toBe('password-required');
    expect(missing.details).toEqual({ index: 1, name: 'libreoffice-writer-password.pdf' });
    const wrong = await mergeError(files, ['', 'not-the-password']);
    expect(wrong.code).toBe('wrong-password');
    expect(wrong.details).toEqual({ index: 1, name: 'libreoffice-writer-password.pdf' });
    // A password given for another file does not stand in for this one's.
    expect((await mergeError(files, ['openpassword', ''])).code).toBe('password-required');
  });

  test('a file with only an owner password opens without asking, even if a password is given', async () => {
    const source = path.join(corpusDir, 'pdf/issue9972-1-owner-only.pdf');
    expect(isEncrypted(source)).toBe(true);
    for (const passwords of [[], ['', 'something']]) {
      const { file } = await merge([pdfFile('a.pdf', await a), corpusPdf('issue9972-1-owner-only.pdf')], passwords);
      expectValid(file);
      expect(isEncrypted(file)).toBe(false);
      expect(pageText(file, 4)).toBe(pageText(source, 1));
      expect(pageText(file, 4).length).toBeGreaterThan(20);
    }
  });

  // Every standard security handler, made by qpdf (an independent writer).
  const handlers = [
    ['RC4 40-bit (R2)', ['--allow-weak-crypto', '--encrypt', 'user', 'owner', '40', '--']],
    ['RC4 128-bit (R3)', ['--allow-weak-crypto', '--encrypt', 'user', 'owner', '128', '--use-aes=n', '--']],
    ['AES 128-bit (R4)', ['--encrypt', 'user', 'owner', '128', '--use-aes=y', '--']],
    ['AES 256-bit (R6)', ['--encrypt', 'user', 'owner', '256', '--']],
  ] as const;
  test.each(handlers)('%s: user or owner password opens it; none or a wrong one is asked for', async (_name, args) => {
    const plain = writeTemp(await labelledPdf(['E1', 'E2']));
    const encrypted = path.join(work, `encrypted-${++written}.pdf`);
    execFileSync('qpdf', [...args, plain, encrypted]);
    const ownerOnly = path.join(work, `owner-only-${++written}.pdf`);
    execFileSync('qpdf', [...args.map((arg) => (arg === 'user' ? '' : arg)), plain, ownerOnly]);
    const files = [pdfFile('a.pdf', await a), pdfFile('secret.pdf', readFileSync(encrypted))];
    for (const password of ['user', 'owner']) {
      const { file } = await merge(files, ['', password]);
      expectValid(file);
      expect(isEncrypted(file)).toBe(false);
      expect([4, 5].map((page) => pageText(file, page))).toEqual(['E1', 'E2']);
    }
    expect(await mergeError(files, ['', ''])).toMatchObject({ code: 'password-required', details: { index: 1, name: 'secret.pdf' } });
    expect(await mergeError(files, ['', 'nope'])).toMatchObject({ code: 'wrong-password', details: { index: 1, name: 'secret.pdf' } });
    const { file } = await merge([pdfFile('owner-only.pdf', readFileSync(ownerOnly)), pdfFile('a.pdf', await a)]);
    expect([1, 2, 3].map((page) => pageText(file, page))).toEqual(['E1', 'E2', 'A1']);
  });
});

/**
 * Damaged inputs: a merge that recovers what it can, or a 'corrupt' error naming the file.
 * A recovered page may carry its source's damaged stream data along (qpdf then reports that it
 * cannot decode it); that is accepted only where qpdf finds the input itself damaged, and only
 * for stream data: the structure of the merged file must be sound.
 */
async function expectMergedOrCorrupt(input: InputFile, passwords: string[] = []): Promise<'merged' | 'corrupt'> {
  const files = [pdfFile('a.pdf', await a), input];
  const started = performance.now();
  const outcome = await runTool('merge-pdf', { files }, { passwords: ['', ...passwords] }, { host }).then(
    (result: ConversionResult) => result,
    (error: unknown) => error,
  );
  expect(performance.now() - started, `${input.name} took too long`).toBeLessThan(10_000);
  if (outcome instanceof ConversionError) {
    expect(outcome.code, `${input.name}: ${outcome.message}`).toBe('corrupt');
    expect(outcome.details).toMatchObject({ index: 1, name: input.name });
    return 'corrupt';
  }
  const result = outcome as ConversionResult;
  const file = writeTemp(result.outputs[0]!.bytes);
  const check = qpdfCheck(file);
  if (check.status !== 0) {
    const sourceCheck = qpdfCheck(writeTemp(input.bytes));
    expect(sourceCheck.status, `${input.name}: merged output fails qpdf --check but the input passes\n${check.output}`).not.toBe(0);
    const problems = check.output.split('\n').filter((line) => /^(WARNING|ERROR)/.test(line));
    for (const line of problems) {
      expect(line, input.name).toMatch(/error decoding stream data|stream will be re-processed without filtering|errors while decoding content stream/);
    }
  }
  expect(pageCount(file)).toBe(result.summary!.pages);
  expect(pageText(file, 1)).toBe('A1');
  return 'merged';
}

describe('damaged files', () => {
  test.each(['poppler-395-0-fuzzed.pdf', 'scan-bad-truncated.pdf', 'issue9418-bad-xref.pdf'])('%s: recovered or reported as corrupt, quickly', async (name) => {
    await expectMergedOrCorrupt(corpusPdf(name));
  });

  test('a page tree whose root object is lost: its pages are found by type, text and all', async () => {
    // poppler-395-0-fuzzed.pdf: the catalog's /Pages 2 0 R no longer exists (renumbered 3 0).
    const { result, file } = await merge([pdfFile('a.pdf', await a), corpusPdf('poppler-395-0-fuzzed.pdf')]);
    expect(result.summary).toEqual({ files: 2, pages: 4 });
    expect(pageText(file, 4)).toContain('Phil Smith');
  });

  test('loops in the page tree and in the outline are followed once, not forever', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const label of ['L1', 'L2']) doc.addPage([300, 200]).drawText(label, { x: 40, y: 90, size: 36, font });
    const [first, second] = doc.getPages().map((page) => page.ref) as [PDFRef, PDFRef];
    const context = doc.context;
    const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
    // The root lists itself among its kids, and the first page twice.
    doc.catalog.Pages().set(PDFName.of('Kids'), context.obj([first, pagesRef, second, first]));
    const [root, one, two] = [1, 2, 3].map(() => context.nextRef()) as [PDFRef, PDFRef, PDFRef];
    context.assign(root, context.obj({ Type: 'Outlines', First: one, Last: two, Count: 2 }));
    // Each item's /Next leads to the other, and the first is its own child.
    context.assign(one, context.obj({ Title: PDFString.of('one'), Parent: root, Next: two, First: one, Last: one, Count: 1, Dest: [first, 'Fit'] }));
    context.assign(two, context.obj({ Title: PDFString.of('two'), Parent: root, Next: one, Prev: one, Dest: [second, 'Fit'] }));
    doc.catalog.set(PDFName.of('Outlines'), root);
    const looped = await doc.save({ addDefaultPage: false, updateFieldAppearances: false });

    const { result, file } = await merge([pdfFile('a.pdf', await a), pdfFile('looped.pdf', looped)]);
    expect(result.summary).toEqual({ files: 2, pages: 5 });
    expectValid(file);
    expect([4, 5].map((page) => pageText(file, page))).toEqual(['L1', 'L2']);
    const outline = qpdfJson<QpdfOutline[]>(file, 'outlines');
    expect(outline.map((item) => [item.title, item.destpageposfrom1, item.kids.length])).toEqual([
      ['one', 4, 0],
      ['two', 5, 0],
    ]);
  });

  test('made-up damage: truncated halfway, garbage after the header, no page tree', async () => {
    const tracemonkey = corpusFile('pdf/tracemonkey.pdf');
    const halfway = new Uint8Array(tracemonkey.subarray(0, tracemonkey.length / 2));
    // Its trailer is lost with the second half, and with it the fonts its pages use: an error.
    expect(await expectMergedOrCorrupt(pdfFile('half.pdf', halfway))).toBe('corrupt');
    const garbage = new TextEncoder().encode(`%PDF-1.7\n${'garbage ( [ << /'.repeat(2000)}\n%%EOF\n`);
    expect(await expectMergedOrCorrupt(pdfFile('garbage.pdf', garbage))).toBe('corrupt');
    const noPages = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    expect(await expectMergedOrCorrupt(pdfFile('no-pages.pdf', noPages))).toBe('corrupt');
  });
});

test('every PDF of the corpus merges into a valid file or fails with a clear error, never hangs', async () => {
  const manifest = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').split('\n');
  const passwords = new Map<string, string>();
  for (const line of manifest) {
    const [file, , , , , , , note] = line.split('\t');
    const password = /password: (\S+?)(?: \(|;|$)/.exec(note ?? '')?.[1];
    if (file && password) passwords.set(file, password);
  }
  const names = readdirSync(path.join(corpusDir, 'pdf')).filter((name) => name.endsWith('.pdf'));
  expect(names.length).toBeGreaterThanOrEqual(20);
  const outcomes: Record<string, string> = {};
  for (const name of names) {
    const password = passwords.get(`pdf/${name}`);
    outcomes[name] = await expectMergedOrCorrupt(corpusPdf(name), password ? [password] : []);
  }
  // Every file but the damaged ones must merge.
  const failed = Object.keys(outcomes).filter((name) => outcomes[name] !== 'merged');
  expect(
    failed.every((name) => /fuzzed|bad|truncated/.test(name)),
    failed.join(', '),
  ).toBe(true);
}, 60_000);
