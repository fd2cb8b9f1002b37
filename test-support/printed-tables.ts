import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { seededRandom as random } from './seeded-random.ts';

/**
 * Tables of figures printed as people print them in many languages (currency signs before or
 * after, thousands grouped by commas, dots or spaces, percents, negatives in brackets or with a
 * trailing minus), each cell with the value it stands for, set as text in a PDF. The printed
 * texts come from the runtime's ICU (Intl.NumberFormat), not from our parser's idea of them, so
 * a PDF to Excel workbook can be checked against what the page shows and what it means.
 */

/** A cell as printed, and its value: the number a figure means (a percent as a fraction), or its text. */
export interface PrintedCell {
  text: string;
  value: number | string;
}

export interface PrintedTable {
  name: string;
  locale: string;
  rows: PrintedCell[][];
  /** Rules drawn round every cell (a lattice), or none (a table set by its gutters). */
  ruled: boolean;
  font: string;
}

/** Locales and the currency each prints; the first column of each table is words. */
const LOCALES: Array<[string, string]> = [
  ['en-US', 'USD'],
  ['en-GB', 'GBP'],
  ['fil-PH', 'PHP'],
  ['de-DE', 'EUR'],
  ['fr-FR', 'EUR'],
  ['es-ES', 'EUR'],
  ['it-IT', 'EUR'],
  ['pt-BR', 'BRL'],
  ['nl-NL', 'EUR'],
  ['da-DK', 'DKK'],
  ['pl-PL', 'PLN'],
  ['tr-TR', 'TRY'],
  ['id-ID', 'IDR'],
  ['ru-RU', 'RUB'],
];

const KINDS = ['currency', 'accounting', 'code', 'grouped', 'plain', 'percent', 'change', 'trailing-minus', 'brackets', 'count'] as const;
type Kind = (typeof KINDS)[number];

const LABELS = [
  'North',
  'South',
  'East',
  'West',
  'Central',
  'Rent',
  'Salaries',
  'Travel',
  'Energy',
  'Insurance',
  'Licences',
  'Repairs',
  'Postage',
  'Training',
  'Freight',
  'Catering',
  'Cleaning',
  'Hardware',
];
const FONTS = ['DejaVuSans.ttf', 'DejaVuSerif.ttf', 'DejaVuSansCondensed.ttf'];

/** One column's figures: how they are printed, and the values they stand for. */
function column(kind: Kind, locale: string, currency: string, rows: number, next: () => number): PrintedCell[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const decimals = kind === 'count' ? 0 : pick([0, 1, 2, 2, 2, 3]);
  const scale = pick([100, 5_000, 100_000, 10_000_000]);
  const negatives = kind !== 'count' && kind !== 'plain' && next() < 0.7 ? 0.3 : 0;
  let format: Intl.NumberFormat;
  if (kind === 'currency' || kind === 'accounting' || kind === 'code') {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencySign: kind === 'accounting' ? 'accounting' : 'standard',
      currencyDisplay: kind === 'code' ? 'code' : 'symbol',
    });
  } else if (kind === 'percent' || kind === 'change') {
    format = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: decimals % 3,
      maximumFractionDigits: decimals % 3,
      signDisplay: kind === 'change' ? 'exceptZero' : 'auto',
    });
  } else {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: kind !== 'plain' });
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return Array.from({ length: rows }, () => {
    const sign = next() < negatives ? -1 : 1;
    if (kind === 'percent' || kind === 'change') {
      // Percents print the fraction times 100: the value is the fraction, rounded as printed.
      const percent = Math.round(next() * 150 * 10 ** digits) / 10 ** digits;
      const value = (sign * percent) / 100;
      return { text: format.format(value), value };
    }
    const magnitude = Math.round(next() * scale * 10 ** digits) / 10 ** digits;
    const value = sign * magnitude;
    if (kind === 'trailing-minus') return { text: `${format.format(magnitude)}${sign < 0 ? ' -' : ''}`, value };
    if (kind === 'brackets') return { text: sign < 0 ? `(${format.format(magnitude)})` : format.format(magnitude), value };
    return { text: format.format(value), value: value === 0 ? 0 : value };
  });
}

/** `count` tables from `seed`: a header row, a column of words, then three to six columns of figures. */
export function printedTables(seed: number, count: number): PrintedTable[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    // Each locale twice in a row, so that both halves of a set alternating by file hold every locale.
    const [locale, currency] = LOCALES[Math.floor(index / 2) % LOCALES.length]!;
    const rows = 6 + Math.floor(next() * 10);
    const kinds = Array.from({ length: 3 + Math.floor(next() * 4) }, () => pick(KINDS));
    const columns = kinds.map((kind) => column(kind, locale, currency, rows, next));
    const header: PrintedCell[] = ['Line', ...kinds.map((kind, c) => `${kind[0]!.toUpperCase()}${kind.slice(1)} ${c + 1}`)].map((text) => ({
      text,
      value: text,
    }));
    const body = Array.from({ length: rows }, (_, r) => [
      { text: LABELS[(r + index) % LABELS.length]!, value: LABELS[(r + index) % LABELS.length]! },
      ...columns.map((cells) => cells[r]!),
    ]);
    return { name: `printed-${String(index + 1).padStart(2, '0')}-${locale}`, locale, rows: [header, ...body], ruled: next() < 0.5, font: pick(FONTS) };
  });
}

const fontDir = createRequire(import.meta.url)
  .resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
  .replace(/DejaVuSans\.ttf$/, '');

/** The table set as text on one page: words left-aligned, figures right-aligned, rules where it has them. */
export async function printedTablePdf(table: PrintedTable): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const font = await doc.embedFont(readFileSync(fontDir + table.font), { subset: false });
  const size = 9;
  const pad = 8;
  const widths = table.rows[0]!.map((_, c) => Math.max(...table.rows.map((row) => font.widthOfTextAtSize(row[c]!.text, size))) + 2 * pad);
  const width = widths.reduce((a, b) => a + b, 0);
  const page = doc.addPage([Math.max(595, width + 80), 842]);
  const left = 40;
  const rowHeight = size * 1.9;
  const top = 842 - 80;
  page.drawText(`Figures (${table.locale})`, { x: left, y: top + 20, size: 12, font });
  table.rows.forEach((row, r) => {
    let x = left;
    const baseline = top - (r + 1) * rowHeight + size * 0.6;
    row.forEach((cell, c) => {
      const textWidth = font.widthOfTextAtSize(cell.text, size);
      const at = c === 0 || r === 0 ? x + pad : x + widths[c]! - pad - textWidth;
      page.drawText(cell.text, { x: at, y: baseline, size, font });
      x += widths[c]!;
    });
  });
  if (table.ruled) {
    const line = (x1: number, y1: number, x2: number, y2: number) =>
      page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.6, color: rgb(0, 0, 0) });
    for (let r = 0; r <= table.rows.length; r++) line(left, top - r * rowHeight, left + width, top - r * rowHeight);
    let x = left;
    for (let c = 0; c <= widths.length; c++) {
      line(x, top, x, top - table.rows.length * rowHeight);
      x += widths[c] ?? 0;
    }
  }
  return doc.save();
}
