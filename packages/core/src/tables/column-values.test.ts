import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { typedCells } from './column-values.ts';
import type { Table, TableCell } from './table.ts';
import { tablesResult } from './tables-output.ts';

const us = { decimal: '.', dates: 'mdy' } as const;
const table = (rows: Array<Array<TableCell | null>>): Table => ({ rows, top: 0, bottom: 10, left: 0, right: 10 });
/** A cell as OCR reads it: sure of every letter. */
const read = (text: string): TableCell => ({ text, confidence: 93 });

test("each column is read in its own number style where its figures tell one, the document's where they do not", () => {
  const cells = typedCells(
    table([
      [{ text: '1.234,56 €' }, { text: '1,234' }, { text: '1,234' }],
      [{ text: '12,50 €' }, { text: '3.25' }, { text: '5,678' }],
      [{ text: '1,234 €' }, { text: '2,500' }, { text: '12' }],
    ]),
    us,
  );
  const values = cells.map((row) => row.map((cell) => cell!.value.value));
  expect(values).toEqual([
    [1234.56, 1234, 1234],
    [12.5, 3.25, 5678],
    [1.234, 2500, 12],
  ]);
});

test('JPG to Excel: a reading without its decimal point in a column of two-decimal figures is to check, kept as the text read, never a number', async () => {
  const prices = table([
    [read('Item'), read('2011'), read('Price')],
    [read('Tea'), read('$3.10'), read('$72.49')],
    [read('Rice'), read('$4.25'), read('$7249')],
    [read('Milk'), read('$1.99'), read('$7243')],
    [read('Salt'), read('$0.80'), read('$10.00')],
    [read('Oil'), read('$6.15'), read('$65.20')],
  ]);
  const cells = typedCells(prices, us);
  // As on the photographed price list: two of the column's figures read without their point.
  expect(cells[2]![2]).toEqual({ value: { kind: 'text', value: '$7249' }, check: true });
  expect(cells[3]![2]).toEqual({ value: { kind: 'text', value: '$7243' }, check: true });
  // Figures with their points, and a year heading a column of prices, are sure.
  expect(cells.flat().filter((cell) => cell!.check)).toHaveLength(2);
  expect(cells[1]![2]!.value).toMatchObject({ kind: 'number', value: 72.49 });
  // A PDF's own text printed "$7249" is what the page says: a number.
  const printed = typedCells(table(prices.rows.map((row) => row.map((cell) => ({ text: cell!.text })))), us);
  expect(printed[2]![2]).toEqual({ value: { kind: 'number', value: 7249, format: '"$"0', decimals: 0 }, check: false });

  // The workbook highlights it as the other cells to check are, and the summary and preview count it.
  const result = await tablesResult([{ tables: [prices], lines: [] }], 'prices.jpg', 'xlsx', ['eng']);
  expect(result.summary).toMatchObject({ unsure: 2 });
  expect(result.data).toMatchObject({
    unsureCells: [
      [2, 2],
      [3, 2],
    ],
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(result.outputs[0]!.bytes) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getCell('C3').value).toBe('$7249');
  const yellow = (address: string) => (sheet.getCell(address).fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb === 'FFFFF2CC';
  expect(['C2', 'C3', 'C4', 'C5', 'B3'].filter(yellow)).toEqual(['C3', 'C4']);
  expect(sheet.getCell('C2').value).toBe(72.49);
});
