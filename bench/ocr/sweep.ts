// The variant sweep of issue 21 (not a test): every real photo (../shared/corpus/ocr-photos,
// French) and receipt (ocr-receipts, English) made again as other uploads of its kind arrive
// (test-support/ocr-variants.ts: turned every 15° with no EXIF tag, Gaussian blur σ 1-3 on the
// whole picture or its left half, 1600 and 1200 px at JPEG quality 50, coloured headings
// paler), each read by our pipeline (native tesseract and tesseract.js, through the API's core)
// and, on the same bytes right after, by the tesseract command and tesseract.js with their
// defaults. Scored as test-support/real-sets.ts scores the originals (CER, order-free word
// recall; receipts case-folded, separator rows out). Prints, per set, one row per class and
// engine: median, mean and worst CER, the mean CER's distance from the pictures' as taken (0°:
// EXIF applied, re-saved like the others; the COD photos are of a page lying sideways),
// mean word recall, median seconds per page, and readings with no text at all.
//
// Run: node bench/ocr/sweep.ts [flags]      (npm run bench:ocr-sweep -- [flags])
//   --engines native,wasm,cli,tjs   readers (default all four)
//   --classes upright,turned,blur,blur-half,small,pale   (default all; upright = as taken, 0°)
//   --angles 15,45,90               turns of the `turned` class (default every 15° from 15° to 345°)
//   --sigmas 1,2,3  --sides 1600,1200   blur σ and small JPEG long sides (defaults: the issue's)
//   --sets photos,receipts  --images cod-1,receipt-03 (name substrings)  --limit N (images per set)
//   --per-angle                     one row per angle, not 15°-steps vs multiples of 90°
//   --fill border|grey              colour of a turn's corners (default border: see turned())
//   --out FILE.jsonl                every reading (text included) appended as it is made
//   --resume                        with --out: keep that file's readings of this pipeline, make the rest
//   --from FILE.jsonl               read nothing: the table of a saved run (flags select, --per-angle regroups)
//   --no-warmup                     count the first reading of each engine (model loading) too
// All of it on 2 cores is long (10 images × 33 variants × 4 readers): pick with the flags, e.g.
//   node bench/ocr/sweep.ts --engines native,cli --classes upright,turned,blur-half --angles 15,45,90,135 --sigmas 2
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realSamples, scoreOf, type RealSample } from '../../test-support/real-sets.ts';
import { smallJpeg, sweepVariants, VARIANT_CLASSES, type TurnFill, type Variant, type VariantClass } from '../../test-support/ocr-variants.ts';
import { median } from '../server-process.ts';
import { createReader, listFlag, mean, percent, pipelineVersion, readerIds, READER_NAMES, type Reader, type ReaderId } from './readers.ts';

const startedAt = performance.now();
const version = pipelineVersion();
const args = process.argv.slice(2);
const numbers = (name: string) =>
  listFlag(args, name)?.map((value) => {
    const number = Number(value);
    if (!Number.isFinite(number)) throw new Error(`--${name}: ${value} is not a number`);
    return number;
  });
const engines = readerIds(args, ['native', 'wasm', 'cli', 'tjs']);
const classes = listFlag(args, 'classes') as VariantClass[] | undefined;
for (const name of classes ?? []) if (!VARIANT_CLASSES.includes(name)) throw new Error(`unknown class ${name}: one of ${VARIANT_CLASSES.join(', ')}`);
const sets = listFlag(args, 'sets') ?? ['photos', 'receipts'];
const imageFilters = listFlag(args, 'images');
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
if (!(limit >= 1)) throw new Error('--limit needs a number of images per set, 1 or more');
const perAngle = args.includes('--per-angle');
const fill = (args.includes('--fill') ? args[args.indexOf('--fill') + 1] : 'border') as TurnFill;
const outFile = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const variants = sweepVariants({ classes, angles: numbers('angles'), sigmas: numbers('sigmas'), longSides: numbers('sides'), fill });

const samples: RealSample[] = [];
for (const set of sets) {
  const ofSet = realSamples().filter((sample) => sample.set === set && (!imageFilters || imageFilters.some((filter) => sample.file.includes(filter))));
  samples.push(...ofSet.slice(0, limit));
}
if (samples.length === 0 || variants.length === 0) throw new Error('nothing to read: check --sets, --images, --classes');

interface Row {
  set: RealSample['set'];
  image: string;
  variant: string;
  class: VariantClass;
  value?: number;
  engine: ReaderId;
  cer: number;
  recall: number;
  seconds: number;
  error?: string;
  text: string;
  /** pipelineVersion() of the run that made it. */
  version: string;
}

/** The table's row a variant falls in. */
function rowOf(variant: Pick<Variant, 'class' | 'label' | 'value'>): string {
  if (variant.class !== 'turned') return variant.label;
  if (perAngle) return variant.label;
  return variant.value! % 90 === 0 ? 'turned 90°/180°/270°' : 'turned, 15° steps not ×90°';
}

/** A reading's key: the same picture, variant and engine. */
const keyOf = (row: { image: string; variant: string; engine: ReaderId }) => `${row.image}|${row.variant}|${row.engine}`;

// Readings made before: --from FILE prints the table of a saved run (the selection flags pick
// from it, --per-angle regroups it) and reads nothing; --resume goes on with the --out file of a
// run that stopped, keeping only its readings of the same pipeline.
const fromFile = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined;
const earlierFile = fromFile ?? (args.includes('--resume') ? outFile : undefined);
const earlier = new Map<string, Row>();
if (earlierFile && existsSync(earlierFile)) {
  for (const line of readFileSync(earlierFile, 'utf8').split('\n').filter(Boolean)) {
    const row = JSON.parse(line) as Row;
    if (!fromFile && row.version !== version) continue;
    earlier.set(keyOf(row), row);
  }
  if (!fromFile) console.error(`${earlier.size} readings of ${version} kept from ${earlierFile}`);
}

const plan = samples.flatMap((sample) =>
  variants.flatMap((variant) => engines.map((engine) => ({ sample, variant, engine, image: path.basename(sample.file) }))),
);
const toRead = fromFile ? [] : plan.filter((item) => !earlier.has(keyOf({ image: item.image, variant: item.variant.id, engine: item.engine })));
const readers = new Map<ReaderId, Reader>();
for (const id of new Set(toRead.map((item) => item.engine))) readers.set(id, await createReader(id));

// Model loading and the first page's warm-up (tesseract.js's wasm compile, PaddleOCR's line
// model on an unsure English page) are not a page's reading: one small page per language first.
if (!args.includes('--no-warmup') && readers.size > 0) {
  const firstOfLanguage = new Map<string, RealSample>();
  for (const item of toRead) if (!firstOfLanguage.has(item.sample.language)) firstOfLanguage.set(item.sample.language, item.sample);
  for (const sample of firstOfLanguage.values()) {
    const bytes = await smallJpeg(readFileSync(sample.file), 1200);
    for (const reader of readers.values()) await reader.read(bytes, sample.language);
  }
}

console.error(`${samples.length} images × ${variants.length} variants × ${engines.length} engines = ${plan.length} readings, ${toRead.length} to make`);
// Each reading is appended to --out as it is made (one JSON object a line), so a run that is
// stopped keeps what it read (--resume).
if (outFile && !(args.includes('--resume') && existsSync(outFile)) && !fromFile) writeFileSync(outFile, '');
const rows: Row[] = [];
const rowLabels = [...new Set(variants.map(rowOf))];
let done = 0;
let bytesOf: { key: string; bytes: Buffer } | undefined;
for (const item of plan) {
  const key = keyOf({ image: item.image, variant: item.variant.id, engine: item.engine });
  const known = earlier.get(key);
  if (known) {
    rows.push(known);
    continue;
  }
  if (fromFile) continue;
  const { sample, variant } = item;
  const madeKey = `${item.image}|${variant.id}`;
  if (bytesOf?.key !== madeKey) bytesOf = { key: madeKey, bytes: await variant.make(readFileSync(sample.file)) };
  const reading = await readers.get(item.engine)!.read(bytesOf.bytes, sample.language);
  const { cer, recall } = scoreOf(sample, reading.text);
  const row: Row = {
    set: sample.set,
    image: item.image,
    variant: variant.id,
    class: variant.class,
    value: variant.value,
    engine: item.engine,
    cer,
    recall,
    seconds: reading.seconds,
    error: reading.error,
    text: reading.text,
    version,
  };
  rows.push(row);
  if (outFile) appendFileSync(outFile, `${JSON.stringify(row)}\n`);
  done++;
  console.error(
    `[${done}/${toRead.length}] ${item.image} ${variant.id} ${item.engine}: CER ${percent(cer)}, recall ${percent(recall, 0)}, ` +
      `${reading.seconds.toFixed(1)} s${reading.error ? ` (${reading.error})` : ''}`,
  );
}
for (const reader of readers.values()) await reader.close();
if (rows.length === 0) throw new Error(`no readings${fromFile ? ` in ${fromFile} for this selection` : ''}`);
const versions = [...new Set(rows.map((row) => row.version))].join(', ');

const labelOf = new Map(variants.map((variant) => [variant.id, rowOf(variant)]));
const noText = (row: Row) => Boolean(row.error) || !row.text.trim();
const cell = (list: Row[], upright: Row[]) => {
  const cers = list.map((row) => row.cer);
  const points = (mean(cers) - mean(upright.map((row) => row.cer))) * 100;
  const delta = upright.length && list !== upright ? `${points >= 0 ? '+' : ''}${points.toFixed(1)} pt` : '—';
  return [
    String(list.length),
    percent(median(cers), 2),
    percent(mean(cers), 2),
    percent(Math.max(...cers), 1),
    delta,
    percent(mean(list.map((row) => row.recall)), 1),
    median(list.map((row) => row.seconds)).toFixed(2),
    String(list.filter(noText).length),
  ].join(' | ');
};

const imagesOf = (set: string) => new Set(rows.filter((row) => row.set === set).map((row) => row.image)).size;
const variantsRead = variants.filter((variant) => rows.some((row) => row.variant === variant.id));
console.log(
  `\nOCR variant sweep: ${new Set(rows.map((row) => row.image)).size} images (${sets.map((set) => `${imagesOf(set)} ${set}`).join(', ')}), ` +
    `${variantsRead.length} variants each (${variantsRead.map((variant) => variant.id).join(' ')}), ` +
    `turned corners filled with ${fill === 'grey' ? '#808080' : 'the border colour'}; pipeline at ${versions}`,
);
console.log(
  'CER and word recall per reading (receipts case-folded, separator rows out); Δ: mean CER minus the mean CER of the same pictures as taken (0°, ' +
    'EXIF applied), same engine; no text: an error or empty text\n',
);
console.log('| set | variant | engine | n | median CER | mean CER | worst CER | Δ mean CER vs 0° | mean word recall | median s/page | no text |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const set of sets) {
  const ofSet = rows.filter((row) => row.set === set);
  if (ofSet.length === 0) continue;
  for (const label of [...rowLabels, 'all variants']) {
    for (const engine of engines) {
      const upright = ofSet.filter((row) => row.engine === engine && row.class === 'upright');
      const list = ofSet.filter((row) => row.engine === engine && (label === 'all variants' || labelOf.get(row.variant) === label));
      if (list.length === 0) continue;
      console.log(`| ${set} | ${label} | ${READER_NAMES[engine]} | ${cell(list, list.every((row) => row.class === 'upright') ? list : upright)} |`);
    }
  }
}

// Time goal of the issue: ours ≤ 1.5× tesseract.js's defaults per page, paired on the same bytes.
if (engines.includes('tjs')) {
  console.log('\nTime ratios, ours / tesseract.js defaults on the same variant (median of paired ratios):');
  for (const ours of engines.filter((engine) => engine === 'native' || engine === 'wasm')) {
    const ratios: number[] = [];
    for (const row of rows.filter((candidate) => candidate.engine === ours)) {
      const reference = rows.find((other) => other.engine === 'tjs' && other.image === row.image && other.variant === row.variant);
      if (reference) ratios.push(row.seconds / reference.seconds);
    }
    console.log(`- ${READER_NAMES[ours]}: ${median(ratios).toFixed(2)} (${ratios.length} pages)`);
  }
}

console.log(`\n${rows.length} readings (${done} made in this run); total run time ${((performance.now() - startedAt) / 1000 / 60).toFixed(1)} min`);
