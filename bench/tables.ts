// Benchmark (not a test): cell accuracy of PDF to Excel and of JPG to Excel (each page drawn at
// 200 dpi by pdftoppm) on the table files of ../shared/corpus/tables, against their expected
// cells. The reference, run on the same pages, is Poppler's `pdftotext -layout` (Debian's
// poppler-utils, which the project installs), its lines cut into cells at runs of two or more
// spaces: the table extraction every machine of this project has. pdfplumber's extract_tables
// (ruling-line and text strategies) is run beside it where Python can import it; these machines
// cannot install it (it is on PyPI only, which they cannot reach, and Debian does not package
// it), so there its columns say "missing". Our side is read from the tool's own CSV output,
// each sheet a table.
// Run: npm run bench:tables
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTool } from '@textlift/core';
import { loadConfig } from '../packages/server/src/config.ts';
import { createNodeHost } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { corpusDir } from '../test-support/corpus.ts';
import { csvSheets, expectedTables, scoreCells, type Grid } from '../test-support/table-cells.ts';
import { median } from './server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const plumber = spawnSync('python3', ['-c', 'import pdfplumber; print(pdfplumber.__version__)'], { encoding: 'utf8' });
const pdfplumberVersion = plumber.status === 0 ? plumber.stdout.trim() : undefined;
const popplerVersion = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).stderr.match(/version ([\d.]+)/)?.[1] ?? '?';

const files = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter(([, kind, , , , , expected]) => kind === 'tables/pdf' && expected)
  .map(([file]) => file!);

const provider = await createOcrProvider(loadConfig());
const work = mkdtempSync(path.join(tmpdir(), 'textlift-bench-tables-'));

/**
 * The OCR language a visitor would choose for each file's pictures: the Japanese tables in
 * Japanese (the Hebrew one stays English: Hebrew is not among our OCR languages).
 */
const languages: Record<string, string> = { 'tables/twotables.pdf': 'jpn' };

/** A tool's CSV output as tables: its sheets, which a blank line parts. */
async function toolTables(slug: string, name: string, bytes: Uint8Array, language = 'eng'): Promise<{ tables: Grid[]; ms: number }> {
  const { host, release } = createNodeHost(provider);
  const started = performance.now();
  const result = await runTool(slug, { files: [{ name, bytes }] }, { format: 'csv', language }, { host });
  const ms = performance.now() - started;
  release();
  return { tables: csvSheets(new TextDecoder().decode(result.outputs[0]!.bytes)), ms };
}

/** One page of a PDF as its own PDF, so that PDF to Excel reads only the page the truth covers. */
function pagePdf(file: string, page: number): Uint8Array {
  const out = path.join(work, `page-${path.basename(file)}`);
  execFileSync('qpdf', [path.join(corpusDir, file), '--pages', '.', String(page), '--', out]);
  return new Uint8Array(readFileSync(out));
}

function pageImage(file: string, page: number): Uint8Array {
  const stem = path.join(work, `${path.basename(file, '.pdf')}-${page}`);
  execFileSync('pdftoppm', ['-r', '200', '-f', String(page), '-l', String(page), '-singlefile', '-png', path.join(corpusDir, file), stem]);
  return new Uint8Array(readFileSync(`${stem}.png`));
}

function pdfplumber(file: string, page: number, strategy: 'lines' | 'text'): { tables: Grid[]; ms: number } | undefined {
  if (!pdfplumberVersion) return undefined;
  const started = performance.now();
  const run = spawnSync('python3', [path.join(here, 'tables-ref', 'pdfplumber_tables.py'), path.join(corpusDir, file), String(page), strategy], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return { tables: JSON.parse(run.stdout) as Grid[], ms: performance.now() - started };
}

/** The page as Poppler lays it out in text, one table whose cells are parted by two or more spaces. */
function pdftotextLayout(file: string, page: number): { tables: Grid[]; ms: number } {
  const started = performance.now();
  const text = execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), path.join(corpusDir, file), '-'], { encoding: 'utf8' });
  const rows = text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s{2,}/));
  return { tables: [rows], ms: performance.now() - started };
}

type Column = 'pdf' | 'image' | 'layout' | 'plumberText' | 'plumberLines';
const columns: Column[] = ['pdf', 'image', 'layout', 'plumberText', 'plumberLines'];
const totals = Object.fromEntries(columns.map((c) => [c, 0])) as Record<Column, number>;
const times = Object.fromEntries(columns.map((c) => [c, [] as number[]])) as Record<Column, number[]>;
let cells = 0;
const lines: string[] = [];
for (const file of files) {
  const score = Object.fromEntries(columns.map((c) => [c, 0])) as Record<Column, number>;
  let fileCells = 0;
  for (const expected of expectedTables(file)) {
    const found: Record<Column, { tables: Grid[]; ms: number } | undefined> = {
      pdf: await toolTables('pdf-to-excel', path.basename(file), pagePdf(file, expected.page)),
      image: await toolTables('jpg-to-excel', `${path.basename(file, '.pdf')}.png`, pageImage(file, expected.page), languages[file]),
      layout: pdftotextLayout(file, expected.page),
      plumberText: pdfplumber(file, expected.page, 'text'),
      plumberLines: pdfplumber(file, expected.page, 'lines'),
    };
    for (const column of columns) {
      const reading = found[column];
      if (!reading) continue;
      score[column] += scoreCells(expected.cells, reading.tables).matched;
      times[column].push(reading.ms);
    }
    fileCells += scoreCells(expected.cells, []).total;
  }
  cells += fileCells;
  for (const column of columns) totals[column] += score[column];
  const share = (column: Column) => (column.startsWith('plumber') && !pdfplumberVersion ? 'missing' : `${((100 * score[column]) / fileCells).toFixed(1)}%`);
  lines.push(`| ${path.basename(file)} | ${fileCells} | ${columns.map(share).join(' | ')} |`);
}
await provider.close();

const plumberNote = pdfplumberVersion
  ? `pdfplumber ${pdfplumberVersion}`
  : 'pdfplumber missing (PyPI only: not reachable from these machines, not packaged by Debian)';
console.log(
  `Cells of ../shared/corpus/tables found with the same value in the same row and column (whitespace ignored); pdftotext ${popplerVersion} -layout, ` +
    `${plumberNote}; page areas never given.\n`,
);
console.log('| file | expected cells | PDF to Excel | JPG to Excel (200 dpi render) | pdftotext -layout | pdfplumber text | pdfplumber lines |');
console.log('|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
const share = (column: Column) => (column.startsWith('plumber') && !pdfplumberVersion ? 'missing' : `**${((100 * totals[column]) / cells).toFixed(1)}%**`);
console.log(`| all | ${cells} | ${columns.map(share).join(' | ')} |`);
const ratio = (column: Column) => (totals[column] / totals.layout).toFixed(2);
console.log(`\nCells found, against pdftotext -layout: PDF to Excel ${ratio('pdf')}×, JPG to Excel ${ratio('image')}×.`);
const time = (column: Column) => (times[column].length ? `${median(times[column]).toFixed(0)} ms` : 'missing');
console.log(
  `Median time per page: PDF to Excel ${time('pdf')}, JPG to Excel ${time('image')}, pdftotext -layout ${time('layout')}, ` +
    `pdfplumber text ${time('plumberText')} (a process each, start included).`,
);
