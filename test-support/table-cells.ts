import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { corpusDir } from './corpus.ts';

/** A table as rows of cell texts. */
export type Grid = string[][];

/** A table expected on a page (1-based) of a corpus file. */
export interface ExpectedTable {
  page: number;
  cells: Grid;
}

/**
 * The expected tables of a corpus table file: its CSV (one table, of page 1 in every file the
 * corpus has) or its ICDAR 2013 structure (one per table, each on its page).
 */
export function expectedTables(relative: string): ExpectedTable[] {
  const stem = path.join(corpusDir, relative.replace(/\.[^.]+$/, ''));
  if (existsSync(`${stem}.expected.csv`)) return [{ page: 1, cells: parseCsv(readFileSync(`${stem}.expected.csv`, 'utf8')) }];
  if (existsSync(`${stem}.expected-str.xml`)) return icdarTables(readFileSync(`${stem}.expected-str.xml`, 'utf8'));
  return [];
}

export function parseCsv(text: string): Grid {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimiter: ',' }).data.filter((row) => row.some((cell) => cell !== ''));
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** ICDAR 2013 "-str.xml": each table's cells at their start row and column. */
function icdarTables(xml: string): ExpectedTable[] {
  return [...xml.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map(([, body]) => {
    const page = Number(/<region[^>]*page='(\d+)'/.exec(body!)![1]);
    const grid: Grid = [];
    for (const [, attributes, content] of body!.matchAll(/<cell([^>]*)>[\s\S]*?<content>([\s\S]*?)<\/content>/g)) {
      const row = Number(/start-row='(\d+)'/.exec(attributes!)![1]);
      const column = Number(/start-col='(\d+)'/.exec(attributes!)![1]);
      grid[row] ??= [];
      grid[row]![column] = unescapeXml(content!);
    }
    const width = Math.max(...grid.map((row) => row?.length ?? 0));
    return { page, cells: Array.from(grid, (row) => Array.from({ length: width }, (_, c) => row?.[c] ?? '')) };
  });
}

/** A CSV of several tables (PDF to Excel's: its sheets) as tables: a blank line parts them. */
export function csvSheets(text: string): Grid[] {
  const sheets: Grid[] = [[]];
  for (const row of Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimiter: ',' }).data) {
    if (row.every((cell) => cell === '')) {
      if (sheets.at(-1)!.length > 0) sheets.push([]);
    } else sheets.at(-1)!.push(row);
  }
  return sheets.filter((sheet) => sheet.length > 0);
}

/**
 * Cells compared as values: whitespace removed (the expected files keep a cell's line breaks
 * where a PDF wrapped it), compatibility forms folded (full-width digits, ligatures), and the
 * Unicode hyphen (U+2010), drawn the same as "-", read as "-": no picture can tell them apart.
 */
export const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/\u2010/g, '-');

/**
 * How many of the expected table's non-empty cells the found tables hold with the same value
 * in the same row and column. Each found table is shifted by the one column offset that fits it
 * best (a table found with an extra column of row labels still counts), and expected rows are
 * matched to found rows in order (a table found with an extra header row, or two expected
 * tables found as one, still count); no cell is matched twice.
 */
export function scoreCells(expected: Grid, found: Grid[]): { matched: number; total: number } {
  const want = expected.map((row) => row.map(comparable));
  const total = want.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const matches = (e: string[], o: string[], shift: number) =>
    e.reduce((sum, value, c) => sum + (value && o[c + shift] !== undefined && comparable(o[c + shift]!) === value ? 1 : 0), 0);
  const rows: Array<{ cells: string[]; shift: number }> = [];
  for (const table of found) {
    let best = { shift: 0, score: -1 };
    for (let shift = -4; shift <= 4; shift++) {
      const score = want.reduce((sum, e) => sum + Math.max(0, ...table.map((o) => matches(e, o, shift))), 0);
      if (score > best.score) best = { shift, score };
    }
    rows.push(...table.map((cells) => ({ cells, shift: best.shift })));
  }
  // Longest-common-subsequence style alignment of expected rows to found rows.
  const n = want.length;
  const m = rows.length;
  const score: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const pair = score[i - 1]![j - 1]! + matches(want[i - 1]!, rows[j - 1]!.cells, rows[j - 1]!.shift);
      score[i]![j] = Math.max(pair, score[i - 1]![j]!, score[i]![j - 1]!);
    }
  }
  return { matched: score[n]![m]!, total };
}
