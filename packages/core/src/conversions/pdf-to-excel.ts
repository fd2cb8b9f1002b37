import type { Conversion } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { PDF_TO_EXCEL_MAX_PAGES } from '../limits.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { languageOfPages, readPdfPages } from '../pdf/read-pages.ts';
import { findPictureTables, findTables, placedRuns } from '../tables/find-tables.ts';
import { tablesResult, type TablesFormat } from '../tables/tables-output.ts';

/**
 * PDF to Excel: each page's tables found from where its text stands and the rules it draws
 * (scanned pages read by OCR first), one sheet per table, the page's other text kept beside it.
 */
export const pdfToExcel: Conversion<{ language: OcrLanguage[]; password: string; format: TablesFormat }> = async ({ files }, options, context) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  const pages = await readPdfPages(
    input.bytes,
    { password: options.password, languages: options.language, rulings: true, maxPages: PDF_TO_EXCEL_MAX_PAGES },
    context,
  );
  const found = pages.map((page) =>
    page.kind === 'text' ? findTables(placedRuns(page.runs, page.height), page.rulings) : findPictureTables(page.lines, page.rulings),
  );
  const language = languageOfPages(pages);
  return tablesResult(found, input.name, options.format, language?.codes ?? options.language, language);
};
