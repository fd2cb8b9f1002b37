// The ablation table of issue 34 (not a test): our pipeline (native tesseract, through the API's
// core) with every step on, then with each step of packages/core/src/ocr/pipeline.ts switched
// off in turn (the server config's ocrSteps), over the documents of ../shared/corpus/ocr-docs
// (mean order-free word F1, as docs.ts scores them) and a bounded subset of the variant sweep
// (receipts and phone photos as taken, turned 90° and 180°, blurred σ 2: mean CER, as sweep.ts
// scores them). Prints one markdown table, step | runs when | docs F1 (Δ) | sweep CER (Δ) |
// time (Δ), then by class of input (documents, receipts, photos; upright, turned, blurred) and
// the documents each step changes.
//
// How it is kept to minutes (2 cores): the run with every step on records, for each page, the
// steps that ran and whether each changed what the steps after it see. A step that changed
// nothing on a page, or did not run there, leaves that page's reading exactly as it was when
// switched off (the pipeline is deterministic), so only the pages where it did something are
// read again; and Tesseract's readings of the first run are replayed where the same image is
// read with the same settings (the second recogniser and the arithmetic run again).
// --rerun-all reads every page again for every step, without replay.
// Time: each page's seconds with every step on, less that step's own seconds on that page
// (measured in the first run, steps within it included): what the step costs; the median over
// all pages of documents and sweep (frames-back's counted as the frames'). The second recogniser's two mends have no time of their own
// (n/a): they run within it.
//
// Run: node bench/ocr/ablation.ts [flags]
//   --steps prepare,bullets          steps to switch off (default every switchable step)
//   --docs table,chart               document name substrings (default all 14); --no-docs: none
//   --sets receipts,photos  --images receipt-03  --limit N   the sweep's pictures; --no-sweep: none
//   --classes upright,turned,blur  --angles 90,180  --sigmas 2   the sweep's variants (these are the defaults)
//   --rerun-all                      read every page again for every step, Tesseract included
//   --out FILE.json                  every reading (text included, each with its trace)
//   --from FILE.json                 read nothing: the tables of a saved run (the same flags pick the pages)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OcrEngine, OcrOptions, OcrResult } from '@textlift/core';
import { pipelineSteps, type StepName, type StepRun } from '@textlift/core/ocr/pipeline';
import { wordScores } from '../../test-support/cer.ts';
import { corpusDir } from '../../test-support/corpus.ts';
import { realSamples, scoreOf } from '../../test-support/real-sets.ts';
import { sweepVariants, VARIANT_CLASSES, type VariantClass } from '../../test-support/ocr-variants.ts';
import { median } from '../server-process.ts';
import { createPipelineReader, listFlag, mean, percent, pipelineVersion, type Reader } from './readers.ts';

const startedAt = performance.now();
const version = pipelineVersion();
const args = process.argv.slice(2);
const numbers = (name: string) => listFlag(args, name)?.map(Number);
const rerunAll = args.includes('--rerun-all');
const outFile = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;

const steps = pipelineSteps();
const switchable = steps.filter((step) => step.switchable);
const chosen = listFlag(args, 'steps') ?? switchable.map((step) => step.name);
for (const name of chosen)
  if (!switchable.some((step) => step.name === name)) throw new Error(`no switchable step ${name}: one of ${switchable.map((step) => step.name).join(', ')}`);

/** A page read: a document or a sweep variant, with how its reading is scored. */
interface Page {
  id: string;
  kind: 'docs' | 'receipts' | 'photos';
  /** The sweep's class of variant; documents as they are. */
  variantClass?: VariantClass;
  language: string;
  bytes: Uint8Array;
  /** Word F1 (documents) or CER (sweep). */
  score(text: string): number;
}

const pages: Page[] = [];
if (!args.includes('--no-docs')) {
  const dir = path.join(corpusDir, 'ocr-docs');
  const filters = listFlag(args, 'docs');
  for (const file of readdirSync(dir)
    .filter((name) => /\.(png|jpe?g|tiff?|webp|bmp)$/i.test(name) && !name.includes('.expected'))
    .sort()) {
    if (filters && !filters.some((filter) => file.includes(filter))) continue;
    const expected = readFileSync(path.join(dir, file.replace(/\.[^.]+$/, '.expected.txt')), 'utf8');
    pages.push({ id: file, kind: 'docs', language: 'eng', bytes: readFileSync(path.join(dir, file)), score: (text) => wordScores(text, expected).f1 });
  }
}
if (!args.includes('--no-sweep')) {
  const classes = (listFlag(args, 'classes') ?? ['upright', 'turned', 'blur']) as VariantClass[];
  for (const name of classes) if (!VARIANT_CLASSES.includes(name)) throw new Error(`unknown class ${name}: one of ${VARIANT_CLASSES.join(', ')}`);
  const variants = sweepVariants({ classes, angles: numbers('angles') ?? [90, 180], sigmas: numbers('sigmas') ?? [2], longSides: [1200] });
  const sets = listFlag(args, 'sets') ?? ['receipts', 'photos'];
  const images = listFlag(args, 'images');
  const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
  for (const set of sets) {
    const samples = realSamples()
      .filter((sample) => sample.set === set && (!images || images.some((filter) => sample.file.includes(filter))))
      .slice(0, limit);
    for (const sample of samples) {
      const original = readFileSync(sample.file);
      for (const variant of variants) {
        pages.push({
          id: `${path.basename(sample.file)} ${variant.id}`,
          kind: sample.set,
          variantClass: variant.class,
          language: sample.language,
          bytes: await variant.make(original),
          score: (text) => scoreOf(sample, text).cer,
        });
      }
    }
  }
}
if (pages.length === 0) throw new Error('nothing to read: check --docs, --sets, --images, --classes');

// Tesseract's readings of the first run, replayed where the same image is read with the same
// settings: a page read again with one step off asks Tesseract mostly what it asked before.
const readings = new Map<string, OcrResult>();
let replaying = false;
// The model too: the per-word choice may read the very image a reading as it came read, with the second model.
const keyOf = (image: Uint8Array, { languages, segmentation, dpi, lettersOnly, model }: OcrOptions) =>
  `${createHash('sha1').update(image).digest('hex')} ${JSON.stringify({ languages, segmentation, dpi, lettersOnly, model })}`;
const replayed = (engine: OcrEngine): OcrEngine => ({
  ...engine,
  async recognize(image, options) {
    const key = keyOf(image, options);
    const known = readings.get(key);
    if (replaying && known && !rerunAll) return structuredClone(known);
    const result = await engine.recognize(image, options);
    if (!replaying) readings.set(key, structuredClone(result));
    return result;
  },
});

/** The steps run while a page is read, as the pipeline tells them. */
let trace: StepRun[] = [];
const onStep = (run: StepRun) => trace.push(run);

interface Reading {
  text: string;
  score: number;
  seconds: number;
  trace: StepRun[];
  error?: string;
}

/** Steps without a switch that run only because another ran: their time is that one's. */
const FOLLOWS: Record<string, string[]> = { frames: ['frames-back'] };
/** A step's own seconds on a page, from the trace of its reading with every step on. */
const ownSeconds = (step: string, reading: Reading) =>
  reading.trace.filter((run) => run.name === step || FOLLOWS[step]?.includes(run.name)).reduce((sum, run) => sum + run.seconds, 0);

async function readAll(reader: Reader, which: Page[], before?: Map<string, Reading>, off?: StepName): Promise<Map<string, Reading>> {
  const out = new Map<string, Reading>();
  let read = 0;
  for (const page of pages) {
    const first = before?.get(page.id);
    if (first && !which.includes(page)) {
      // Switched off where it did nothing, the step leaves the reading as it was.
      out.set(page.id, { ...first, trace: [] });
      continue;
    }
    trace = [];
    const reading = await reader.read(page.bytes, page.language);
    read++;
    // Seconds read again with Tesseract replayed say nothing: the table takes the step's own (ownSeconds).
    out.set(page.id, {
      text: reading.text,
      score: page.score(reading.text),
      seconds: reading.seconds,
      trace,
      ...(reading.error ? { error: reading.error } : {}),
    });
    const was = first ? ` (was ${percent(first.score)})` : '';
    console.error(
      `${off ?? 'all on'} ${page.id}: ${page.kind === 'docs' ? 'F1' : 'CER'} ${percent(out.get(page.id)!.score)}${was}, ${reading.seconds.toFixed(1)} s`,
    );
  }
  console.error(`${off ?? 'all on'}: ${read} of ${pages.length} pages read`);
  return out;
}

/** Whether switching `step` off can change this page's reading: it ran there and changed what came after. */
function mattered(step: string, reading: Reading): boolean {
  const within = steps.find((candidate) => candidate.name === step)?.within;
  // The second recogniser's mends tell nothing of their own: where it ran, they may have.
  if (within === 'second-recogniser') return reading.trace.some((run) => run.name === within);
  return reading.trace.some((run) => run.name === step && run.changed);
}

// --from FILE.json: the tables of a saved run (its --out), nothing read; the flags pick the same pages.
const fromFile = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined;
const saved = fromFile ? (JSON.parse(readFileSync(fromFile, 'utf8')) as Record<string, Record<string, Reading>> & { version: string }) : undefined;
const asMap = (byPage: Record<string, Reading>) => new Map(pages.map((page) => [page.id, byPage[page.id]!]));
let base: Map<string, Reading>;
const results = new Map<string, Map<string, Reading>>();
if (saved) {
  base = asMap(saved.base!);
  for (const name of chosen) results.set(name, asMap(saved[name]!));
} else {
  const baseReader = await createPipelineReader('native', { steps: { onStep }, engineOf: replayed });
  // Model loading is not a page's reading: the smallest document, or the first picture, once first.
  const warmUp = [...pages].sort((a, b) => a.bytes.length - b.bytes.length)[0]!;
  await baseReader.read(warmUp.bytes, warmUp.language);
  readings.clear();
  console.error(`${pages.length} pages; steps switched off in turn: ${chosen.join(', ')}`);
  base = await readAll(baseReader, pages);
  await baseReader.close();
  replaying = true;
  for (const name of chosen as StepName[]) {
    const which = rerunAll ? pages : pages.filter((page) => mattered(name, base.get(page.id)!));
    const reader = await createPipelineReader('native', { steps: { off: new Set([name]), onStep }, engineOf: replayed });
    results.set(name, await readAll(reader, which, base, name));
    await reader.close();
  }
}

// The tables.
const ofKind = (kind: Page['kind'] | 'sweep', variantClass?: VariantClass) =>
  pages.filter((page) => (kind === 'sweep' ? page.kind !== 'docs' : page.kind === kind) && (!variantClass || page.variantClass === variantClass));
const meanScore = (readingsOf: Map<string, Reading>, which: Page[]) => mean(which.map((page) => readingsOf.get(page.id)!.score));
/** Median seconds per page with every step on, or without `step`: each page's less the step's own there. */
const medianTime = (step?: string) => median(pages.map((page) => base.get(page.id)!.seconds - (step ? ownSeconds(step, base.get(page.id)!) : 0)));
const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(2)}`;
const cell = (readingsOf: Map<string, Reading>, which: Page[], withDelta: boolean) => {
  if (which.length === 0) return '—';
  const value = meanScore(readingsOf, which);
  return withDelta ? `${percent(value, 2)} (${points(value - meanScore(base, which))})` : percent(value, 2);
};
const docs = ofKind('docs');
const sweep = ofKind('sweep');
const hasMends = (name: string) => steps.find((step) => step.name === name)?.within === 'second-recogniser';
const timeCell = (name?: string) => {
  if (name && hasMends(name)) return `${medianTime().toFixed(2)} s (n/a)`;
  const value = medianTime(name);
  return name ? `${value.toFixed(2)} s (${value - medianTime() >= 0 ? '+' : '−'}${Math.abs(value - medianTime()).toFixed(2)})` : `${value.toFixed(2)} s`;
};

console.log(
  `\nOCR ablation: ${docs.length} documents (ocr-docs, mean word F1), ${sweep.length} sweep pages (${ofKind('receipts').length} receipts, ` +
    `${ofKind('photos').length} photos: mean CER); native tesseract; pipeline at ${saved?.version ?? version}`,
);
console.log(
  'Δ: with the step switched off, minus with every step on, in points (F1: lower is worse; CER: higher is worse). Time: ' +
    "median per page of documents and sweep, with every step on less the step's own time.\n",
);
console.log('| step | runs when | docs F1 (Δ) | sweep CER (Δ) | time (Δ) |');
console.log('|---|---|---|---|---|');
console.log(`| **all steps on** | | ${cell(base, docs, false)} | ${cell(base, sweep, false)} | ${timeCell()} |`);
for (const name of chosen) {
  const step = steps.find((candidate) => candidate.name === name)!;
  const readingsOf = results.get(name)!;
  console.log(
    `| ${step.within ? `${step.within} › ` : ''}${name} | ${step.runsWhen.replace(/\|/g, '\\|')} | ${cell(readingsOf, docs, true)} | ` +
      `${cell(readingsOf, sweep, true)} | ${timeCell(name)} |`,
  );
}

const classes: Array<[string, Page[]]> = [
  ['documents F1', docs],
  ['receipts CER', ofKind('receipts')],
  ['photos CER', ofKind('photos')],
  ['sweep upright CER', ofKind('sweep', 'upright')],
  ['sweep turned CER', ofKind('sweep', 'turned')],
  ['sweep blur CER', ofKind('sweep', 'blur')],
].filter(([, which]) => (which as Page[]).length > 0) as Array<[string, Page[]]>;
console.log(
  '\nBy class of input: Δ in points with the step off; ran / changed: pages where it ran, and where it changed the reading; own s: ' +
    'its median seconds on the pages it ran on.\n',
);
console.log(`| step | ${classes.map(([label]) => label).join(' | ')} | ran / changed | own s |`);
console.log(`|---|${classes.map(() => '---').join('|')}|---|---|`);
console.log(`| **all steps on** | ${classes.map(([, which]) => percent(meanScore(base, which), 2)).join(' | ')} | | |`);
for (const name of chosen) {
  const readingsOf = results.get(name)!;
  const ran = pages.filter((page) => base.get(page.id)!.trace.some((run) => run.name === name));
  const changed = pages.filter((page) => base.get(page.id)!.trace.some((run) => run.name === name && run.changed));
  const own = ran.map((page) => ownSeconds(name, base.get(page.id)!));
  console.log(
    `| ${name} | ${classes.map(([, which]) => points(meanScore(readingsOf, which) - meanScore(base, which))).join(' | ')} | ` +
      `${hasMends(name) ? 'within second-recogniser' : `${ran.length} / ${changed.length}`} | ` +
      `${own.length && !hasMends(name) ? median(own).toFixed(2) : '—'} |`,
  );
}

console.log('\nPages each step changes when switched off (documents: F1, sweep: CER; in points):\n');
for (const name of chosen) {
  const readingsOf = results.get(name)!;
  const moved = pages
    .map((page) => ({ page, delta: readingsOf.get(page.id)!.score - base.get(page.id)!.score }))
    .filter(({ delta }) => Math.abs(delta) >= 0.0005)
    .map(({ page, delta }) => `${page.id} ${points(delta)}`);
  console.log(`- ${name}: ${moved.length ? moved.join(', ') : 'none'}`);
}

if (outFile && !saved) {
  const all = {
    version,
    base: Object.fromEntries(base),
    ...Object.fromEntries([...results].map(([name, readingsOf]) => [name, Object.fromEntries(readingsOf)])),
  };
  writeFileSync(outFile, JSON.stringify(all, null, 1));
}
console.log(`\ntotal run time ${((performance.now() - startedAt) / 1000 / 60).toFixed(1)} min`);
