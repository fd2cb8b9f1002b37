import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { numberStyle, type NumberStyle } from './cell-values.ts';
import { LOW_CONFIDENCE, typedCells } from './column-values.ts';
import type { LooseLine, PageTables, Table } from './table.ts';

/** Light yellow, the colour spreadsheets use for "look at this". */
const CHECK_FILL = 'FFFFF2CC';
/** Columns wider than this many characters wrap instead. */
const MAX_COLUMN_WIDTH = 60;

/** One sheet: a table with the page's text around it, or a page's text where it has no table. */
export interface Sheet {
  name: string;
  items: Array<{ kind: 'table'; table: Table } | { kind: 'line'; line: LooseLine }>;
}

/**
 * The pages as sheets, named like "Page 2 – Table 1": one per table, with the page's other
 * lines placed before, between or after its tables as they stood; a page with no table is one
 * sheet of its lines. Empty pages have no sheet.
 */
export function sheetsOf(pages: PageTables[]): Sheet[] {
  const sheets: Sheet[] = [];
  pages.forEach((page, index) => {
    const number = index + 1;
    const lines = [...page.lines].sort((a, b) => a.top - b.top);
    if (page.tables.length === 0) {
      if (lines.length > 0) sheets.push({ name: `Page ${number}`, items: lines.map((line) => ({ kind: 'line', line })) });
      return;
    }
    const tables = [...page.tables].sort((a, b) => a.top - b.top || a.left - b.left);
    tables.forEach((table, t) => {
      const next = tables[t + 1];
      // Lines above the first table go on its sheet; every other line, after the table above it.
      const before = t === 0 ? lines.filter((line) => line.top < table.top) : [];
      const after = lines.filter((line) => line.top >= table.top && (!next || line.top < next.top));
      sheets.push({
        name: `Page ${number} – Table ${t + 1}`,
        items: [
          ...before.map((line) => ({ kind: 'line' as const, line })),
          { kind: 'table', table },
          ...after.map((line) => ({ kind: 'line' as const, line })),
        ],
      });
    });
  });
  return sheets;
}

/** Every table cell's text of the document, for judging its number style. */
function cellTexts(sheets: Sheet[]): string[] {
  return sheets.flatMap((sheet) => sheet.items.flatMap((item) => (item.kind === 'table' ? item.table.rows.flat().map((cell) => cell?.text ?? '') : [])));
}

/**
 * The document's number style: its table cells' figures decide, its other lines' figures where
 * the cells do not ("Total: 1.234,56 €" under a table of "1,234"), the fallback (from the
 * document's language) where neither does.
 */
export function documentStyle(sheets: Sheet[], fallback: NumberStyle): NumberStyle {
  const words = sheets.flatMap((sheet) => sheet.items.flatMap((item) => (item.kind === 'line' ? item.line.text.split(/\s+/) : [])));
  return numberStyle(cellTexts(sheets), numberStyle(words, fallback));
}

/** The sheets as a .xlsx: numbers and dates typed in their printed format, merged cells merged, cells to check highlighted. */
export async function sheetsToXlsx(sheets: Sheet[], fallback: NumberStyle): Promise<Uint8Array> {
  const style = documentStyle(sheets, fallback);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'TextLift';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    const widths: number[] = [];
    const widen = (column: number, text: string) => {
      widths[column] = Math.max(widths[column] ?? 8, Math.min(MAX_COLUMN_WIDTH, text.length + 2));
    };
    let row = 1;
    for (const item of sheet.items) {
      if (item.kind === 'line') {
        const cell = worksheet.getCell(row, 1);
        cell.value = item.line.text;
        if (item.line.confidence !== undefined && item.line.confidence < LOW_CONFIDENCE) highlight(cell);
        row++;
        continue;
      }
      const typed = typedCells(item.table, style);
      item.table.rows.forEach((cells, r) => {
        cells.forEach((found, c) => {
          if (!found) return;
          const cell = worksheet.getCell(row + r, c + 1);
          const { value, check } = typed[r]![c]!;
          if (found.text) {
            cell.value = value.value;
            if (value.kind !== 'text') cell.numFmt = value.format;
          }
          if (found.colSpan || found.rowSpan) worksheet.mergeCells(row + r, c + 1, row + r + (found.rowSpan ?? 1) - 1, c + 1 + (found.colSpan ?? 1) - 1);
          if (check) highlight(cell);
          if (!found.colSpan) widen(c, found.text);
          if (found.text.length > MAX_COLUMN_WIDTH) cell.alignment = { wrapText: true, vertical: 'top' };
        });
      });
      row += item.table.rows.length;
    }
    widths.forEach((width, c) => {
      if (width) worksheet.getColumn(c + 1).width = width;
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function highlight(cell: ExcelJS.Cell) {
  cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: CHECK_FILL } };
}

/**
 * A cell a spreadsheet would take for a formula ("=HYPERLINK(…)" printed in a hostile PDF) is
 * written with a leading apostrophe, as OWASP advises.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative figure as printed ("-4.3", "-1,505", "-12%"): no formula, left as it is. */
const NEGATIVE_FIGURE = /^-[\d.,\s]*\d%?$/;

const safeCell = (text: string) => (FORMULA_START.test(text) && !NEGATIVE_FIGURE.test(text) ? `'${text}` : text);

/**
 * The sheets as one CSV, as the cells were printed, a blank line between sheets. It starts with
 * a byte-order mark, the sign Excel needs to read it as UTF-8.
 */
export function sheetsToCsv(sheets: Sheet[]): string {
  const rows: string[][] = [];
  sheets.forEach((sheet, index) => {
    if (index > 0) rows.push([]);
    for (const item of sheet.items) {
      if (item.kind === 'line') rows.push([safeCell(item.line.text)]);
      else rows.push(...item.table.rows.map((cells) => cells.map((cell) => safeCell(cell?.text ?? ''))));
    }
  });
  return `\uFEFF${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
}
