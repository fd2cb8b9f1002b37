// Issue 34, point 2 (not a test): each word chosen among several readers. Every document of
// ../shared/corpus/ocr-docs is read as it came (no preparation, Tesseract's automatic layout,
// psm 3, OMP_THREAD_LIMIT=1, TSV: word boxes and confidences) by native tesseract with each
// English model we could ship:
//   best  npm best_int (what we use): .data/tessdata/eng.traineddata
//   fast  Debian's fast model: /usr/share/tesseract-ocr/5/tessdata/eng.traineddata
//   lstm  @tesseract.js-data/eng 4.0.0 (gunzipped to a temp folder), --oem 1: its LSTM
//   legacy  the same file, --oem 0: its legacy engine
// Each reading is scored order-free (test-support/cer.ts wordScores against .expected.txt, as
// docs.ts does), then the best reader per page (an oracle: it knows the truth) and the per-word
// choice (packages/core/src/ocr/choose-words.ts) of several sets of readers, first reader's
// layout kept, with the dictionary of best_int's lstm-word-dawg (dawg2wordlist).
//
// Readings are cached (--cache, default node_modules/.cache/word-choice-readings.json) so the
// choice can be tuned without reading again; --reread reads again.
//
// Run: node bench/ocr/word-choice.ts [flags]
//   --docs table,chart        name substrings
//   --sets best+fast,best+fast+legacy   reader sets chosen among (first = layout)
//   --parallel best+fast      also time two readers run at once on the 2 cores, per document
//   --fit                     also each set with the glyph fit (glyph-fit.ts): candidates drawn in
//                             Liberation Serif and Sans, regular and bold (Debian's fonts-liberation)
//   --ablation best+fast      that set's choice with each rule of CHOICE_WEIGHTS off in turn (with --fit, the fit too)
//   --retime                  with --parallel: read that set again, each alone then at once, for times
//                             taken side by side (the readings cached are kept)
//   --disagreements DOC       list where the chosen word differs from the first reader's, with the truth
//   --classes best+fast       the places where that set's readers differ, by class of disagreement
//                             (a lost word, lone words, a split or merge, letters, punctuation): how
//                             often the first reader, the choice and any reader is right, by the truth's boxes
//   --examples N              and N wrong choices of each class where some reader was right
//   --fixture DOC:x0,y0,x1,y1:best+fast:FILE   writes the readings' lines inside that region, the
//                             true words there and the dictionary's words among them (the unit test's fixture)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CHOICE_WEIGHTS, chooseWords, type PlaceChoice, type Reading } from '../../packages/core/src/ocr/choose-words.ts';
import type { OcrLine } from '../../packages/core/src/ocr/engine.ts';
import { glyphFit, type DrawText } from '../../packages/core/src/ocr/glyph-fit.ts';
import type { GreyImage } from '../../packages/core/src/ocr/preprocess/grey-image.ts';
import { parseTesseractTsv } from '../../packages/core/src/ocr/tsv.ts';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { wordScores } from '../../test-support/cer.ts';
import { corpusDir } from '../../test-support/corpus.ts';
import { median } from '../server-process.ts';
import { listFlag, mean, percent } from './readers.ts';
import { readTruthWords, type TruthWord } from './truth-words.ts';

const startedAt = performance.now();
const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const cacheFile = flag('cache') ?? 'node_modules/.cache/word-choice-readings.json';
const filters = listFlag(args, 'docs');
const reread = args.includes('--reread');
const retime = args.includes('--retime');
const withFit = args.includes('--fit');
const ablationOf = flag('ablation')?.split('+') as ReaderId[] | undefined;
const parallelSet = flag('parallel')?.split('+') as ReaderId[] | undefined;
const disagreementsOf = flag('disagreements');
const classesOf = flag('classes')?.split('+') as ReaderId[] | undefined;
const examples = Number(flag('examples') ?? 0);

type ReaderId = 'best' | 'fast' | 'lstm' | 'legacy';
const READERS: ReaderId[] = ['best', 'fast', 'lstm', 'legacy'];
const sets = (listFlag(args, 'sets') ?? ['best+fast', 'best+lstm', 'best+legacy', 'best+fast+lstm', 'best+fast+legacy', 'best+fast+lstm+legacy']).map(
  (set) => set.split('+') as ReaderId[],
);
for (const set of [...sets, parallelSet ?? [], classesOf ?? [], ablationOf ?? []])
  for (const id of set) if (!READERS.includes(id)) throw new Error(`unknown reader ${id}: one of ${READERS.join(', ')}`);

// The models, each in a folder of its own for --tessdata-dir.
const work = mkdtempSync(path.join(tmpdir(), 'textlift-word-choice-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
function modelFolder(name: string, bytes: Uint8Array) {
  const dir = path.join(work, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'eng.traineddata'), bytes);
  return dir;
}
const bestFile = existsSync('.data/tessdata/eng.traineddata') ? '.data/tessdata/eng.traineddata' : undefined;
const bestBytes = bestFile ? readFileSync(bestFile) : gunzipSync(readFileSync('node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'));
const bestDir = modelFolder('best', bestBytes);
const fullDir = modelFolder('full', gunzipSync(readFileSync('node_modules/@tesseract.js-data/eng/4.0.0/eng.traineddata.gz')));
const readerArgs: Record<ReaderId, string[]> = {
  best: ['--tessdata-dir', bestDir, '--oem', '1'],
  fast: ['--tessdata-dir', '/usr/share/tesseract-ocr/5/tessdata', '--oem', '1'],
  lstm: ['--tessdata-dir', fullDir, '--oem', '1'],
  legacy: ['--tessdata-dir', fullDir, '--oem', '0'],
};

/** The dictionary: best_int's LSTM word list, as dawg2wordlist writes it. */
function dictionary(): Set<string> {
  const dir = path.join(work, 'dawg');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'eng.traineddata'), bestBytes);
  const unpack = spawnSync('combine_tessdata', ['-u', path.join(dir, 'eng.traineddata'), path.join(dir, 'eng.')]);
  if (unpack.status !== 0) throw new Error(`combine_tessdata: ${unpack.stderr}`);
  const list = path.join(dir, 'words.txt');
  const dump = spawnSync('dawg2wordlist', [path.join(dir, 'eng.lstm-unicharset'), path.join(dir, 'eng.lstm-word-dawg'), list]);
  if (dump.status !== 0) throw new Error(`dawg2wordlist: ${dump.stderr}`);
  return new Set(readFileSync(list, 'utf8').split('\n').filter(Boolean));
}

function tesseract(file: string, id: ReaderId): Promise<{ lines: OcrLine[]; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('tesseract', [file, 'stdout', ...readerArgs[id], '-l', 'eng', '--psm', '3', '-c', 'tessedit_create_tsv=1'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`tesseract ${id} on ${file}: exit ${code}: ${err.slice(0, 300)}`));
      else resolve({ lines: parseTesseractTsv(out), seconds: (performance.now() - started) / 1000 });
    });
  });
}

interface Cached {
  readings: Partial<Record<ReaderId, { lines: OcrLine[]; seconds: number }>>;
  /** Wall time of a set of readers run at once, by "a+b". */
  parallel?: Record<string, number>;
}
const cache: Record<string, Cached> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
const save = () => {
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(cache));
};

const dir = path.join(corpusDir, 'ocr-docs');
const documents = readdirSync(dir)
  .filter((file) => /\.(png|jpe?g|tiff?|webp|bmp)$/i.test(file) && !file.includes('.expected'))
  .filter((file) => !filters || filters.some((filter) => file.includes(filter)))
  .sort()
  .map((file) => {
    const stem = path.join(dir, file.replace(/\.[^.]+$/, ''));
    return {
      file: path.join(dir, file),
      name: file,
      expected: readFileSync(`${stem}.expected.txt`, 'utf8'),
      truth: readTruthWords(readFileSync(`${stem}.expected.hocr`, 'utf8')),
    };
  });
if (documents.length === 0) throw new Error('no document matches --docs');

// Reading, smallest file first (the first process warms the disk cache; it is read again after).
const needed = new Set<ReaderId>([...sets.flat(), ...READERS]);
for (const document of [...documents].sort((a, b) => statSync(a.file).size - statSync(b.file).size)) {
  const entry = (cache[document.name] ??= { readings: {} });
  for (const id of needed) {
    if (entry.readings[id] && !reread) continue;
    entry.readings[id] = await tesseract(document.file, id);
    console.error(`${document.name} ${id}: ${entry.readings[id]!.seconds.toFixed(1)} s`);
    save();
  }
  if (parallelSet) {
    const key = parallelSet.join('+');
    if (retime) for (const id of parallelSet) entry.readings[id]!.seconds = (await tesseract(document.file, id)).seconds;
    if (entry.parallel?.[key] === undefined || reread || retime) {
      const started = performance.now();
      await Promise.all(parallelSet.map((id) => tesseract(document.file, id)));
      (entry.parallel ??= {})[key] = (performance.now() - started) / 1000;
      console.error(`${document.name} ${key} at once: ${entry.parallel[key]!.toFixed(1)} s`);
      save();
    }
  }
}

const words = dictionary();
const isWord = (text: string) => words.has(text);
const textOf = (lines: OcrLine[]) => lines.map((line) => line.words.map((word) => word.text).join(' ')).join('\n');
const readingsOf = (name: string, set: ReaderId[]): Reading[] => set.map((id) => ({ lines: cache[name]!.readings[id]!.lines }));

type GreyBox = { x0: number; y0: number; x1: number; y1: number };
/** Faces metric-compatible with Times and Arial, what most documents are set in. */
const FIT_FACES = ['Liberation Serif', 'Liberation Sans', 'bold Liberation Serif', 'bold Liberation Sans'];
const fitCanvas = createCanvas(1200, 100);
const fitContext = fitCanvas.getContext('2d');
/** The text at 64 px on a canvas as wide as it needs (up to 1200 px). */
const drawText: DrawText = (text, face) => {
  fitContext.font = `${face.startsWith('bold ') ? 'bold ' : ''}64px "${face.replace('bold ', '')}"`;
  const width = Math.min(1200, Math.ceil(fitContext.measureText(text).width) + 10);
  fitContext.fillStyle = 'white';
  fitContext.fillRect(0, 0, width, 100);
  fitContext.fillStyle = 'black';
  fitContext.fillText(text, 5, 75);
  const rgba = fitContext.getImageData(0, 0, width, 100).data;
  const data = new Uint8Array(width * 100);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { width, height: 100, data };
};
async function greyPage(file: string): Promise<GreyImage> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

interface Row {
  name: string;
  words: number;
  f1: Record<string, number>;
  seconds: Record<string, number>;
}
const rows: Row[] = [];
for (const document of documents) {
  const entry = cache[document.name]!;
  const f1: Record<string, number> = {};
  const seconds: Record<string, number> = {};
  for (const id of READERS) {
    f1[id] = wordScores(textOf(entry.readings[id]!.lines), document.expected).f1;
    seconds[id] = entry.readings[id]!.seconds;
  }
  f1['best of 2'] = Math.max(f1.best!, f1.fast!);
  f1['best of 4'] = Math.max(...READERS.map((id) => f1[id]!));
  for (const set of sets) {
    const key = `choice ${set.join('+')}`;
    let started = performance.now();
    f1[key] = wordScores(textOf(chooseWords(readingsOf(document.name, set), { isWord })), document.expected).f1;
    seconds[key] = set.reduce((sum, id) => sum + entry.readings[id]!.seconds, 0);
    seconds[`${key} (choosing)`] = (performance.now() - started) / 1000;
    if (withFit) {
      const page = await greyPage(document.file);
      started = performance.now();
      const fit = (text: string, box: GreyBox) => glyphFit(page, box, text, drawText, FIT_FACES);
      f1[`${key} +fit`] = wordScores(textOf(chooseWords(readingsOf(document.name, set), { isWord, fit })), document.expected).f1;
      seconds[`${key} +fit (choosing)`] = (performance.now() - started) / 1000;
    }
  }
  for (const [key, wall] of Object.entries(entry.parallel ?? {})) seconds[`${key} at once`] = wall;
  rows.push({ name: document.name, words: document.truth.length, f1, seconds });
}

const f1Columns = Object.keys(rows[0]!.f1);
const timeColumns = [...new Set(rows.flatMap((row) => Object.keys(row.seconds)))].filter((key) => !key.startsWith('choice') || key.endsWith('(choosing)'));
const legend = [
  'best = npm best_int, fast = Debian fast, lstm / legacy = @tesseract.js-data/eng 4.0.0 --oem 1 / --oem 0',
  'best of N = the better reader per page (knowing the truth)',
  "choice = chooseWords, first reader's layout",
].join('; ');
console.log(`\nocr-docs: ${documents.length} documents read as they came (psm 3, OMP_THREAD_LIMIT=1), order-free word F1 against .expected.txt; ${legend}\n`);
console.log(`| document | words | ${f1Columns.join(' | ')} |`);
console.log(`|---|---|${f1Columns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.name} | ${row.words} | ${f1Columns.map((key) => percent(row.f1[key]!)).join(' | ')} |`);
console.log(`| **mean** | | ${f1Columns.map((key) => percent(mean(rows.map((row) => row.f1[key]!)))).join(' | ')} |`);
console.log(`| **median** | | ${f1Columns.map((key) => percent(median(rows.map((row) => row.f1[key]!)))).join(' | ')} |`);

const atOnce = timeColumns.some((key) => key.endsWith('at once')) ? '; "at once" = the set run in parallel, wall time' : '';
console.log(`\nseconds per document (each reader alone${atOnce}; the machine is shared, so times are indicative)\n`);
console.log(`| document | ${timeColumns.join(' | ')} |`);
console.log(`|---|${timeColumns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.name} | ${timeColumns.map((key) => row.seconds[key]?.toFixed(2) ?? '').join(' | ')} |`);
const has = (key: string) => rows.every((row) => row.seconds[key] !== undefined);
console.log(`| **mean** | ${timeColumns.map((key) => (has(key) ? mean(rows.map((row) => row.seconds[key]!)).toFixed(2) : '')).join(' | ')} |`);
console.log(`| **median** | ${timeColumns.map((key) => (has(key) ? median(rows.map((row) => row.seconds[key]!)).toFixed(2) : '')).join(' | ')} |`);

console.log('\nper set: mean F1 gain over best alone, documents that gain / lose (> 0.1 pt), extra reading seconds per document (sum, median)\n');
for (const key of f1Columns.filter((column) => column.startsWith('choice'))) {
  const deltas = rows.map((row) => ({ name: row.name, delta: row.f1[key]! - row.f1.best! }));
  const extra = rows.map((row) => row.seconds[key.replace(' +fit', '')]! - row.seconds.best!);
  const gain = mean(deltas.map((d) => d.delta));
  const losses = deltas.filter((d) => d.delta < -0.001);
  const lost = losses.length > 0 ? ` (${losses.map((d) => `${d.name} ${(d.delta * 100).toFixed(1)}`).join(', ')})` : '';
  const perSecond = (gain * 100) / Math.max(0.01, median(extra));
  console.log(
    `- ${key}: ${gain >= 0 ? '+' : ''}${(gain * 100).toFixed(2)} pt; gain on ${deltas.filter((d) => d.delta > 0.001).length}, ` +
      `lose on ${losses.length}${lost}; ` +
      `extra ${median(extra).toFixed(2)} s median; ${perSecond.toFixed(2)} pt per extra second`,
  );
}

if (disagreementsOf) {
  const document = documents.find((d) => d.name.includes(disagreementsOf))!;
  const set = sets[sets.length - 1]!;
  listDisagreements(document.name, document.truth, set);
}

/** Where the choice differs from the first reader, with what each reader and the truth say there. */
function listDisagreements(name: string, truth: TruthWord[], set: ReaderId[]) {
  const first = cache[name]!.readings[set[0]!]!.lines.flatMap((line) => line.words);
  const chosen = chooseWords(readingsOf(name, set), { isWord }).flatMap((line) => line.words);
  const key = (w: { text: string; box: { x0: number; y0: number } }) => `${w.text}@${w.box.x0},${w.box.y0}`;
  const firstKeys = new Set(first.map(key));
  const chosenKeys = new Set(chosen.map(key));
  const truthAt = (box: { x0: number; y0: number; x1: number; y1: number }) =>
    truth
      .filter((t) => Math.min(t.box.x1, box.x1) - Math.max(t.box.x0, box.x0) > 0 && Math.min(t.box.y1, box.y1) - Math.max(t.box.y0, box.y0) > 0)
      .map((t) => t.text)
      .join(' ');
  console.log(`\n${name}: chosen words not in ${set[0]}'s reading, then ${set[0]}'s words dropped (with the truth at their box)`);
  for (const word of chosen) if (!firstKeys.has(key(word))) console.log(`  + ${word.text} (${Math.round(word.confidence)})  truth: ${truthAt(word.box)}`);
  for (const word of first) if (!chosenKeys.has(key(word))) console.log(`  - ${word.text} (${Math.round(word.confidence)})  truth: ${truthAt(word.box)}`);
}
if (classesOf) classTable(classesOf);
if (ablationOf) await ablation(ablationOf);

/** Mean F1 of the set's choice with each rule off in turn, and the documents that gain or lose by it. */
async function ablation(set: ReaderId[]) {
  const off: [string, Partial<typeof CHOICE_WEIGHTS>][] = [
    ['none', {}],
    ['confidence as rank (raw instead)', { rankConfidence: false }],
    ['dictionary and numbers', { wordBonus: 0 }],
    ['odd marks', { oddPenalty: 0 }],
    ['mark seen between digits', { markSeen: 0 }],
    ['silence drops a lone word', { nothingVote: 0 }],
    ['words only others saw added', { lostWordReaders: Infinity }],
    ['first reader breaks ties', { firstReader: 0 }],
    ...(withFit ? [['glyph fit', { fit: 0 }] as [string, Partial<typeof CHOICE_WEIGHTS>]] : []),
  ];
  const saved = { ...CHOICE_WEIGHTS };
  const pages = new Map<string, GreyImage>();
  if (withFit) for (const document of documents) pages.set(document.name, await greyPage(document.file));
  const f1Of = () =>
    documents.map((document) => {
      const page = pages.get(document.name);
      const fit = page ? (text: string, box: GreyBox) => glyphFit(page, box, text, drawText, FIT_FACES) : undefined;
      return wordScores(textOf(chooseWords(readingsOf(document.name, set), { isWord, fit })), document.expected).f1;
    });
  const all = f1Of();
  const fit = withFit ? ' +fit' : '';
  console.log(
    `\nablation of choice ${set.join('+')}${fit}: mean F1 with each rule off, and per document where turning it off changes F1 by more than 0.1 pt\n`,
  );
  console.log('| rule off | mean F1 | Δ mean | documents that lose | documents that gain |');
  console.log('|---|---|---|---|---|');
  for (const [name, weights] of off) {
    Object.assign(CHOICE_WEIGHTS, saved, weights);
    const f1 = f1Of();
    const lose = documents
      .filter((_, i) => f1[i]! < all[i]! - 0.001)
      .map((d) => `${d.name} ${((f1[documents.indexOf(d)]! - all[documents.indexOf(d)]!) * 100).toFixed(1)}`);
    const gain = documents
      .filter((_, i) => f1[i]! > all[i]! + 0.001)
      .map((d) => `${d.name} +${((f1[documents.indexOf(d)]! - all[documents.indexOf(d)]!) * 100).toFixed(1)}`);
    console.log(`| ${name} | ${percent(mean(f1), 2)} | ${((mean(f1) - mean(all)) * 100).toFixed(2)} pt | ${lose.join(', ')} | ${gain.join(', ')} |`);
  }
  Object.assign(CHOICE_WEIGHTS, saved);
}
if (flag('fixture')) writeFixture(flag('fixture')!);

/** A region of a document cut for choose-words.test.ts: lines wholly inside it, each reader's. */
function writeFixture(spec: string) {
  const [doc, region, set, file] = spec.split(':') as [string, string, string, string];
  const [x0, y0, x1, y1] = region.split(',').map(Number) as [number, number, number, number];
  const inside = (box: { x0: number; y0: number; x1: number; y1: number }) => box.x0 >= x0 && box.y0 >= y0 && box.x1 <= x1 && box.y1 <= y1;
  const document = documents.find((d) => d.name === doc)!;
  const ids = set.split('+') as ReaderId[];
  const readings = ids.map((id) => ({
    reader: id,
    lines: cache[doc]!.readings[id]!.lines.filter((line) => inside(line.box)).map((line) => ({
      ...line,
      words: line.words.map((word) => ({ ...word, confidence: Math.round(word.confidence * 10) / 10 })),
    })),
  }));
  const tokens = new Set(
    readings.flatMap((reading) =>
      reading.lines.flatMap((line) =>
        line.words.flatMap((word) => {
          const core = word.text.replace(/^[("'‘“[{<«]+/, '').replace(/[)"'’”\]}>».,;:!?]+$/, '');
          const lower = core.toLowerCase();
          return [core, core.replace(/['’]s$/i, ''), lower, lower.charAt(0).toUpperCase() + lower.slice(1), ...core.split('-')];
        }),
      ),
    ),
  );
  const fixture = {
    source: `ocr-docs/${doc}, region ${region}, read as it came (psm 3) by ${ids.join(' and ')} (bench/ocr/word-choice.ts); truth from its .expected.hocr`,
    readings,
    truth: document.truth.filter((word) => inside(word.box)),
    dictionary: [...tokens].filter((token) => token && isWord(token)).sort(),
  };
  writeFileSync(file, `${JSON.stringify(fixture)}\n`);
  console.log(`fixture ${file}: ${readings.map((r) => `${r.reader} ${r.lines.length} lines`).join(', ')}, ${fixture.truth.length} true words`);
}

/** The class of a place where readers differ, from what they read there. */
function classOf(place: PlaceChoice): string {
  const texts = place.candidates.filter((c) => c.text !== '');
  const first = place.candidates.find((c) => c.readers.includes(0));
  if (!first) return 'lost by the first';
  if (texts.length === 1) return 'one reading vs nothing';
  const counts = new Set(texts.map((c) => c.text.split(' ').length));
  if (counts.size > 1) return 'split / merge';
  const bare = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
  if (new Set(texts.map((c) => bare(c.text))).size === 1) return 'punctuation';
  if (new Set(texts.map((c) => bare(c.text).toLowerCase())).size === 1) return 'case';
  return 'letters';
}

function classTable(set: ReaderId[]) {
  type Tally = { places: number; first: number; chosen: number; any: number; wrong: string[] };
  const tallies = new Map<string, Tally>();
  const perDocument: string[] = [];
  for (const document of documents) {
    let gained = 0;
    let lost = 0;
    chooseWords(readingsOf(document.name, set), {
      isWord,
      onPlace(place) {
        const inside = document.truth
          .filter((t) => {
            const cx = (t.box.x0 + t.box.x1) / 2;
            const cy = (t.box.y0 + t.box.y1) / 2;
            return cx >= place.box.x0 && cx <= place.box.x1 && cy >= place.box.y0 && cy <= place.box.y1;
          })
          .sort((a, b) => a.box.x0 - b.box.x0);
        const truth = inside.map((t) => t.text).join(' ');
        const kind = classOf(place);
        const tally = tallies.get(kind) ?? { places: 0, first: 0, chosen: 0, any: 0, wrong: [] };
        tallies.set(kind, tally);
        const firstText = place.candidates.find((c) => c.readers.includes(0))?.text ?? '';
        tally.places++;
        if (firstText === truth) tally.first++;
        if (place.chosen === truth) tally.chosen++;
        if (place.candidates.some((c) => c.text === truth) || (truth === '' && !place.candidates.some((c) => c.text === ''))) tally.any++;
        if (firstText === truth && place.chosen !== truth) lost++;
        if (firstText !== truth && place.chosen === truth) gained++;
        if (place.chosen !== truth && place.candidates.some((c) => c.text === truth)) {
          const candidates = place.candidates.map((c) => `"${c.text}" [${c.readers.map((r) => set[r]).join(',')}] ${c.score.toFixed(2)}`);
          tally.wrong.push(`${document.name}: truth "${truth}", chosen "${place.chosen}" of ${candidates.join(', ')}`);
        }
      },
    });
    perDocument.push(`${document.name} +${gained} −${lost}`);
  }
  console.log(`
places where ${set.join(', ')} differ, by class; right = the same text as the truth words whose centres lie in the place\n`);
  console.log('| class | places | first reader right | choice right | some reader right |');
  console.log('|---|---|---|---|---|');
  for (const [kind, tally] of tallies) console.log(`| ${kind} | ${tally.places} | ${tally.first} | ${tally.chosen} | ${tally.any} |`);
  console.log(`\nplaces the choice got right that the first reader had wrong (+) and the reverse (−), per document: ${perDocument.join(', ')}`);
  if (examples > 0) for (const [kind, tally] of tallies) for (const line of tally.wrong.slice(0, examples)) console.log(`- ${kind}: ${line}`);
}

console.error(`total run time ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
