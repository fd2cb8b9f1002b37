// Benchmark (not a test): does PDF to Excel keep figures as numbers (found by value) and show
// them as the PDF printed them (found as shown)? On generated table PDFs of figures printed as
// 14 locales print them (test-support/printed-tables.ts: ICU's own printing, currencies before
// and after, grouping by commas, dots and spaces, percents, brackets, trailing minus), and on the
// table PDFs of ../shared/corpus with expected cells. Each workbook is read back twice: its
// values by exceljs, and its cells as shown by LibreOffice (CSV export "as shown", en-US).
//
// The generated files alternate between two halves: "dev" (looked at while developing) and
// "held" (not looked at; the figure to report). Every PDF is converted with the default OCR
// language (English), as a visitor who does not change it would.
//
// Run: npm run bench:tables-formats -- [--set dev|held|all] [--count N] [--no-corpus] [--list]
//   --list prints every cell not shown as printed (expected | shown).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { loadConfig } from '../packages/server/src/config.ts';
import { runOnNode } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../packages/server/src/engines/ocr-provider.ts';
import { corpusDir } from '../test-support/corpus.ts';
import { printedTablePdf, printedTables, type PrintedTable } from '../test-support/printed-tables.ts';
import { comparable, expectedTables, parseCsv, scoreCells, type Grid } from '../test-support/table-cells.ts';

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'all' },
    count: { type: 'string', default: '56' },
    'no-corpus': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});
/** The seed of the generated set: changing it makes a new unseen set. */
const SEED = 35;

const work = mkdtempSync(path.join(tmpdir(), 'textlift-bench-formats-'));
const provider = await createOcrProvider(loadConfig());

interface Case {
  name: string;
  group: 'dev' | 'held' | 'corpus';
  pdf: Uint8Array;
  /** Expected tables: printed texts, and value keys (see valueKey). */
  shown: Grid[];
  values: Grid[];
  /** The page the expected tables are on. */
  page: number;
}

/** A number as a comparable key: twelve significant digits, so 0.1 + 0.2 equals 0.3. */
const numberKey = (value: number) => `n:${Number(value.toPrecision(12))}`;

const cases: Case[] = [];
printedTables(SEED, Number(args.count)).forEach((table: PrintedTable, index) => {
  const group = index % 2 === 0 ? 'dev' : 'held';
  if (args.set !== 'all' && args.set !== group) return;
  cases.push({
    name: table.name,
    group,
    pdf: new Uint8Array(),
    page: 1,
    shown: [table.rows.map((row) => row.map((cell) => cell.text))],
    values: [table.rows.map((row) => row.map((cell) => (typeof cell.value === 'number' ? numberKey(cell.value) : cell.value)))],
  });
});
for (const c of cases) c.pdf = await printedTablePdf(printedTables(SEED, Number(args.count)).find((t) => t.name === c.name)!);

/**
 * The value a corpus cell's printed text stands for, read by the bench's own rules (the corpus
 * tables print US-style figures: "1,505", "(97.8)", "12%", "△525", "10/12/2012"), so that the
 * parser under test is not its own judge.
 */
function printedValueKey(text: string): string {
  const bare = text.replace(/\s+/g, '');
  const date = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(bare);
  if (date) return `d:${date[3]}-${date[1]!.padStart(2, '0')}-${date[2]!.padStart(2, '0')}`;
  const figure = /^(\()?([-−△▲])?[$€£¥]?(\d{1,3}(?:,\d{3})+|[1-9]\d*|0)(\.\d+)?(%)?(\))?(-)?$/.exec(bare);
  if (!figure || Boolean(figure[1]) !== Boolean(figure[6])) return text;
  const negative = Boolean(figure[1] || figure[2] || figure[7]);
  let value = Number(`${figure[3]!.replace(/,/g, '')}${figure[4] ?? ''}`) * (negative ? -1 : 1);
  if (figure[5]) value /= 100;
  return numberKey(value);
}

if (!args['no-corpus']) {
  const files = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([, kind, , , , , expected]) => kind === 'tables/pdf' && expected)
    .map(([file]) => file!);
  for (const file of files) {
    for (const page of [...new Set(expectedTables(file).map((t) => t.page))]) {
      const expected = expectedTables(file).filter((t) => t.page === page);
      const out = path.join(work, `${path.basename(file, '.pdf')}-p${page}.pdf`);
      execFileSync('qpdf', [path.join(corpusDir, file), '--pages', '.', String(page), '--', out]);
      cases.push({
        name: `${path.basename(file, '.pdf')}${page > 1 ? ` p${page}` : ''}`,
        group: 'corpus',
        pdf: new Uint8Array(readFileSync(out)),
        page: 1,
        shown: expected.map((t) => t.cells),
        values: expected.map((t) => t.cells.map((row) => row.map(printedValueKey))),
      });
    }
  }
}

/** The workbook's sheets as grids of value keys, read by exceljs. */
async function sheetValues(bytes: Uint8Array): Promise<Array<{ name: string; grid: Grid }>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return workbook.worksheets.map((sheet) => {
    const grid: Grid = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row: string[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        const cell = sheet.getCell(r, c);
        const value = cell.isMerged && cell.master !== cell ? '' : cell.value;
        if (typeof value === 'number') row.push(numberKey(value));
        else if (value instanceof Date) row.push(`d:${value.toISOString().slice(0, 10)}`);
        else if (value && typeof value === 'object' && 'richText' in value) row.push(value.richText.map((part) => part.text).join(''));
        else row.push(value === null || value === undefined ? '' : String(value));
      }
      grid.push(row);
    }
    return { name: sheet.name, grid };
  });
}

const workbooks = new Map<string, Uint8Array>();
for (const [index, c] of cases.entries()) {
  const result = await runOnNode(provider, 'pdf-to-excel', { files: [{ name: `${c.name}.pdf`, bytes: c.pdf }] }, { format: 'xlsx', language: 'eng' });
  workbooks.set(`case-${index}`, result.outputs[0]!.bytes);
}
await provider.close();

// Every workbook through LibreOffice at once: each sheet to its own CSV, cells as shown.
const csvDir = path.join(work, 'csv');
for (const [stem, bytes] of workbooks) writeFileSync(path.join(work, `${stem}.xlsx`), bytes);
const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1';
execFileSync(
  'soffice',
  [
    `-env:UserInstallation=file://${work}/profile`,
    '--headless',
    '--convert-to',
    filter,
    '--outdir',
    csvDir,
    ...[...workbooks.keys()].map((stem) => path.join(work, `${stem}.xlsx`)),
  ],
  { stdio: 'ignore', timeout: 600_000 },
);
const csvs = readdirSync(csvDir);

interface Row {
  name: string;
  group: Case['group'];
  cells: number;
  byValue: number;
  asShown: number;
}
const rows: Row[] = [];
const misses: string[] = [];
for (const [index, c] of cases.entries()) {
  const sheets = await sheetValues(workbooks.get(`case-${index}`)!);
  const shownSheets = sheets.map(({ name }) =>
    parseCsv(readFileSync(path.join(csvDir, csvs.find((file) => file === `case-${index}-${name}.csv`) ?? `case-${index}.csv`), 'utf8')),
  );
  let cells = 0;
  let byValue = 0;
  let asShown = 0;
  c.shown.forEach((expected, t) => {
    const total = scoreCells(expected, []).total;
    cells += total;
    byValue += scoreCells(
      c.values[t]!,
      sheets.map((s) => s.grid),
    ).matched;
    asShown += scoreCells(expected, shownSheets).matched;
    if (args.list) {
      const shownTexts = new Set(shownSheets.flat(2).map(comparable));
      for (const text of expected.flat()) if (text && !shownTexts.has(comparable(text))) misses.push(`${c.name}: ${text}`);
    }
  });
  rows.push({ name: c.name, group: c.group, cells, byValue, asShown });
}
rmSync(work, { recursive: true, force: true });

const share = (n: number, total: number) => `${((100 * n) / total).toFixed(1)}%`;
console.log(
  'Cells found by value (a number of the same value, the same text) and as shown (LibreOffice shows the printed text), in the same row and column.\n',
);
console.log('| file | set | expected cells | by value | as shown |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.name} | ${row.group} | ${row.cells} | ${share(row.byValue, row.cells)} | ${share(row.asShown, row.cells)} |`);
for (const group of ['dev', 'held', 'corpus'] as const) {
  const part = rows.filter((row) => row.group === group);
  if (part.length === 0) continue;
  const sum = (key: 'cells' | 'byValue' | 'asShown') => part.reduce((total, row) => total + row[key], 0);
  console.log(
    `| **all ${group}** (${part.length} files) | | ${sum('cells')} | **${share(sum('byValue'), sum('cells'))}** | **${share(sum('asShown'), sum('cells'))}** |`,
  );
}
if (args.list) console.log(`\nNot shown as printed (expected text):\n${misses.join('\n')}`);
