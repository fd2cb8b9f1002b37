import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { cellValue, numberStyle, styleForLanguages } from './cell-values.ts';
import { findTables } from './find-tables.ts';
import type { PlacedText } from './placed-text.ts';
import { sheetsOf, sheetsToCsv, sheetsToXlsx } from './workbook.ts';

const us = { decimal: '.', dates: 'mdy' } as const;
const de = { decimal: ',', dates: 'dmy' } as const;

test("figures become numbers in the format they were printed in, by the document's way of writing them", () => {
  expect(cellValue('1,505', us)).toEqual({ kind: 'number', value: 1505, format: '#,##0', decimals: 0 });
  expect(cellValue('1,505', de)).toEqual({ kind: 'number', value: 1.505, format: '[$-407]0.000', decimals: 3 });
  expect(cellValue('1.234.567,89', de)).toEqual({ kind: 'number', value: 1234567.89, format: '[$-407]#,##0.00', decimals: 2 });
  expect(cellValue('1 234,5', de)).toEqual({ kind: 'number', value: 1234.5, format: '[$-40C]#,##0.0', decimals: 1 });
  expect(cellValue('-4.3', us)).toEqual({ kind: 'number', value: -4.3, format: '0.0', decimals: 1 });
  expect(cellValue('(1,200)', us)).toEqual({ kind: 'number', value: -1200, format: '#,##0;(#,##0)', decimals: 0 });
  expect(cellValue('△525', us)).toEqual({ kind: 'number', value: -525, format: '0;"△"0', decimals: 0 });
  expect(cellValue('12.5%', us)).toEqual({ kind: 'number', value: 0.125, format: '0.0%', decimals: 1 });
  expect(cellValue('$33,200', us)).toEqual({ kind: 'number', value: 33200, format: '"$"#,##0', decimals: 0 });
  // A leading zero, too many digits, a phone number, words: text.
  for (const text of ['02134', '1234567890123456', '555-1234', '555 1234', '1 2345', 'MRH/IDA/TSP', '1,50,5', ''])
    expect(cellValue(text, us).kind).toBe('text');
});

test('dates become dates, their order told by the document', () => {
  expect(cellValue('10/12/2012', us)).toEqual({ kind: 'date', value: new Date(Date.UTC(2012, 9, 12)), format: 'mm/dd/yyyy' });
  expect(cellValue('31.12.2014', de)).toEqual({ kind: 'date', value: new Date(Date.UTC(2014, 11, 31)), format: 'dd.mm.yyyy' });
  expect(cellValue('2012-10-12', de)).toMatchObject({ kind: 'date', format: 'yyyy-mm-dd' });
  expect(cellValue('31/02/2012', { decimal: '.', dates: 'dmy' }).kind).toBe('text');
  // Before Excel's calendar begins (and its 29 February 1900 that never was): text.
  expect(cellValue('01/02/1850', us).kind).toBe('text');
  expect(cellValue('1900-02-28', us).kind).toBe('text');
  expect(numberStyle(['9/30/2012', '10/12/2012'], { decimal: ',', dates: 'dmy' })).toEqual({ decimal: ',', dates: 'mdy' });
  expect(numberStyle(['1,234,567', '3.25'], de).decimal).toBe('.');
  expect(numberStyle(['1.234.567', '3,25'], us).decimal).toBe(',');
  expect(styleForLanguages(['deu'])).toEqual(de);
});

/** Words of a table set in columns, 10-point rows 14 points apart, y down. */
function grid(rows: string[][], columnsAt: number[], top = 100): PlacedText[] {
  return rows.flatMap((row, r) =>
    row.flatMap((text, c) =>
      text ? [{ text, left: columnsAt[c]!, right: columnsAt[c]! + text.length * 5, top: top + r * 14, bottom: top + r * 14 + 10 }] : [],
    ),
  );
}

test('a table without rules: rows by line, columns by the gutters its rows share; the prose around it kept as lines', () => {
  const rows = [
    ['Item', 'Qty', 'Price'],
    ['Apples', '3', '1.20'],
    ['Pears', '12', '0.80'],
    ['Plums', '', '2.00'],
  ];
  const words = [{ text: 'Our prices for the week, as agreed with the growers.', left: 40, right: 300, top: 60, bottom: 70 }, ...grid(rows, [40, 160, 240])];
  const { tables, lines } = findTables(words);
  expect(tables).toHaveLength(1);
  expect(tables[0]!.rows.map((row) => row.map((cell) => cell?.text ?? ''))).toEqual(rows);
  expect(lines.map((line) => line.text)).toEqual(['Our prices for the week, as agreed with the growers.']);
});

test('a ruled table: cells by its rules, a merged header held by its first cell with its span', () => {
  const words = grid([['Region'], ['North', '10', '20'], ['South', '30', '40']], [42, 102, 152], 102);
  const h = (at: number) => ({ direction: 'horizontal' as const, at, from: 40, to: 200 });
  const v = (at: number, from = 100) => ({ direction: 'vertical' as const, at, from, to: 142 });
  const { tables } = findTables(words, [h(100), h(114), h(128), h(142), v(40, 100), v(100, 114), v(150, 114), v(200, 100)]);
  expect(tables).toHaveLength(1);
  const [header, north] = tables[0]!.rows;
  expect(header![0]).toEqual({ text: 'Region', colSpan: 3 });
  expect(north!.map((cell) => cell?.text)).toEqual(['North', '10', '20']);
});

test('the workbook: one sheet per table, figures typed, unsure OCR cells highlighted; the CSV as printed', async () => {
  const table = {
    rows: [
      [
        { text: 'Total', confidence: 95 },
        { text: '1,505', confidence: 41 },
      ],
      [
        { text: 'Paid', confidence: 96 },
        { text: '10/12/2012', confidence: 93 },
      ],
    ],
    top: 100,
    bottom: 130,
    left: 0,
    right: 100,
  };
  const sheets = sheetsOf([
    { tables: [], lines: [] },
    { tables: [table], lines: [{ text: 'Statement', top: 50 }] },
  ]);
  expect(sheets.map((sheet) => sheet.name)).toEqual(['Page 2 – Table 1']);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await sheetsToXlsx(sheets, us)) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Page 2 – Table 1')!;
  expect(sheet.getCell('A1').value).toBe('Statement');
  expect(sheet.getCell('B2').value).toBe(1505);
  expect(sheet.getCell('B3').value).toEqual(new Date(Date.UTC(2012, 9, 12)));
  const yellow = (address: string) => (sheet.getCell(address).fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb === 'FFFFF2CC';
  expect(['A2', 'B2', 'A3', 'B3'].filter(yellow)).toEqual(['B2']);
  expect(sheetsToCsv(sheets)).toBe('\uFEFFStatement\r\nTotal,"1,505"\r\nPaid,10/12/2012\r\n');
});

test('a cell a spreadsheet would run as a formula is written as text in the CSV; negative figures stay figures', () => {
  const cell = (text: string) => ({ text });
  const texts = ['=HYPERLINK("http://x","y")', '-4.3', '@SUM(A1)', '-x', "-2+3+cmd|' /C calc'!A0", '-1+1', '-1,505', '+44 20'];
  const table = { rows: [texts.map(cell)], top: 0, bottom: 10, left: 0, right: 10 };
  const written = sheetsToCsv(sheetsOf([{ tables: [table], lines: [] }]));
  expect(written).toBe(`\uFEFF"'=HYPERLINK(""http://x"",""y"")",-4.3,'@SUM(A1),'-x,'-2+3+cmd|' /C calc'!A0,'-1+1,"-1,505",'+44 20\r\n`);
});

test('a merge of missing rules that is no rectangle gives each position its own cell, nothing lost', () => {
  // Three columns, two rows; the rule between A and B is missing in the top row, and the one
  // under B in the middle column: A, B and E would be one L-shaped cell.
  const words = grid(
    [
      ['A', 'B', 'C'],
      ['D', 'E', 'F'],
    ],
    [12, 62, 112],
    2,
  );
  const h = (at: number, from = 10, to = 160) => ({ direction: 'horizontal' as const, at, from, to });
  const v = (at: number, from = 0, to = 28) => ({ direction: 'vertical' as const, at, from, to });
  const { tables } = findTables(words, [h(0), h(14, 10, 60), h(14, 110, 160), h(28), v(10), v(60, 14, 28), v(110), v(160)]);
  expect(tables).toHaveLength(1);
  const texts = tables[0]!.rows
    .flat()
    .map((cell) => cell?.text)
    .filter(Boolean)
    .sort();
  expect(texts).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
});
