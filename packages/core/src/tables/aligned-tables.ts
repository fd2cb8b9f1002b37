import type { Ruling } from '../pdf/pdf-engine.ts';
import { median } from '../ocr/preprocess/components.ts';
import { cellText, joinWords, linesOf, phrasesOf, type Phrase, type PlacedText, type TextLine } from './placed-text.ts';
import { lowestConfidence, withoutEmptyLines, type LooseLine, type Table, type TableCell } from './table.ts';

/** Most words a phrase of a two-phrase line has if the line is a table row, not two columns of prose. */
const MAX_PAIR_WORDS = 5;
/** Lines further apart than this many line heights are not rows of one table. */
const ROW_GAP = 3.5;
/** A line of a single phrase inside a table (a section's name, a wrapped cell) is at most this share of its width. */
const INNER_LINE = 0.6;
/** A column gutter may be crossed by this share of the rows (a header spanning two columns). */
const GUTTER_CROSSINGS = 0.1;
/** How much of a phrase's box, at each end, in line heights, may reach into a gutter. */
const EDGE_SLACK = 0.125;
/** A gutter is at least this many line heights wide. */
const MIN_GUTTER = 0.3;

interface Line extends TextLine {
  phrases: Phrase[];
  /** Whether the line looks like a table row: three phrases or more, or two short ones. */
  cells: boolean;
}

function toLine(line: TextLine): Line {
  const phrases = phrasesOf(line);
  const words = (phrase: Phrase) => joinWords(phrase.words).split(' ').length;
  const cells = phrases.length >= 3 || (phrases.length === 2 && phrases.every((phrase) => words(phrase) <= MAX_PAIR_WORDS));
  return { ...line, phrases, cells };
}

/**
 * A rule drawn with characters (dashes, underscores, equals signs) across most of the rows'
 * width; a row of "—" in its cells (nothing to report) is a row.
 */
function isSeparator(line: Line, rows: Line[]): boolean {
  const left = Math.min(...rows.map((row) => row.left));
  const right = Math.max(...rows.map((row) => row.right));
  return line.words.every((word) => /^[-_=—–.·]+$/.test(word.text)) && line.right - line.left >= 0.5 * (right - left);
}

/** Runs of lines that look like rows of one table, with the lines that come between them. */
function regions(lines: Line[]): Line[][] {
  const found: Line[][] = [];
  let current: Line[] = [];
  const close = () => {
    while (current.length > 0 && !current.at(-1)!.cells) current.pop();
    if (current.filter((line) => line.cells).length >= 2) found.push(current);
    current = [];
  };
  for (const line of lines) {
    // A row of dashes under a header is neither a row nor the end of the table.
    if (current.length > 0 && isSeparator(line, current)) continue;
    const previous = current.at(-1);
    const height = Math.max(line.height, previous?.height ?? 0);
    if (previous && line.top - previous.bottom > ROW_GAP * height) close();
    if (line.cells) {
      current.push(line);
      continue;
    }
    if (current.length === 0) continue;
    const left = Math.min(...current.map((l) => l.left));
    const right = Math.max(...current.map((l) => l.right));
    if (line.right - line.left <= INNER_LINE * (right - left)) current.push(line);
    else close();
  }
  close();
  return found;
}

/**
 * The column gutters of a region: x ranges that the phrases of nearly every full row leave
 * blank. Full rows (at least half as many phrases as the fullest) set the columns; headers
 * and section names may span them.
 */
function gutters(region: Line[]): Array<[number, number]> {
  const most = Math.max(...region.map((line) => line.phrases.length));
  const full = region.filter((line) => line.cells && line.phrases.length >= Math.max(2, most / 2));
  if (full.length === 0) return [];
  const height = median(full.map((line) => line.height));
  const allowed = Math.floor(GUTTER_CROSSINGS * full.length);
  // A sweep over the phrases' edges: how many rows cover each stretch between two edges (a
  // row's phrases never overlap). Phrases that touch leave no gutter: starts count first. Each
  // phrase is taken a little narrower than its box: a letter's overhang does not close a gutter.
  const trim = EDGE_SLACK * height;
  const edges = full
    .flatMap((line) =>
      line.phrases
        .filter((p) => p.right - p.left > 2 * trim)
        .flatMap((p) => [
          { x: p.left + trim, step: 1 },
          { x: p.right - trim, step: -1 },
        ]),
    )
    .sort((a, b) => a.x - b.x || b.step - a.step);
  const found: Array<[number, number]> = [];
  let covering = 0;
  let start: number | undefined;
  for (const [i, edge] of edges.entries()) {
    covering += edge.step;
    const next = edges[i + 1];
    if (!next || next.x === edge.x) continue;
    // The stretch from this edge to the next is covered by `covering` rows.
    // Before the first phrase of any row is margin, not a gutter (a header out-dented from the rows).
    if (covering <= allowed) start ??= i === 0 ? undefined : edge.x;
    else if (start !== undefined) {
      if (edge.x - start >= MIN_GUTTER * height) found.push([start, edge.x]);
      start = undefined;
    }
  }
  return found;
}

/** Whether a phrase reaches across a gutter's middle half (its edges are only as exact as the scan). */
function crosses(phrase: Phrase, [a, b]: [number, number]): boolean {
  return phrase.left < b - (b - a) / 4 && phrase.right > a + (b - a) / 4;
}

/** The column a piece of text belongs to: the one its middle falls in, gutters split at their middle. */
function columnOf(cuts: number[], x: number): number {
  const index = cuts.findIndex((cut) => x < cut);
  return index < 0 ? cuts.length : index;
}

/**
 * Tables without rules: runs of lines whose phrases line up in columns (rows by line, columns
 * by the gutters the rows share). Horizontal rules that split every row from the next make
 * the rows, so a cell's wrapped lines stay one cell. Lines outside tables are returned as text.
 */
export function alignedTables(words: PlacedText[], rulings: Ruling[]): { tables: Table[]; lines: LooseLine[] } {
  const lines = linesOf(words).map(toLine);
  const tables: Table[] = [];
  const inTable = new Set<Line>();
  for (const found of regions(lines)) {
    const region = withWrappedTail(found, lines, inTable);
    const all = gutters(region);
    if (all.length === 0) continue;
    region.forEach((line) => inTable.add(line));
    for (const line of lines) if (isSeparator(line, region) && line.top > region[0]!.top && line.bottom < region.at(-1)!.bottom) inTable.add(line);
    const rows = rowsOf(region, rulings);
    for (const part of sideBySide(all, region)) {
      const cuts = part.gutters.map(([a, b]) => (a + b) / 2);
      const cells = rows.map((row) => {
        const byColumn: PlacedText[][] = Array.from({ length: cuts.length + 1 }, () => []);
        // Phrases, not words, are placed: a centred header over two columns stays one cell.
        for (const line of row) {
          for (const phrase of line.phrases)
            if (phrase.left >= part.left && phrase.left < part.right) byColumn[columnOf(cuts, phrase.left + 1)]!.push(...phrase.words);
        }
        return byColumn.map((cellWords): TableCell => {
          const cell: TableCell = { text: cellText(cellWords) };
          const confidence = lowestConfidence(cellWords);
          if (confidence !== undefined) cell.confidence = confidence;
          return cell;
        });
      });
      const placed = region.flatMap((line) => line.words).filter((word) => word.left >= part.left && word.left < part.right);
      tables.push(
        withoutEmptyLines({
          rows: cells,
          top: Math.min(...placed.map((w) => w.top)),
          bottom: Math.max(...placed.map((w) => w.bottom)),
          left: Math.min(...placed.map((w) => w.left)),
          right: Math.max(...placed.map((w) => w.right)),
        }),
      );
    }
  }
  const loose = lines
    .filter((line) => !inTable.has(line))
    .map((line): LooseLine => {
      const out: LooseLine = { text: line.phrases.map((phrase) => joinWords(phrase.words)).join('  '), top: line.top };
      const confidence = lowestConfidence(line.words);
      if (confidence !== undefined) out.confidence = confidence;
      return out;
    });
  return { tables: tables.filter((table) => table.rows.length > 0), lines: loose };
}

/** Lines this close under a table (in line heights) may be the wrapped end of its last row. */
const WRAPPED_LEADING = 0.6;

/**
 * The region with the lines just under it that continue its last row's cells: set as tight as
 * the text above, each of their phrases inside one column.
 */
function withWrappedTail(region: Line[], lines: Line[], taken: Set<Line>): Line[] {
  const cuts = gutters(region);
  const out = [...region];
  for (let i = lines.indexOf(region.at(-1)!) + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = out.at(-1)!;
    if (taken.has(line) || line.top - previous.bottom > WRAPPED_LEADING * line.height) break;
    const inOneColumn = line.phrases.every((phrase) => !cuts.some((gutter) => crosses(phrase, gutter)));
    if (!inOneColumn || line.cells) break;
    out.push(line);
  }
  return out;
}

/**
 * A gutter this many times wider than the region's typical one, crossed by no line, with about
 * many columns on either side, parts two tables set side by side (a long list printed in two
 * halves).
 */
const SIDE_BY_SIDE = 2.5;

/** The region's tables from left to right: one, or two set side by side. */
function sideBySide(all: Array<[number, number]>, region: Line[]): Array<{ gutters: Array<[number, number]>; left: number; right: number }> {
  const widths = all.map(([a, b]) => b - a);
  const typical = median(widths);
  const split = all.findIndex(([a, b], i) => {
    if (i === 0 || i === all.length - 1) return false;
    const others = widths.filter((_, j) => j !== i);
    if (b - a < SIDE_BY_SIDE * Math.max(typical, median(others))) return false;
    return !region.some((line) => line.phrases.some((phrase) => crosses(phrase, [a, b])));
  });
  // The two halves of one list have (about) the same columns; a wide gap before the figures does not part a table.
  if (split < 0 || Math.abs(split - (all.length - 1 - split)) > 1) return [{ gutters: all, left: -Infinity, right: Infinity }];
  const middle = (all[split]![0] + all[split]![1]) / 2;
  return [
    { gutters: all.slice(0, split), left: -Infinity, right: middle },
    { gutters: all.slice(split + 1), left: middle, right: Infinity },
  ];
}

/** Most lines a band between two rules holds for the rules to be taken as row dividers. */
const LINES_PER_RULED_ROW = 2;

/**
 * The region's rows: one per line, or, where horizontal rules across the region divide it
 * into bands of one or two lines (typically), one per band.
 */
function rowsOf(region: Line[], rulings: Ruling[]): Line[][] {
  const left = Math.min(...region.map((l) => l.left));
  const right = Math.max(...region.map((l) => l.right));
  const top = region[0]!.top;
  const bottom = region.at(-1)!.bottom;
  const height = median(region.map((l) => l.height));
  const rules = rulings
    .filter(
      (r) =>
        r.direction === 'horizontal' && r.at > top - height && r.at < bottom + height && r.to - r.from >= 0.5 * (right - left) && r.from < right && r.to > left,
    )
    .map((r) => r.at)
    .sort((a, b) => a - b);
  const byLine = region.map((line) => [line]);
  if (rules.length < 2) return byLine;
  const bands: Line[][] = [];
  for (const line of region) {
    const middle = (line.top + line.bottom) / 2;
    const band = rules.filter((at) => at < middle).length;
    (bands[band] ??= []).push(line);
  }
  const filled = bands.filter((band) => band && band.length > 0);
  const counts = filled.map((band) => band.length);
  if (filled.length < 3 || median(counts) > LINES_PER_RULED_ROW) return byLine;
  // A band with two lines that each fill most columns is rows the rules group (a statement's
  // sections), not one row whose cells wrap.
  const most = Math.max(...region.map((line) => line.phrases.length));
  const full = (line: Line) => line.phrases.length >= Math.max(2, Math.ceil(0.6 * most));
  if (filled.some((band) => band.filter(full).length >= 2)) return byLine;
  return filled;
}
