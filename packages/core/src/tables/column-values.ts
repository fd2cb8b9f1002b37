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
 * read from a photo. More than half, as a statement's column holds sections of whole counts
 * and of amounts with decimals; the size test below keeps the counts sure.
 */
const SAME_DECIMALS = 0.5;

/**
 * A table's cells as values, each column read in its own number style where its figures tell
 * one ("1,234" in a column of "1.234,56" is one thousand two hundred and thirty-four), the
 * document's where they do not. An OCR reading is to check where its confidence is low, or
 * where it is a whole figure as much too large as a lost decimal point would make it in a
 * column whose other figures have decimals (a year heading a column of figures aside): such a
 * reading stays the text it was read as, never a number.
 */
export function typedCells(table: Table, document: NumberStyle): Array<Array<TypedCell | null>> {
  const width = Math.max(0, ...table.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, c) => {
    const style = numberStyle(
      table.rows.map((row) => row[c]?.text ?? ''),
      document,
    );
    return table.rows.map((row) => (row[c]?.text ? cellValue(row[c]!.text, style) : undefined));
  });
  return table.rows.map((row, r) =>
    row.map((cell, c) => {
      if (!cell) return null;
      const value = columns[c]![r] ?? { kind: 'text' as const, value: cell.text };
      if (cell.confidence === undefined || !cell.text) return { value, check: false };
      const others = columns[c]!.filter((other, i) => i !== r && other?.kind === 'number') as NumberValue[];
      const rowHasDecimals = row.some((_, i) => i !== c && columns[i]![r]?.kind === 'number' && (columns[i]![r] as NumberValue).decimals > 0);
      if (value.kind === 'number' && lostDecimalPoint(value, others) && (rowHasDecimals || !/^(19|20)\d\d$/.test(cell.text.trim()))) {
        return { value: { kind: 'text', value: cell.text }, check: true };
      }
      return { value, check: cell.confidence < LOW_CONFIDENCE };
    }),
  );
}

type NumberValue = Extract<CellValue, { kind: 'number' }>;

/** A figure's size as printed: a percent's figure, not its fraction. */
const printedSize = (value: NumberValue) => Math.abs(value.value) * (value.format.includes('%') ? 100 : 1);

/**
 * Whether a whole figure stands among figures that mostly have the same number of decimals
 * (at least two others) and is the size one of them would be with its point lost: nearer, on
 * a logarithmic scale, to their median times a hundred (for two decimals) than to their median.
 * A column whose sections hold whole counts and amounts with decimals keeps its counts sure.
 */
function lostDecimalPoint(value: NumberValue, others: NumberValue[]): boolean {
  if (value.decimals > 0 || others.length < 2) return false;
  const counts = new Map<number, number>();
  for (const other of others) counts.set(other.decimals, (counts.get(other.decimals) ?? 0) + 1);
  const [decimals, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  if (decimals === 0 || count <= SAME_DECIMALS * others.length) return false;
  const sizes = others.map(printedSize).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)]!;
  return median > 0 && Math.log10(printedSize(value) / median) > decimals / 2;
}
