import type { Ruling } from '../pdf/pdf-engine.ts';
import { cellText, linesOf, phrasesOf, type PlacedText } from './placed-text.ts';
import { lowestConfidence, withoutEmptyLines, type Table, type TableCell } from './table.ts';

/**
 * A grid of more positions than this is a drawing (a map, graph paper, a shaded area read as
 * rules), not a table anyone types into a sheet.
 */
const MAX_GRID_POSITIONS = 20_000;
/** Rules closer than this (points) are one: a rule drawn twice, the two edges of a thick one. */
const SAME_RULE = 2;
/** Rules whose ends come this close (points) touch: cell borders drawn one by one. */
const TOUCHING = 3;

/** A rule of one direction. */
type Segment = Omit<Ruling, 'direction'>;

/** Rules of one direction merged: same position, overlapping or touching extents. */
function mergeRules(rules: Ruling[]): Segment[] {
  const sorted = rules.map(({ at, from, to }) => ({ at, from, to })).sort((a, b) => a.at - b.at || a.from - b.from);
  const merged: Segment[] = [];
  // Merged rules come in the order of their position: only those within SAME_RULE of this one
  // can take it, so the search starts past the others (a page of 40 000 strokes stays fast).
  let first = 0;
  for (const rule of sorted) {
    while (first < merged.length && merged[first]!.at < rule.at - SAME_RULE) first++;
    let same: Segment | undefined;
    for (let i = first; i < merged.length && !same; i++) {
      const m = merged[i]!;
      if (Math.abs(m.at - rule.at) <= SAME_RULE && rule.from <= m.to + TOUCHING && rule.to >= m.from - TOUCHING) same = m;
    }
    if (same) {
      same.from = Math.min(same.from, rule.from);
      same.to = Math.max(same.to, rule.to);
    } else merged.push({ ...rule });
  }
  return merged;
}

/** Positions within SAME_RULE of each other as one, in order. */
function distinct(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const value of sorted) {
    const group = groups.at(-1);
    if (group && value - group.at(-1)! <= SAME_RULE + 1) group.push(value);
    else groups.push([value]);
  }
  return groups.map((group) => group.reduce((sum, v) => sum + v, 0) / group.length);
}

const crosses = (h: Segment, v: Segment) => v.at >= h.from - TOUCHING && v.at <= h.to + TOUCHING && h.at >= v.from - TOUCHING && h.at <= v.to + TOUCHING;

/** Whether some segment lies at `at` and covers `point` along its length. */
const covered = (segments: Segment[], at: number, point: number) =>
  segments.some((s) => Math.abs(s.at - at) <= SAME_RULE + 1 && s.from - TOUCHING <= point && point <= s.to + TOUCHING);

/** Grids of crossing rules: each set of horizontal and vertical rules that touch one another. */
function grids(rulings: Ruling[]): Array<{ horizontal: Segment[]; vertical: Segment[] }> {
  const horizontal = mergeRules(rulings.filter((r) => r.direction === 'horizontal'));
  const vertical = mergeRules(rulings.filter((r) => r.direction === 'vertical'));
  const all = [...horizontal.map((s) => ({ s, h: true })), ...vertical.map((s) => ({ s, h: false }))];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < horizontal.length; i++) {
    for (let j = 0; j < vertical.length; j++) {
      if (crosses(horizontal[i]!, vertical[j]!)) parent[find(i)] = find(horizontal.length + j);
    }
  }
  const groups = new Map<number, { horizontal: Segment[]; vertical: Segment[] }>();
  all.forEach(({ s, h }, i) => {
    const root = find(i);
    const group = groups.get(root) ?? { horizontal: [], vertical: [] };
    (h ? group.horizontal : group.vertical).push(s);
    groups.set(root, group);
  });
  return [...groups.values()];
}

/** Lines of a cell that each split in two or more places make it a table of its own. */
const ALIGNED_ROWS = 3;

/** Whether a cell's words are rows of several columns, not one wrapped text. */
function holdsAlignedRows(words: PlacedText[]): boolean {
  const split = linesOf(words).filter((line) => phrasesOf(line).length > 1);
  return split.length >= ALIGNED_ROWS;
}

/**
 * Tables drawn with rules: each grid of crossing rules with two columns or more.
 * A cell whose dividing rule is missing is merged with its neighbour; its text goes to the
 * merged cell's top-left position. Returns the tables and the words left outside them.
 */
export function ruledTables(words: PlacedText[], rulings: Ruling[]): { tables: Table[]; rest: PlacedText[] } {
  const tables: Table[] = [];
  let rest = words;
  for (const grid of grids(rulings)) {
    const xs = distinct(grid.vertical.map((s) => s.at));
    const ys = distinct(grid.horizontal.map((s) => s.at));
    if (xs.length < 3 || ys.length < 2 || xs.length * ys.length > MAX_GRID_POSITIONS) continue;
    const rows = ys.length - 1;
    const columns = xs.length - 1;
    // Positions joined where no rule divides them, by union-find over the grid.
    const parent = Array.from({ length: rows * columns }, (_, i) => i);
    const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
    const join = (a: number, b: number) => {
      parent[find(b)] = find(a);
    };
    for (let r = 0; r < rows; r++) {
      const middle = (ys[r]! + ys[r + 1]!) / 2;
      for (let c = 0; c + 1 < columns; c++) if (!covered(grid.vertical, xs[c + 1]!, middle)) join(r * columns + c, r * columns + c + 1);
    }
    for (let c = 0; c < columns; c++) {
      const middle = (xs[c]! + xs[c + 1]!) / 2;
      for (let r = 0; r + 1 < rows; r++) if (!covered(grid.horizontal, ys[r + 1]!, middle)) join(r * columns + c, (r + 1) * columns + c);
    }
    const inside: PlacedText[][] = Array.from({ length: rows * columns }, () => []);
    const atPosition: PlacedText[][] = Array.from({ length: rows * columns }, () => []);
    const outside: PlacedText[] = [];
    for (const word of rest) {
      const x = (word.left + word.right) / 2;
      const y = (word.top + word.bottom) / 2;
      const c = xs.findIndex((edge, i) => i + 1 < xs.length && x >= edge && x < xs[i + 1]!);
      const r = ys.findIndex((edge, i) => i + 1 < ys.length && y >= edge && y < ys[i + 1]!);
      if (c < 0 || r < 0) outside.push(word);
      else {
        inside[find(r * columns + c)]!.push(word);
        atPosition[r * columns + c]!.push(word);
      }
    }
    if (inside.every((cellWords) => cellWords.length === 0)) continue;
    // Rules around a block of aligned rows (only a frame, or only the header ruled): the rows
    // and columns are the text's, found with the words outside every grid.
    if (inside.some(holdsAlignedRows)) continue;
    // Each merged cell's extent: the rows and columns of the positions joined into it.
    const extent = new Map<number, { r0: number; r1: number; c0: number; c1: number; count: number }>();
    for (let i = 0; i < rows * columns; i++) {
      const root = find(i);
      const r = Math.floor(i / columns);
      const c = i % columns;
      const e = extent.get(root);
      if (e) Object.assign(e, { r0: Math.min(e.r0, r), r1: Math.max(e.r1, r), c0: Math.min(e.c0, c), c1: Math.max(e.c1, c), count: e.count + 1 });
      else extent.set(root, { r0: r, r1: r, c0: c, c1: c, count: 1 });
    }
    // A merge that is no rectangle (an L of missing rules) cannot be one cell of a sheet: each
    // of its positions is a cell of its own, with the words that stand in it.
    for (const [root, e] of [...extent]) {
      if (e.count === (e.r1 - e.r0 + 1) * (e.c1 - e.c0 + 1)) continue;
      extent.delete(root);
      for (let r = e.r0; r <= e.r1; r++) {
        for (let c = e.c0; c <= e.c1; c++) {
          const i = r * columns + c;
          if (find(i) !== root) continue;
          extent.set(i, { r0: r, r1: r, c0: c, c1: c, count: 1 });
          inside[i] = atPosition[i]!;
        }
      }
    }
    const cells: Array<Array<TableCell | null>> = Array.from({ length: rows }, () => new Array<TableCell | null>(columns).fill(null));
    for (const [root, e] of extent) {
      const cellWords = inside[root]!;
      const cell: TableCell = { text: cellText(cellWords) };
      const confidence = lowestConfidence(cellWords);
      if (confidence !== undefined) cell.confidence = confidence;
      if (e.r1 > e.r0) cell.rowSpan = e.r1 - e.r0 + 1;
      if (e.c1 > e.c0) cell.colSpan = e.c1 - e.c0 + 1;
      cells[e.r0]![e.c0] = cell;
    }
    tables.push(withoutEmptyLines({ rows: cells, top: ys[0]!, bottom: ys.at(-1)!, left: xs[0]!, right: xs.at(-1)! }));
    rest = outside;
  }
  return { tables: tables.filter((table) => table.rows.length > 0), rest };
}
