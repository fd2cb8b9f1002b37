import type { Conversion } from '../conversion.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { findPictureTables, pictureRulings } from '../tables/find-tables.ts';
import { tablesResult, type TablesFormat } from '../tables/tables-output.ts';
import { readImage } from './image-to-text.ts';

/** JPG to Excel: the picture's words by OCR, with their boxes and confidences, into tables. */
export const jpgToExcel: Conversion<{ language: OcrLanguage[]; format: TablesFormat }> = async ({ files }, options, context) => {
  const page = await readImage(files[0], options.language, context, { figures: true });
  const languages = page.language?.codes ?? options.language;
  return tablesResult([findPictureTables(page.lines, pictureRulings(page))], files[0]!.name, options.format, languages, page.language);
};
