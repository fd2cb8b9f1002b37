import type { PlacedText } from './placed-text.ts';

/** One cell of a found table; a merged cell is held by its top-left position. */
export interface TableCell {
  text: string;
  /** The lowest OCR confidence of its words (0 to 100); absent for a PDF's own text. */
  confidence?: number;
  /** Rows and columns a merged cell covers (1 when absent). */
  rowSpan?: number;
  colSpan?: number;
}

/** A table found on a page: rows of cells, `null` where a merged cell covers the position. */
export interface Table {
  rows: Array<Array<TableCell | null>>;
  /** Where it stands, in the page's units, y down. */
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** A line of text outside every table, kept so that nothing on the page is lost. */
export interface LooseLine {
  text: string;
  top: number;
  confidence?: number;
}

export interface PageTables {
  tables: Table[];
  lines: LooseLine[];
}

/** The lowest confidence among words, or nothing where none has one (a PDF's text). */
export function lowestConfidence(words: PlacedText[]): number | undefined {
  const known = words.map((word) => word.confidence).filter((value): value is number => value !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
}

/**
 * Drops rows and columns in which no cell has text (the space between a double rule, a
 * column of a form left blank everywhere), keeping merged cells whole.
 */
export function withoutEmptyLines(table: Table): Table {
  const filled = (cell: TableCell | null | undefined) => Boolean(cell?.text);
  const keepRow = table.rows.map((row) => row.some(filled));
  const width = Math.max(0, ...table.rows.map((row) => row.length));
  const keepColumn = Array.from({ length: width }, (_, c) => table.rows.some((row) => filled(row[c])));
  const rows = table.rows
    .map((row, r) =>
      row
        .map((cell, c) => {
          if (!cell) return cell;
          // A merged cell's span counts the kept rows and columns it covers.
          const rowSpan = keepRow.slice(r, r + (cell.rowSpan ?? 1)).filter(Boolean).length;
          const colSpan = keepColumn.slice(c, c + (cell.colSpan ?? 1)).filter(Boolean).length;
          const moved: TableCell = { text: cell.text };
          if (cell.confidence !== undefined) moved.confidence = cell.confidence;
          if (rowSpan > 1) moved.rowSpan = rowSpan;
          if (colSpan > 1) moved.colSpan = colSpan;
          return moved;
        })
        .filter((_, c) => keepColumn[c]),
    )
    .filter((_, r) => keepRow[r]);
  return { ...table, rows };
}
