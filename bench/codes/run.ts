// Benchmark (not a test): the QR Code Scanner and Barcode Scanner against two references in the
// same run, on every image of ../shared/corpus/qr and ../shared/corpus/barcodes: zbarimg (Debian
// zbar-tools) and zxing-wasm called once, as a page would call it, with
// { tryHarder, tryRotate, tryInvert, tryDownscale, formats: [] } on the decoded picture. A code
// counts when its text equals the expected file's exactly (one final newline stripped from
// both). Then the same on generated pictures, one set per class of hard photo (classes.ts).
// Times are per picture, decoding the file included, median of RUNS reads; zbarimg's include
// starting the process.
// Run: npm run bench:codes
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { runTool } from '@textlift/core';
import { corpusDir } from '../../test-support/corpus.ts';
import { createNodeHost } from '../../packages/server/src/engines/node-host.ts';
import type { OcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';
import { median } from '../server-process.ts';
import { classSamples } from './classes.ts';

const RUNS = 3;
const dir = mkdtempSync(path.join(tmpdir(), 'textlift-bench-codes-'));
const noOcr: OcrProvider = {
  kind: 'native',
  name: 'none',
  borrow: () => {
    throw new Error('no OCR');
  },
  close: async () => {},
};

const require = createRequire(import.meta.url);
const readerWasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
await prepareZXingModule({
  overrides: { wasmBinary: readerWasm.buffer.slice(readerWasm.byteOffset, readerWasm.byteOffset + readerWasm.byteLength) },
  fireImmediately: true,
});

interface Sample {
  name: string;
  group: string;
  scanner: 'qr' | 'bar';
  image: Uint8Array;
  expected: string;
}

interface Reading {
  texts: string[];
  ms: number;
}

const stripped = (text: string) => text.replace(/\n$/, '');

function timed(read: () => Promise<string[]> | string[]): Promise<Reading> {
  return (async () => {
    const times: number[] = [];
    let texts: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      texts = await read();
      times.push(performance.now() - started);
    }
    return { texts, ms: median(times) };
  })();
}

async function ours(sample: Sample): Promise<string[]> {
  const { host, release } = createNodeHost(noOcr);
  try {
    const slug = sample.scanner === 'qr' ? 'qr-scanner' : 'barcode-scanner';
    const result = await runTool(slug, { files: [{ name: sample.name, bytes: sample.image }] }, {}, { host });
    return result.data!.codes!.map((code) => code.text);
  } catch {
    return [];
  } finally {
    release();
  }
}

let fileCount = 0;
/** zbarimg's output: each symbol's data and a newline (a payload may hold newlines of its own). */
function zbar(sample: Sample): string[] {
  const file = path.join(dir, `${++fileCount}.img`);
  writeFileSync(file, sample.image);
  try {
    return [execFileSync('zbarimg', ['--raw', '-q', '--nodbus', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })];
  } catch {
    return [];
  }
}

async function zxingOnce(sample: Sample): Promise<string[]> {
  const { data, info } = await sharp(sample.image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    colorSpace: 'srgb',
  } as ImageData;
  const results = await readBarcodes(pixels, { tryHarder: true, tryRotate: true, tryInvert: true, tryDownscale: true, formats: [] });
  return results.map((result) => result.text);
}

const readers = { ours, zbarimg: zbar, 'zxing-wasm once': zxingOnce } as const;
type ReaderName = keyof typeof readers;

/**
 * Whether a reader's texts hold the expected one; `upcA13` also takes UPC-A's 13-digit EAN form.
 * zbarimg's symbols are not delimited (a symbol ends with a newline, and may hold some): one
 * counts when the expected text fills whole lines of its output.
 */
function matches(reader: ReaderName, texts: string[], expected: string, upcA13 = false): boolean {
  const wanted = [stripped(expected)];
  if (upcA13 && /^\d{12}$/.test(wanted[0]!)) wanted.push(`0${wanted[0]}`);
  if (reader === 'zbarimg') return texts.some((output) => wanted.some((text) => `\n${output}`.includes(`\n${text}\n`)));
  return texts.some((text) => wanted.includes(stripped(text)));
}

interface Scored {
  sample: Sample;
  readings: Record<ReaderName, Reading>;
}

async function score(samples: Sample[]): Promise<Scored[]> {
  const scored: Scored[] = [];
  // One read first, so that loading ZXing is not counted against the first picture.
  if (samples[0]) await ours(samples[0]);
  for (const sample of samples) {
    const readings = {} as Record<ReaderName, Reading>;
    for (const [name, read] of Object.entries(readers) as Array<[ReaderName, (sample: Sample) => Promise<string[]> | string[]]>) {
      readings[name] = await timed(() => read(sample));
    }
    scored.push({ sample, readings });
  }
  return scored;
}

const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(2));

function table(title: string, scored: Scored[], groups: string[], { upcA13Note = false } = {}) {
  console.log(`\n### ${title}\n`);
  console.log('| set | pictures | reader | decoded | rate | median ms | ours ÷ reader, decoded | ours ÷ reader, ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const group of groups) {
    const rows = group === 'all' ? scored : scored.filter((entry) => entry.sample.group === group);
    const count = (name: ReaderName, upcA13 = false) => rows.filter((entry) => matches(name, entry.readings[name].texts, entry.sample.expected, upcA13)).length;
    const ms = (name: ReaderName) => median(rows.map((entry) => entry.readings[name].ms));
    const oursCount = count('ours');
    const oursMs = ms('ours');
    for (const name of Object.keys(readers) as ReaderName[]) {
      const decoded = count(name);
      const cells = [
        group,
        rows.length,
        name,
        decoded,
        `${((100 * decoded) / rows.length).toFixed(0)} %`,
        ms(name).toFixed(1),
        name === 'ours' ? '' : ratio(oursCount, decoded),
        name === 'ours' ? '' : ratio(oursMs, ms(name)),
      ];
      console.log(`| ${cells.join(' | ')} |`);
      if (upcA13Note && name !== 'ours') {
        const lenient = count(name, true);
        if (lenient !== decoded)
          console.log(
            `| ${group} | ${rows.length} | ${name}, UPC-A's 13 digits accepted | ${lenient} | ${((100 * lenient) / rows.length).toFixed(0)} % | | ` +
              `${ratio(oursCount, lenient)} | |`,
          );
      }
    }
  }
}

const corpus: Sample[] = ['qr', 'barcodes'].flatMap((folder) =>
  readdirSync(path.join(corpusDir, folder))
    .filter((name) => !name.includes('.expected.'))
    .sort()
    .map((name) => {
      const file = path.join(corpusDir, folder, name);
      return {
        name,
        group: folder,
        scanner: folder === 'qr' ? 'qr' : 'bar',
        image: readFileSync(file),
        expected: readFileSync(file.replace(/\.[^.]+$/, '.expected.txt'), 'utf8'),
      } as Sample;
    }),
);
const scoredCorpus = await score(corpus);
table('Corpus (../shared/corpus/qr and barcodes)', scoredCorpus, ['qr', 'barcodes', 'all'], { upcA13Note: true });
console.log(
  '\nThe corpus writes UPC-A as 12 digits (ZXing\'s form); the rows "UPC-A\'s 13 digits accepted" also count the EAN-13 form with a leading 0 that ' +
    'zbarimg and zxing-wasm print.',
);
const missed = scoredCorpus.filter((entry) => !matches('ours', entry.readings.ours.texts, entry.sample.expected)).map((entry) => entry.sample.name);
console.log(`Ours missed: ${missed.join(', ') || 'none'}.`);

const classes = (await classSamples()).map((sample) => ({ ...sample, group: sample.kind }));
const scoredClasses = await score(classes);
table('Generated pictures by class (bench/codes/classes.ts)', scoredClasses, [...new Set(classes.map((sample) => sample.group)), 'all']);

rmSync(dir, { recursive: true, force: true });
