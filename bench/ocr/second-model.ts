// Issue 34, point 2 (not a test): the per-word choice between npm's best_int and Debian's fast
// model beyond English. Each page is read by our pipeline (native tesseract, as the API reads it)
// twice: every step on, and the step `word-choice` switched off (the server config's ocrSteps),
// and each reading scored against the page's text: character error rate, and order-free word F1
// (a table's cells and a photo's columns come in another order than the truth's).
// Pages, by class:
//   photo     the real phone photos of French pages (../shared/corpus/ocr-photos)
//   print     the two French PDFs those photos were taken of, rendered by poppler at 150 dpi
//   scan      the multilingual scan of the corpus (eurotext: English, German, French, Italian,
//             Spanish, Portuguese), read as eng+deu+fra, and its JPEG copy
//   generated a page of each language's own text (the site's about, privacy and terms pages in
//             that language, packages/web/src/i18n/locales), clean (A4 at 150 dpi,
//             test-support/synthetic-pages.ts) and as a phone photo of it (skewed, lit unevenly, soft, JPEG)
//   cjk       the Simplified Chinese page of the corpus (pdf/issue12823-zh.pdf) rendered at 150 dpi
// Run: node bench/ocr/second-model.ts [--pages fra,deu-photo] [--languages deu,spa]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StepRun } from '@textlift/core/ocr/pipeline';
import { characterErrorRate, wordScores } from '../../test-support/cer.ts';
import { corpusDir } from '../../test-support/corpus.ts';
import { realSamples } from '../../test-support/real-sets.ts';
import { cleanPage, photo } from '../../test-support/synthetic-pages.ts';
import { median } from '../server-process.ts';
import { createPipelineReader, listFlag, mean, percent } from './readers.ts';

const args = process.argv.slice(2);
const pageFilter = listFlag(args, 'pages');
const languageFilter = listFlag(args, 'languages');

interface Page {
  id: string;
  kind: 'photo' | 'print' | 'scan' | 'generated' | 'cjk';
  language: string;
  bytes: Uint8Array;
  expected: string;
}

/** Each OCR language with a second model and the locale file of its own text. */
const LOCALES: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  fil: 'ph',
  ind: 'id',
  deu: 'de',
  por: 'br',
  dan: 'da',
  nld: 'nl',
  pol: 'pl',
  ita: 'it',
  tur: 'tr',
};

/** The site's long texts in one language: paragraphs a person wrote (and translated). */
function proseOf(locale: string): string[] {
  const texts = JSON.parse(readFileSync(path.resolve(`packages/web/src/i18n/locales/${locale}.json`), 'utf8'));
  return ['about', 'privacy', 'terms'].flatMap((section) => (texts[section].sections as Array<{ body: string[] }>).flatMap((item) => item.body));
}

/** A PDF's first page as poppler renders it, grey PNG. */
function rendered(file: string, dpi: number): Uint8Array {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'textlift-second-model-')), 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-f', '1', '-l', '1', '-singlefile', file, root]);
  const bytes = readFileSync(`${root}.png`);
  rmSync(path.dirname(root), { recursive: true });
  return bytes;
}

function pages(): Page[] {
  const list: Page[] = [];
  const photos = realSamples().filter((sample) => sample.set === 'photos');
  for (const sample of photos)
    list.push({ id: path.basename(sample.file, '.jpg'), kind: 'photo', language: 'fra', bytes: readFileSync(sample.file), expected: sample.expected });
  for (const name of ['cod', 'present']) {
    const expected = photos.find((sample) => sample.file.includes(`-${name}-`))!.expected;
    list.push({
      id: `fr-${name}-print`,
      kind: 'print',
      language: 'fra',
      bytes: rendered(path.join(corpusDir, 'ocr-photos', `fr-${name}-source.pdf`), 150),
      expected,
    });
  }
  for (const file of ['eurotext.tif', 'pytesseract-test-european.jpg']) {
    list.push({
      id: file.replace(/\.\w+$/, ''),
      kind: 'scan',
      language: 'eng+deu+fra',
      bytes: readFileSync(path.join(corpusDir, 'ocr', file)),
      expected: readFileSync(path.join(corpusDir, 'ocr', file.replace(/\.\w+$/, '.expected.txt')), 'utf8'),
    });
  }
  for (const [index, [language, locale]] of Object.entries(LOCALES).entries()) {
    if (language === 'eng') continue;
    const page = cleanPage(index, proseOf(locale));
    list.push({ id: `${language}-clean`, kind: 'generated', language, bytes: page.canvas.toBuffer('image/png'), expected: page.text });
    list.push({ id: `${language}-photo`, kind: 'generated', language, bytes: photo(page, index), expected: page.text });
  }
  const zh = path.join(corpusDir, 'pdf', 'issue12823-zh.pdf');
  list.push({
    id: 'zh-knowledge-base',
    kind: 'cjk',
    language: 'chi_sim',
    bytes: rendered(zh, 150),
    expected: execFileSync('pdftotext', ['-layout', zh, '-']).toString(),
  });
  return list.filter(
    (page) =>
      (!pageFilter || pageFilter.some((part) => page.id.includes(part))) && (!languageFilter || languageFilter.some((code) => page.language.includes(code))),
  );
}

/** CJK is written without spaces: its "words" are characters, its score the CER alone. */
const spaced = (page: Page) => page.kind !== 'cjk';

let trace: StepRun[] = [];
const on = await createPipelineReader('native', { steps: { onStep: (run) => trace.push(run) } });
const off = await createPipelineReader('native', { steps: { off: new Set(['word-choice']) } });

interface Row {
  page: Page;
  cer: [number, number];
  f1: [number, number];
  seconds: [number, number];
  choice: string;
}
const rows: Row[] = [];
console.log('| page | class | language | CER off | CER on | word F1 off | word F1 on | s off | s on | word-choice |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const page of pages()) {
  const without = await off.read(page.bytes, page.language);
  trace = [];
  const withChoice = await on.read(page.bytes, page.language);
  const step = trace.find((run) => run.name === 'word-choice');
  const row: Row = {
    page,
    cer: [characterErrorRate(without.text, page.expected), characterErrorRate(withChoice.text, page.expected)],
    f1: spaced(page) ? [wordScores(without.text, page.expected).f1, wordScores(withChoice.text, page.expected).f1] : [Number.NaN, Number.NaN],
    seconds: [without.seconds, withChoice.seconds],
    choice: step ? `${step.changed ? 'changed' : 'kept'} ${step.seconds.toFixed(1)} s` : 'did not run',
  };
  rows.push(row);
  const f1 = (value: number) => (Number.isNaN(value) ? '' : percent(value));
  const error = without.error ?? withChoice.error;
  console.log(
    `| ${page.id} | ${page.kind} | ${page.language} | ${percent(row.cer[0], 2)} | ${percent(row.cer[1], 2)} | ${f1(row.f1[0])} | ${f1(row.f1[1])} | ` +
      `${row.seconds[0].toFixed(1)} | ${row.seconds[1].toFixed(1)} | ${row.choice}${error ? ` (${error})` : ''} |`,
  );
}

console.log('\nby class: mean CER and word F1 with the choice off → on, median seconds per page off → on, pages the choice ran on\n');
console.log('| class | pages | CER | word F1 | seconds | choice ran |');
console.log('|---|---|---|---|---|---|');
for (const kind of ['photo', 'print', 'scan', 'generated', 'cjk'] as const) {
  const of = rows.filter((row) => row.page.kind === kind);
  if (of.length === 0) continue;
  const pair = (pick: (row: Row) => [number, number], digits: number) =>
    `${percent(mean(of.map((row) => pick(row)[0])), digits)} → ${percent(mean(of.map((row) => pick(row)[1])), digits)}`;
  console.log(
    `| ${kind} | ${of.length} | ${pair((row) => row.cer, 2)} | ${kind === 'cjk' ? '' : pair((row) => row.f1, 1)} | ` +
      `${median(of.map((row) => row.seconds[0])).toFixed(1)} → ${median(of.map((row) => row.seconds[1])).toFixed(1)} | ` +
      `${of.filter((row) => row.choice !== 'did not run').length} |`,
  );
}
await Promise.all([on.close(), off.close()]);
