import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, expect, test } from 'vitest';
import { corpusDir, corpusFile } from '../../../../test-support/corpus.ts';
import { csvSheets, expectedTables, parseCsv, scoreCells, type Grid } from '../../../../test-support/table-cells.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'textlift-tables-'));
const run = runsOnNode();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const convert = (slug: string, file: string, bytes: Uint8Array = corpusFile(file), options: Record<string, unknown> = {}) =>
  run(slug, { files: [{ name: path.basename(file), bytes }] }, { format: 'both', ...options });

/**
 * Workbooks read back by LibreOffice, an independent reader: every sheet of each to CSV, the
 * cells as they show (or as their values), by workbook stem and sheet name.
 */
function readBack(workbooks: Record<string, Uint8Array>, asShown = true): Map<string, Map<string, Grid>> {
  const out = mkdtempSync(path.join(dir, 'csv-'));
  const files = Object.entries(workbooks).map(([stem, bytes]) => {
    const file = path.join(out, `${stem}.xlsx`);
    writeFileSync(file, bytes);
    return file;
  });
  // Comma-separated UTF-8, quoted text; "as shown" on or off; -1: every sheet to its own file.
  const filter = `csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,${asShown},false,false,-1`;
  execFileSync('soffice', [`-env:UserInstallation=file://${out}/profile`, '--headless', '--convert-to', filter, '--outdir', out, ...files], {
    stdio: 'ignore',
    timeout: 120_000,
  });
  const books = new Map<string, Map<string, Grid>>();
  for (const name of readdirSync(out).filter((n) => n.endsWith('.csv'))) {
    const [, stem, sheet] = /^(.*?)-(Page .*)\.csv$/.exec(name)!;
    if (!books.has(stem!)) books.set(stem!, new Map());
    books.get(stem!)!.set(sheet!, parseCsv(readFileSync(path.join(out, name), 'utf8')));
  }
  return books;
}

const tablePdfs = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter(([, kind, , , , , expected]) => kind === 'tables/pdf' && expected)
  .map(([file]) => file!);

test('PDF to Excel: the corpus tables, read back by LibreOffice, hold their expected cells; figures are numbers, dates are dates', async () => {
  const workbooks: Record<string, Uint8Array> = {};
  for (const file of tablePdfs) {
    const result = await convert('pdf-to-excel', file);
    const stem = path.basename(file, '.pdf');
    expect(result.outputs.map((o) => o.name)).toEqual([`${stem}.xlsx`, `${stem}.csv`]);
    workbooks[stem] = result.outputs[0]!.bytes;
  }
  const books = readBack(workbooks);
  let matched = 0;
  let total = 0;
  for (const file of tablePdfs) {
    const sheets = books.get(path.basename(file, '.pdf'))!;
    const expectations = expectedTables(file);
    expect(expectations.length, file).toBeGreaterThan(0);
    for (const expected of expectations) {
      const onPage = [...sheets.entries()].filter(([name]) => name.startsWith(`Page ${expected.page} `)).map(([, grid]) => grid);
      const score = scoreCells(expected.cells, onPage);
      expect(score.matched / score.total, file).toBeGreaterThanOrEqual(0.85);
      matched += score.matched;
      total += score.total;
    }
  }
  expect(matched / total).toBeGreaterThanOrEqual(0.95);

  // As values, not as shown: "1,505" was stored as the number 1505, "60.00" as 60.
  const values = readBack({ spanning: workbooks.spanning_cells!, schools: workbooks.schools! }, false);
  expect(values.get('spanning')!.get('Page 1 – Table 1')).toContainEqual(['Server closets', '1505', '1580', '1643', '1673', '1689']);
  const lidstad = [...values.get('schools')!.values()].flat().find((row) => row.includes('Lidstad'))!;
  expect(lidstad).toContain('60');
  expect(lidstad).toContain('55104');
  // The date 10/12/2012 (month first: the file also has 9/30/2012) is a date cell.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(workbooks.schools!) as unknown as ExcelJS.Buffer);
  const dates: Date[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void (cell.value instanceof Date && dates.push(cell.value)))));
  expect(dates.map((d) => d.toISOString().slice(0, 10))).toContain('2012-10-12');
}, 240_000);

test('PDF to Excel: two tables on a page are two sheets; text outside tables stays; a merged cell is merged', async () => {
  const { outputs, summary, data } = await convert('pdf-to-excel', 'tables/spanning_cells.pdf');
  expect(summary).toMatchObject({ pages: 1, tables: 2, sheets: 2 });
  expect(data?.table?.[1]).toEqual(['Volume servers in:', '2007', '2008', '2009', '2010', '2011']);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(outputs[0]!.bytes) as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Page 1 – Table 1', 'Page 1 – Table 2']);
  const first = workbook.worksheets[0]!;
  expect(String(first.getCell('A1').value)).toMatch(/^Table A4-12\. Projected Average Volume Server UEC/);
  const header = [...Array(first.rowCount).keys()].map((r) => first.getRow(r + 1)).find((row) => row.getCell(1).value === 'Improved operation scenario')!;
  expect(header.getCell(1).isMerged && header.getCell(6).isMerged).toBe(true);
  const csv = new TextDecoder().decode(outputs[1]!.bytes);
  expect(csvSheets(csv)).toHaveLength(2);
  expect(csv).toContain('Server closets,"1,505","1,580","1,643","1,673","1,689"');
});

test('PDF to Excel: scanned, protected, damaged, and tableless PDFs', async () => {
  const scanned = await convert('pdf-to-excel', 'pdf/c02-22-scanned.pdf');
  const scannedCsv = new TextDecoder().decode(scanned.outputs[1]!.bytes);
  expect(scannedCsv).toMatch(/Seemed like I.d die if I couldn/);

  await expect(convert('pdf-to-excel', 'pdf/issue6010_1.pdf')).rejects.toMatchObject({ code: 'password-required' });
  const unlocked = await convert('pdf-to-excel', 'pdf/issue6010_1.pdf', undefined, { password: 'abc' });
  expect(new TextDecoder().decode(unlocked.outputs[1]!.bytes)).toContain('Issue 6010');
  // Damage pdf.js reads around is recovered; damage it cannot is a clean 'corrupt'.
  expect((await convert('pdf-to-excel', 'pdf/issue9418-bad-xref.pdf')).outputs[0]!.name).toBe('issue9418-bad-xref.xlsx');
  await expect(convert('pdf-to-excel', 'pdf/poppler-395-0-fuzzed.pdf')).rejects.toMatchObject({ code: 'corrupt' });

  const prose = await convert('pdf-to-excel', 'pdf/issue11913.pdf');
  expect(prose.summary?.tables).toBe(0);
  const lines = csvSheets(new TextDecoder().decode(prose.outputs[1]!.bytes)).flat();
  expect(lines.length).toBeGreaterThan(20);
}, 120_000);

test('JPG to Excel: a table drawn as a picture, rules and all, and a real scanned statement', async () => {
  const image = path.join(dir, 'spanning.png');
  execFileSync('pdftoppm', ['-r', '200', '-singlefile', '-png', path.join(corpusDir, 'tables/spanning_cells.pdf'), image.replace(/\.png$/, '')]);
  const drawn = await convert('jpg-to-excel', 'spanning.png', new Uint8Array(readFileSync(image)));
  const books = readBack({ drawn: drawn.outputs[0]!.bytes });
  const score = scoreCells(expectedTables('tables/spanning_cells.pdf')[0]!.cells, [...books.get('drawn')!.values()]);
  expect(score.matched / score.total).toBeGreaterThanOrEqual(0.9);

  // A real scanned statement whose rules group its rows by section: each line its own row.
  // (The photographed bank statement is the e2e test's.)
  const scan = await convert('jpg-to-excel', 'ocr-docs/table_04.png');
  expect(scan.outputs[0]!.name).toBe('table_04.xlsx');
  const rows = csvSheets(new TextDecoder().decode(scan.outputs[1]!.bytes)).flat();
  expect(rows).toContainEqual(['COGS', '1,240.3', '1,333.8', '1,310.8', '', '', '1,408.6', '(97.8)']);
  expect(rows).toContainEqual(['Book Value/sh', '53.39', '57.14', '57.14', '', '', '', '']);
  // Its figures read without their decimal point (today 1124, 1213, 2088, 2059 and 419 for 112.4,
  // 121.3, 208.8, 205.9 and 41.9) are highlighted to check and kept as text, never numbers.
  const lost = ['1124', '1213', '2088', '2059', '419'];
  const statement = new ExcelJS.Workbook();
  await statement.xlsx.load(Buffer.from(scan.outputs[0]!.bytes) as unknown as ExcelJS.Buffer);
  const readings: Array<{ value: unknown; check: boolean }> = [];
  statement.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (lost.includes(String(cell.value)))
          readings.push({ value: cell.value, check: (cell.fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb === 'FFFFF2CC' });
      }),
    ),
  );
  expect(readings.length).toBeGreaterThan(0);
  expect(readings.filter((reading) => typeof reading.value !== 'string' || !reading.check)).toEqual([]);
  expect(scan.summary?.unsure).toBeGreaterThanOrEqual(readings.length);
  // Two OCR readings of whole pages: about 25 s idle, several times that on a loaded machine.
}, 360_000);
