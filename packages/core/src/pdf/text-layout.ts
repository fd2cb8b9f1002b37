/**
 * Reading order for a PDF page's text layer. pdf.js gives text runs with positions, in the
 * order the file drew them (often not reading order); this rebuilds lines, groups them into
 * blocks, and orders blocks so that columns are read one after the other.
 */

import { bidiClassOf, readsRightToLeft, visualToLogical } from './bidi-runs.ts';

/** One text run, in PDF units (points), y up from the bottom of the page. */
export interface PositionedText {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Font size. */
  size: number;
  /** Right-to-left script (Arabic, Hebrew): runs of a line are read from the right. */
  rtl?: boolean;
  bold?: boolean;
  italic?: boolean;
}

export interface Fragment {
  text: string;
  /** The runs, left to right, kept until the text is joined. */
  runs: PositionedText[];
  left: number;
  right: number;
  baseline: number;
  size: number;
  /** Index of the text row (same baseline) the fragment is on, top to bottom. */
  row: number;
}

export interface Block {
  lines: Fragment[];
  /** Cells, row by row, where the block is a table. */
  table?: string[][];
  left: number;
  right: number;
  /** Highest baseline plus the font size: the block's top edge. */
  top: number;
  bottom: number;
}

/** Runs on one baseline when they differ by less than this share of the font size. */
const SAME_LINE = 0.5;
/**
 * A horizontal gap wider than this many font sizes always splits a line: between table cells
 * or wide columns, never a space between words.
 */
const GUTTER = 2.5;
/** A gap at least this wide (in font sizes) splits the line where it lines up with a gutter. */
const MIN_GUTTER = 0.6;
/** How far up and down (in font sizes) the rows that show a gutter are looked for. */
const NEIGHBOURHOOD = 12;
/** A gap wider than this share of the font size between two runs stands for a space. */
const SPACE = 0.15;
/** Lines whose font sizes differ by more than this factor belong to different blocks (a heading and its text). */
const SAME_SIZE = 1.15;
/** Lines further apart than this many font sizes start a new block (paragraph gap). */
const LINE_GAP = 1.7;

function toRows(items: PositionedText[]): PositionedText[][] {
  const runs = items.filter((item) => item.str.trim() !== '' && item.size > 0);
  runs.sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PositionedText[][] = [];
  for (const run of runs) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - run.y) < SAME_LINE * Math.min(row[0]!.size, run.size)) row.push(run);
    else rows.push([run]);
  }
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return rows;
}

/**
 * Whether x lies in a column gutter: the rows around this one (within NEIGHBOURHOOD font
 * sizes above and below) almost all leave it blank. Narrow gutters (1 em) are found this way;
 * a wide gap between words of one line has text above and below it.
 */
function inGutter(rows: PositionedText[][], index: number, x: number): boolean {
  const here = rows[index]![0]!;
  let neighbours = 0;
  let blank = 0;
  for (let i = 0; i < rows.length; i++) {
    const first = rows[i]![0]!;
    if (i === index || Math.abs(first.y - here.y) > NEIGHBOURHOOD * here.size) continue;
    neighbours++;
    if (!rows[i]!.some((run) => run.x - 0.1 * run.size <= x && x <= run.x + run.width + 0.1 * run.size)) blank++;
  }
  return neighbours >= 3 && blank >= 0.8 * neighbours;
}

/** A run of combining marks alone (a vowel sign drawn apart from its letter): read after that letter. */
const MARKS_ONLY = /^\p{M}+$/u;

/**
 * A line's runs as text: spaces where the gap is a space, in reading order. Each run's own text
 * is in logical order (pdf.js's, bidi-runs.ts); the runs, left to right on the page, are put in
 * reading order by the bidi algorithm, the line's direction that of most of its letters, so an
 * Arabic word in an English line and a Latin one in an Arabic line each keep their place.
 */
function joinRuns(runs: PositionedText[]): string {
  const placed = runs.map((run) => ({ run, x: run.x }));
  for (const piece of placed) {
    if (!MARKS_ONLY.test(piece.run.str.trim())) continue;
    const base = runs.find((other) => !MARKS_ONLY.test(other.str.trim()) && other.x <= piece.run.x && piece.run.x <= other.x + other.width);
    // Just before its letter in a right-to-left run (reversed after), just after it otherwise.
    if (base) piece.x = base.x + (bidiClassOf(base.str) === 'R' ? -MARK_NUDGE : MARK_NUDGE);
  }
  placed.sort((a, b) => a.x - b.x);
  const pieces: string[] = [];
  placed.forEach(({ run }, i) => {
    const previous = placed[i - 1]?.run;
    const gap = previous ? run.x - (previous.x + previous.width) : 0;
    if (previous && gap > SPACE * run.size) pieces.push(' ');
    pieces.push(run.str);
  });
  const rtl = readsRightToLeft(pieces.join(''));
  return visualToLogical(pieces, bidiClassOf, rtl).join('').replace(/\s+/g, ' ').trim();
}

/** How far (in points) a mark is moved beside its letter: less than any gap between two letters. */
const MARK_NUDGE = 1e-3;

function toFragments(items: PositionedText[]): Fragment[] {
  const rows = toRows(items);
  const fragments: Fragment[] = [];
  rows.forEach((row, index) => {
    let current: Fragment | undefined;
    for (const run of row) {
      const gap = current ? run.x - current.right : 0;
      const size = current ? Math.max(current.size, run.size) : run.size;
      const split = !current || gap > GUTTER * size || (gap > MIN_GUTTER * size && inGutter(rows, index, current.right + gap / 2));
      if (split) {
        current = { text: '', runs: [run], left: run.x, right: run.x + run.width, baseline: run.y, size: run.size, row: index };
        fragments.push(current);
        continue;
      }
      current!.runs.push(run);
      current!.right = Math.max(current!.right, run.x + run.width);
      current!.size = Math.max(current!.size, run.size);
    }
  });
  for (const fragment of fragments) fragment.text = joinRuns(fragment.runs);
  return fragments;
}

const overlapX = (a: { left: number; right: number }, b: { left: number; right: number }) => Math.min(a.right, b.right) - Math.max(a.left, b.left);

function toBlocks(fragments: Fragment[]): Block[] {
  const blocks: Block[] = [];
  const sorted = [...fragments].sort((a, b) => b.baseline - a.baseline || a.left - b.left);
  for (const fragment of sorted) {
    let best: Block | undefined;
    let bestDistance = Infinity;
    for (const block of blocks) {
      const last = block.lines.at(-1)!;
      const distance = last.baseline - fragment.baseline;
      const similarSize = Math.max(last.size, fragment.size) / Math.min(last.size, fragment.size) < SAME_SIZE;
      if (
        distance > 0 &&
        distance <= LINE_GAP * Math.max(last.size, fragment.size) &&
        similarSize &&
        overlapX(block, fragment) > 0 &&
        distance < bestDistance
      ) {
        best = block;
        bestDistance = distance;
      }
    }
    if (best) {
      best.lines.push(fragment);
      best.left = Math.min(best.left, fragment.left);
      best.right = Math.max(best.right, fragment.right);
      best.bottom = fragment.baseline;
    } else {
      blocks.push({ lines: [fragment], left: fragment.left, right: fragment.right, top: fragment.baseline + fragment.size, bottom: fragment.baseline });
    }
  }
  return blocks;
}

/**
 * Breuel's reading order: a block comes before another if their columns overlap and it is
 * above, or if it is wholly to the left and no block between them in height spans both.
 */
function readingOrder(blocks: Block[]): Block[] {
  const n = blocks.length;
  const before: boolean[][] = blocks.map(() => new Array<boolean>(n).fill(false));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const a = blocks[i]!;
      const b = blocks[j]!;
      if (overlapX(a, b) > 0) {
        before[i]![j] = a.top > b.top;
      } else if (a.right <= b.left) {
        const [upper, lower] = a.top >= b.top ? [a, b] : [b, a];
        // A block lying in the vertical gap between them that spans both separates them.
        before[i]![j] = !blocks.some((c) => {
          if (c === a || c === b) return false;
          const middle = (c.top + c.bottom) / 2;
          return middle < upper.bottom && middle > lower.top && overlapX(c, a) > 0 && overlapX(c, b) > 0;
        });
      }
    }
  }
  const incoming = blocks.map((_, j) => blocks.reduce((count, _b, i) => count + (before[i]![j] ? 1 : 0), 0));
  const done = new Array<boolean>(n).fill(false);
  const order: Block[] = [];
  const rank = (i: number) => [-blocks[i]!.top, blocks[i]!.left] as const;
  for (let step = 0; step < n; step++) {
    let pick = -1;
    for (let i = 0; i < n; i++) {
      if (done[i] || incoming[i]! > 0) continue;
      if (pick < 0 || rank(i)[0] < rank(pick)[0] || (rank(i)[0] === rank(pick)[0] && rank(i)[1] < rank(pick)[1])) pick = i;
    }
    // A cycle (odd layouts): take the topmost block left.
    if (pick < 0) {
      for (let i = 0; i < n; i++) if (!done[i] && (pick < 0 || rank(i)[0] < rank(pick)[0])) pick = i;
    }
    done[pick] = true;
    order.push(blocks[pick]!);
    for (let j = 0; j < n; j++) if (before[pick]![j]) incoming[j]!--;
  }
  return order;
}

/** Most words a cell of a two-column table has; longer pairs are two columns of text. */
const MAX_PAIR_CELL_WORDS = 5;

/** Whether a row's fragments look like table cells rather than lines of text columns. */
function isCellRow(row: Fragment[]): boolean {
  if (row.length >= 3) return true;
  return row.length === 2 && row.every((fragment) => fragment.text.split(' ').length <= MAX_PAIR_CELL_WORDS);
}

/** A line this close (in font sizes) below a table row continues its cells. */
const CELL_LINE_GAP = 1.35;

/**
 * Neighbouring columns that no row fills both of are one column whose cells are aligned
 * differently (a left-aligned "Zip" over right-aligned numbers).
 */
function mergeDisjointColumns(cells: string[][]): string[][] {
  let rows = cells;
  for (let index = 0; index < (rows[0]?.length ?? 0) - 1; ) {
    if (rows.every((row) => !row[index] || !row[index + 1])) {
      rows = rows.map((row) => [...row.slice(0, index), row[index] || row[index + 1] || '', ...row.slice(index + 2)]);
    } else index++;
  }
  return rows;
}

interface Column {
  left: number;
  right: number;
}

/**
 * Tables where the text lines up in columns: two or more consecutive rows of short fragments
 * that each fall in one column of a shared set (a fragment spanning two columns ends it).
 */
function findTables(fragments: Fragment[]): { tables: Block[]; rest: Fragment[] } {
  const rows = new Map<number, Fragment[]>();
  for (const fragment of fragments) rows.set(fragment.row, [...(rows.get(fragment.row) ?? []), fragment]);
  const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row.sort((a, b) => a.left - b.left));
  const tables: Block[] = [];
  const used = new Set<Fragment>();
  let run: Fragment[][] = [];
  let columns: Column[] = [];

  const close = () => {
    if (run.length >= 2 && columns.length >= 2) {
      columns.sort((a, b) => a.left - b.left);
      const cells = run.map((row) => {
        const line = columns.map(() => '');
        for (const fragment of row) {
          const index = columns.findIndex((column) => overlapX(column, fragment) > 0);
          line[index] = line[index] ? `${line[index]} ${fragment.text}` : fragment.text;
        }
        return line;
      });
      const lines = run.flat();
      lines.forEach((fragment) => used.add(fragment));
      tables.push({
        lines,
        table: mergeDisjointColumns(cells),
        left: Math.min(...lines.map((line) => line.left)),
        right: Math.max(...lines.map((line) => line.right)),
        top: run[0]![0]!.baseline + run[0]![0]!.size,
        bottom: run.at(-1)![0]!.baseline,
      });
    }
    run = [];
    columns = [];
  };

  for (const row of ordered) {
    const previous = run.at(-1)?.[0];
    const gap = previous ? previous.baseline - row[0]!.baseline : Infinity;
    const closeEnough = previous && gap <= 3 * Math.max(previous.size, row[0]!.size);
    // A line just below a row, each piece inside one column: a cell's text wrapping on.
    const continuation =
      previous &&
      !isCellRow(row) &&
      gap <= CELL_LINE_GAP * previous.size &&
      row.every((fragment) => columns.filter((column) => overlapX(column, fragment) > 0).length === 1);
    if (continuation) {
      run.at(-1)!.push(...row);
      continue;
    }
    if (!isCellRow(row) || !closeEnough) close();
    if (!isCellRow(row)) continue;
    // Each fragment must fall in at most one known column.
    const matches = row.map((fragment) => columns.filter((column) => overlapX(column, fragment) > 0));
    if (run.length > 0 && matches.some((match) => match.length > 1)) close();
    for (const fragment of row) {
      const column = columns.find((candidate) => overlapX(candidate, fragment) > 0);
      if (column) {
        column.left = Math.min(column.left, fragment.left);
        column.right = Math.max(column.right, fragment.right);
      } else columns.push({ left: fragment.left, right: fragment.right });
    }
    run.push(row);
  }
  close();
  return { tables, rest: fragments.filter((fragment) => !used.has(fragment)) };
}

/** The page as blocks in reading order; with `tables`, aligned rows become table blocks. */
export function layoutBlocks(items: PositionedText[], { tables = false } = {}): Block[] {
  const fragments = toFragments(items);
  if (!tables) return readingOrder(toBlocks(fragments));
  const found = findTables(fragments);
  return readingOrder([...toBlocks(found.rest), ...found.tables]);
}

/** The page's text in reading order: lines kept, a blank line between blocks. */
export function layoutText(items: PositionedText[]): string {
  return layoutBlocks(items)
    .map((block) => block.lines.map((line) => line.text).join('\n'))
    .join('\n\n');
}
