import { cellValue, numberStyle, type CellValue, type NumberStyle } from './cell-values.ts';
import type { Table } from './table.ts';

/**
 * Below this OCR confidence a cell is highlighted for checking. Tesseract gives clean print
 * 90 and more; under 70 a word is as likely misread as not.
 */
export const LOW_CONFIDENCE = 70;

/** A table cell's value, and whether a person should check it before trusting it. */
export interface TypedCell {
  value: CellValue;
  check: boolean;
}

/**
 * Share of a column's other figures that must have the same number of decimals for a reading
 * without its decimal point to be doubted: a price column of "$72.49", "$72.43" and one "$7249"
 * read from a photo. Three quarters lets a column hold a total or a stray whole figure.
 */
const SAME_DECIMALS = 0.75;

/**
 * A table's cells as values, each column read in its own number style where its figures tell
 * one ("1,234" in a column of "1.234,56" is one thousand two hundred and thirty-four), the
 * document's where they do not. An OCR reading is to check where its confidence is low, or
 * where it is a whole figure in a column whose other figures have decimals: a decimal point
 * lost in reading makes a figure a hundred times too large, so such a reading stays the text
 * it was read as, never a number.
 */
export function typedCells(table: Table, document: NumberStyle): Array<Array<TypedCell | null>> {
  const width = Math.max(0, ...table.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, c) => {
    const style = numberStyle(table.rows.map((row) => row[c]?.text ?? ''), document);
    return table.rows.map((row) => (row[c]?.text ? cellValue(row[c]!.text, style) : undefined));
  });
  return table.rows.map((row, r) =>
    row.map((cell, c) => {
      if (!cell) return null;
      const value = columns[c]![r] ?? { kind: 'text' as const, value: cell.text };
      if (cell.confidence === undefined || !cell.text) return { value, check: false };
      if (value.kind === 'number' && lostDecimalPoint(value, cell.text, columns[c]!.filter((other, i) => i !== r && other?.kind === 'number') as NumberValue[])) {
        return { value: { kind: 'text', value: cell.text }, check: true };
      }
      return { value, check: cell.confidence < LOW_CONFIDENCE };
    }),
  );
}

type NumberValue = Extract<CellValue, { kind: 'number' }>;

/**
 * Whether a whole figure stands among figures that nearly all have the same number of decimals
 * (at least two others), with digits enough for a point to have been lost before them. A year
 * heading a column ("2011" over "1,505.00") is no lost point.
 */
function lostDecimalPoint(value: NumberValue, text: string, others: NumberValue[]): boolean {
  if (value.decimals > 0 || others.length < 2) return false;
  const counts = new Map<number, number>();
  for (const other of others) counts.set(other.decimals, (counts.get(other.decimals) ?? 0) + 1);
  const [decimals, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  if (decimals === 0 || count < SAME_DECIMALS * others.length) return false;
  if (/^(19|20)\d\d$/.test(text.trim())) return false;
  return String(Math.trunc(Math.abs(value.value * (value.format.includes('%') ? 100 : 1)))).length > decimals;
}
