// Word to PDF and Word to JPG through the real API, laid out by the real LibreOffice: corpus
// documents checked by poppler and qpdf, hostile documents refused before LibreOffice starts,
// six jobs at once queued, a client that leaves freeing its slot, and a server without LibreOffice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { sealedDocx, zipBombDocx } from '../../../../test-support/word-documents.ts';
import { wordShare } from '../../../../test-support/word-share.ts';
import { form, start, until, type Server } from '../hostile/fixtures.ts';

const work = mkdtempSync(path.join(tmpdir(), 'word-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const word = (name: string) => new Uint8Array(corpusFile(`word/${name}`));

/**
 * LibreOffice's processes started by this file's servers, defunct ones too: those below this process, and
 * any that outlived it (found by this process's profile folders in their command line). Other test files run
 * LibreOffice at the same time with their own profiles.
 */
function officeProcesses(): Array<{ pid: number; state: string }> {
  const seen = new Map<number, { name: string; state: string; parent: number; ours: boolean }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state = '', parent = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      seen.set(Number(entry), {
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        state,
        parent: Number(parent),
        ours: commandLine.includes(`/libreoffice-profiles/${process.pid}-`),
      });
    } catch {
      // Gone while we looked.
    }
  }
  const below = (pid: number): boolean => {
    for (let at = seen.get(pid); at; at = seen.get(at.parent)) if (at.parent === process.pid) return true;
    return false;
  };
  return [...seen]
    .filter(([pid, found]) => /^(soffice|soffice\.bin|oosplash)$/.test(found.name) && (found.ours || below(pid)))
    .map(([pid, { state }]) => ({ pid, state }));
}

async function convert(server: Server, slug: string, bytes: Uint8Array, name: string, signal?: AbortSignal) {
  const response = await fetch(`${server.origin}/api/v1/convert/${slug}`, { method: 'POST', body: form(bytes, name), signal });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

const jobs = async (server: Server) => ((await (await fetch(`${server.origin}/healthz`)).json()) as { jobs: { running: number; waiting: number } }).jobs;

function checkPdf(bytes: Uint8Array, name: string) {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  return { pages, fonts, text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }) };
}

describe('Word to PDF and Word to JPG on a server with LibreOffice', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ concurrency: 2, queueLimit: 16, jobTimeoutMs: 120_000 });
  });
  afterAll(() => server.app.close());

  test('six corpus documents sent at once are queued, not refused, and each PDF holds its document; Word to JPG answers its pages', async () => {
    const documents = ['poi-Bug47742.doc', 'poi-61490-zh.doc', 'poi-SampleDoc.docx', 'poi-61470-ja.docx', 'pydocx-tbl-cell-access.docx'];
    // The sixth at once is Word to JPG, of a two-page RTF letter (a type people expect to work too).
    const letter = strToU8('{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Liberation Serif;}}\\f0\\fs24 Page one of the letter.\\page Page two of the letter.\\par}');
    // And a one-page note: its page as a .jpg, not a .zip of one, named after the document.
    const note = strToU8('{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Liberation Serif;}}\\f0\\fs24 One page only.\\par}');
    const [jpegs, onePage, ...answers] = await Promise.all([
      convert(server, 'word-to-jpg', letter, 'letter.rtf'),
      convert(server, 'word-to-jpg', note, 'Notiz für Ana.rtf'),
      ...documents.map((name) => convert(server, 'word-to-pdf', word(name), name)),
    ]);
    expect([onePage!.status, onePage!.type]).toEqual([200, 'image/jpeg']);
    expect(onePage!.disposition).toBe(`attachment; filename="Notiz fur Ana_page_1.jpg"; filename*=UTF-8''Notiz%20f%C3%BCr%20Ana_page_1.jpg`);
    expect([...onePage!.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpegs!.status).toBe(200);
    expect(jpegs!.type).toBe('application/zip');
    expect(jpegs!.disposition).toBe('attachment; filename=letter_pages.zip');
    const entries = unzipSync(jpegs!.body);
    expect(Object.keys(entries).sort()).toEqual(['letter_page_1.jpg', 'letter_page_2.jpg']);
    for (const jpeg of Object.values(entries)) expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    for (const [index, name] of documents.entries()) {
      const answer = answers[index]!;
      expect(answer.status, name).toBe(200);
      expect(answer.type).toBe('application/pdf');
      expect(answer.disposition).toContain(`${name.replace(/\.docx?$/, '')}.pdf`);
      const { pages, fonts, text } = checkPdf(answer.body, name);
      // Every font LibreOffice used is embedded (pdffonts' "emb" column).
      for (const font of fonts) expect(font.split(/\s+/).at(-5), `${name}: ${font}`).toBe('yes');
      // The words as an independent reader finds them: mammoth for a .docx, POI's own text for its .doc.
      // The Chinese .doc has no such text: it is held to its share of Han characters below.
      if (name === 'poi-61490-zh.doc') continue;
      // mammoth reads no ruby text: the Japanese one's words are the corpus note's, 東京 with its furigana.
      const reference =
        name === 'poi-61470-ja.docx'
          ? 'とうきょう 東京'
          : name.endsWith('.docx')
            ? (await mammoth.extractRawText({ buffer: Buffer.from(word(name)) })).value
            : corpusFile('word/poi-Bug47742.expected.txt').toString('utf8');
      const share = wordShare(reference, text)!;
      console.info(`${name}: ${pages} pages, ${(share * 100).toFixed(1)}% of its words`);
      expect(share, name).toBeGreaterThanOrEqual(0.98);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(1 + Math.ceil(reference.length / 100));
    }
    // The Chinese .doc: its Han characters drawn and found, not boxes or nothing.
    const chinese = checkPdf(answers[1]!.body, 'zh');
    expect(chinese.pages).toBe(1);
    expect(chinese.text.match(/\p{Script=Han}/gu)?.length ?? 0).toBeGreaterThan(100);
    expect(officeProcesses()).toEqual([]);
  });

  test('damaged, sealed, bomb and renamed files get a clear 4xx at once, and LibreOffice never starts', async () => {
    const hostile: Array<[string, Uint8Array, number, string]> = [
      ['poi-clusterfuzz-6442791109263360.docx', word('poi-clusterfuzz-6442791109263360.docx'), 422, 'corrupt'],
      ['poi-truncated62886.docx', word('poi-truncated62886.docx'), 422, 'corrupt'],
      ['locked.docx', sealedDocx(), 422, 'encrypted'],
      ['bomb.docx', zipBombDocx(400 * 1024 * 1024), 413, 'too-large'],
      ['photo.docx', new Uint8Array(corpusFile('ocr/pytesseract-test.jpg')), 415, 'unsupported-type'],
      ['notes.docx', strToU8('just some text, not a document'), 415, 'unsupported-type'],
    ];
    for (const [name, bytes, status, code] of hostile) {
      const started = performance.now();
      const answer = await convert(server, 'word-to-pdf', bytes, name);
      expect(answer.status, name).toBe(status);
      expect(JSON.parse(new TextDecoder().decode(answer.body)), name).toMatchObject({ error: { code } });
      expect(performance.now() - started, name).toBeLessThan(2000);
    }
    expect(officeProcesses()).toEqual([]);
  });

  test('a client that hangs up mid-conversion frees its slot within a second, with LibreOffice killed and reaped', async () => {
    const client = new AbortController();
    const pending = convert(server, 'word-to-pdf', word('poi-bug59058.docx'), 'big.docx', client.signal).catch((error: Error) => error.name);
    expect(await until(() => officeProcesses().some((process) => process.state !== 'Z'), 15_000)).toBeGreaterThanOrEqual(0);
    client.abort();
    expect(await pending).toBe('AbortError');
    const freed = await until(async () => (await jobs(server)).running === 0 && officeProcesses().length === 0, 1000);
    console.info(`client gone mid-conversion: slot free and LibreOffice reaped after ${Math.round(freed)} ms`);
    expect(freed).toBeGreaterThanOrEqual(0);
    // The slot's profile, rebuilt after the kill, serves the next job.
    const next = await convert(server, 'word-to-pdf', word('mammoth-simple-list.docx'), 'list.docx');
    expect(next.status).toBe(200);
    // No job folder is left behind, in memory or on disk (another file's jobs may still be finishing).
    const jobFolders = () => ['/dev/shm', tmpdir()].flatMap((root) => readdirSync(root).filter((name) => name.startsWith('textlift-office-')));
    expect(await until(() => jobFolders().length === 0, 20_000)).toBeGreaterThanOrEqual(0);
  });
});

test('a server closed while it warms LibreOffice up stops it, and leaves no process, job folder or profile', async () => {
  const dataDir = path.join(work, 'data');
  const server = await start({ concurrency: 2, officeWarmUp: true, dataDir });
  expect(await until(() => officeProcesses().length > 0, 10_000)).toBeGreaterThanOrEqual(0);
  await server.app.close();
  expect(officeProcesses()).toEqual([]);
  expect(readdirSync(path.join(dataDir, 'libreoffice-profiles'))).toEqual([]);
  expect(['/dev/shm', tmpdir()].flatMap((root) => readdirSync(root).filter((name) => name.startsWith(`textlift-office-${process.pid}-`)))).toEqual([]);
});

describe('a server without LibreOffice', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ office: 'off' });
  });
  afterAll(() => server.app.close());

  test('says so in /healthz and answers the Word tools 503 engine-unavailable', async () => {
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { office: { available: boolean } };
    expect(health.office).toEqual({ available: false });
    const answer = await convert(server, 'word-to-pdf', word('poi-SampleDoc.docx'), 'a.docx');
    expect(answer.status).toBe(503);
    expect(JSON.parse(new TextDecoder().decode(answer.body))).toMatchObject({ error: { code: 'engine-unavailable' } });
  });
});
