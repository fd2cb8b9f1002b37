import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, expect, test } from 'vitest';
import { printedTablePdf, printedTables } from '../../../../test-support/printed-tables.ts';
import { comparable, parseCsv, scoreCells, type Grid } from '../../../../test-support/table-cells.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'textlift-table-formats-'));
const run = runsOnNode();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('PDF to Excel: figures printed as 14 locales print them stay numbers of the same value, and LibreOffice shows them as the PDF printed them', async () => {
  // A seed of its own (the benchmark's is 35): tables nobody tuned the parser to, one of each
  // pair (the generator prints each locale twice in a row), so every locale once.
  const tables = printedTables(2026, 28).filter((_, index) => index % 2 === 0);
  const workbooks: string[] = [];
  for (const [index, table] of tables.entries()) {
    const result = await run('pdf-to-excel', { files: [{ name: `${table.name}.pdf`, bytes: await printedTablePdf(table) }] }, { format: 'xlsx' });
    const file = path.join(dir, `t${index}.xlsx`);
    writeFileSync(file, result.outputs[0]!.bytes);
    workbooks.push(file);
  }
  // LibreOffice, an independent renderer of number formats: each sheet to CSV, cells as shown.
  const out = path.join(dir, 'csv');
  const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1';
  execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', filter, '--outdir', out, ...workbooks], {
    stdio: 'ignore',
    timeout: 120_000,
  });
  const csvs = readdirSync(out);

  // Each table's figures (its words left out) against the sheet: where the table finder puts
  // rows and columns is another test's; here, every figure's value and look, in its row and column.
  const key = (value: unknown) => (typeof value === 'number' ? `n:${Number(value.toPrecision(12))}` : '');
  let figures = 0;
  const wrong: string[] = [];
  for (const [index, table] of tables.entries()) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(workbooks[index]!) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const stored: Grid = Array.from({ length: sheet.rowCount }, (_, r) =>
      Array.from({ length: sheet.columnCount }, (_, c) => key(sheet.getCell(r + 1, c + 1).value)),
    );
    const shown = parseCsv(readFileSync(path.join(out, csvs.find((name) => name.startsWith(`t${index}-`))!), 'utf8'));
    const printed = table.rows.map((row) => row.map((cell) => (typeof cell.value === 'number' ? cell.text : '')));
    const values = table.rows.map((row) => row.map((cell) => key(cell.value)));
    const total = scoreCells(printed, []).total;
    figures += total;
    const [asValues, asShown] = [scoreCells(values, [stored]).matched, scoreCells(printed, [shown]).matched];
    if (asValues < total || asShown < total) {
      const onShow = new Set(shown.flat().map(comparable));
      wrong.push(
        `${table.name}: ${total - asValues} values, ${total - asShown} shown wrong; not shown: ${printed
          .flat()
          .filter((text) => text && !onShow.has(comparable(text)))
          .join(' | ')}`,
      );
    }
  }
  expect(figures).toBeGreaterThan(500);
  expect(wrong).toEqual([]);
}, 120_000);
