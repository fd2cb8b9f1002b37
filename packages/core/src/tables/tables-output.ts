import type { ConversionResult, OutputFile, ToolData } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { nameAfterFile } from '../output-names.ts';
import { withLanguage, type ReadLanguages } from '../ocr/detect/detect-languages.ts';
import { styleForLanguages } from './cell-values.ts';
import { typedCells, type TypedCell } from './column-values.ts';
import type { PageTables, Table } from './table.ts';
import { documentStyle, sheetsOf, sheetsToCsv, sheetsToXlsx } from './workbook.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';

export type TablesFormat = 'xlsx' | 'csv' | 'both';

/** Rows of the first table the page previews before download. */
const PREVIEW_ROWS = 50;

/**
 * What PDF to Excel and JPG to Excel answer: the workbook (and/or its CSV) named after the
 * input file `fileName`, counts of pages, tables and cells to check, and the first table for the preview.
 * Figures are read in the style of `languages` (found or given); `language` is what the OCR read the text as.
 */
export async function tablesResult(
  pages: PageTables[],
  fileName: string,
  format: TablesFormat,
  languages: readonly string[],
  language?: ReadLanguages,
): Promise<ConversionResult> {
  const sheets = sheetsOf(pages);
  if (sheets.length === 0) throw new ConversionError('no-text', 'No text found.');
  const outputs: OutputFile[] = [];
  const name = (extension: string) => nameAfterFile(fileName, extension, `tables${extension}`);
  if (format !== 'csv') outputs.push({ name: name('.xlsx'), type: XLSX_TYPE, bytes: await sheetsToXlsx(sheets, styleForLanguages(languages)) });
  if (format !== 'xlsx') outputs.push({ name: name('.csv'), type: CSV_TYPE, bytes: new TextEncoder().encode(sheetsToCsv(sheets)) });
  const tables = pages.flatMap((page) => page.tables);
  // The cells to check, as the workbook highlights them: read with the document's number style.
  const style = documentStyle(sheets, styleForLanguages(languages));
  const typed = tables.map((table) => typedCells(table, style));
  const first = tables[0];
  return {
    outputs,
    zipName: name('.zip'),
    summary: {
      pages: pages.length,
      tables: tables.length,
      sheets: sheets.length,
      unsure: typed.flat(2).filter((cell) => cell?.check).length,
    },
    data: { ...(first ? preview(first, typed[0]!) : {}), ...withLanguage(language) },
  };
}

/** The first rows of a table as the page shows them, with the cells to check. */
function preview(table: Table, typed: Array<Array<TypedCell | null>>): ToolData {
  const rows = table.rows.slice(0, PREVIEW_ROWS);
  const unsureCells: Array<[number, number]> = [];
  rows.forEach((row, r) =>
    row.forEach((_, c) => {
      if (typed[r]![c]?.check) unsureCells.push([r, c]);
    }),
  );
  return { table: rows.map((row) => row.map((cell) => cell?.text ?? '')), unsureCells };
}
