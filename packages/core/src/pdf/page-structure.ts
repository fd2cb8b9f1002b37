import type { DocBlock, StyledRun } from '../documents/rich-document.ts';
import type { Block, Fragment } from './text-layout.ts';

/** A list item starts with a bullet, "1." / "1)", or "a." / "a)". */
const LIST_MARKER = /^(?:([•●○◦▪■‣⁃∙·*–-])|(\d{1,3}[.)]|[a-zA-Z][.)]))\s+/u;

/** A fragment's runs as styled text: spaces where the gap is a space, same styles merged. */
function styledRuns(fragment: Fragment): StyledRun[] {
  const runs: StyledRun[] = [];
  fragment.runs.forEach((run, index) => {
    const previous = fragment.runs[index - 1];
    const space = previous && run.x - (previous.x + previous.width) > 0.15 * run.size && !/\s$/.test(previous.str) ? ' ' : '';
    const last = runs.at(-1);
    const style = { bold: Boolean(run.bold), italic: Boolean(run.italic) };
    if (last && last.bold === style.bold && last.italic === style.italic) last.text += space + run.str;
    else runs.push({ text: (last ? space : '') + run.str, ...style });
  });
  for (const run of runs) run.text = run.text.replace(/\s+/g, ' ');
  return runs;
}

/** Lines of one paragraph joined: a space between lines, a word broken by a hyphen mended. */
function joinLines(lines: StyledRun[][]): StyledRun[] {
  const out: StyledRun[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    const first = line[0];
    if (last && first) {
      if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(first.text)) last.text = last.text.slice(0, -1);
      else last.text += ' ';
    }
    for (const run of line) {
      const previous = out.at(-1);
      if (previous && previous.bold === run.bold && previous.italic === run.italic) previous.text += run.text;
      else out.push({ ...run });
    }
  }
  return out.filter((run) => run.text !== '');
}

const stripMarker = (runs: StyledRun[]): StyledRun[] => {
  const [first, ...rest] = runs;
  if (!first) return runs;
  return [{ ...first, text: first.text.replace(LIST_MARKER, '') }, ...rest].filter((run) => run.text !== '');
};

/** The body text size of a document: the size most of its characters have. */
export function bodySize(blocks: Block[]): number {
  const weight = new Map<number, number>();
  for (const block of blocks) {
    for (const line of block.lines) {
      const size = Math.round(line.size * 2) / 2;
      weight.set(size, (weight.get(size) ?? 0) + line.text.length);
    }
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/** Word's structure for one laid-out block: a heading by its size, a list by its markers, a table, or a paragraph. */
export function toDocBlock(block: Block, body: number): DocBlock {
  if (block.table) return { kind: 'table', rows: block.table };
  const lines = block.lines.map(styledRuns);
  const text = block.lines.map((line) => line.text).join(' ');
  const size = Math.max(...block.lines.map((line) => line.size));
  const words = text.split(' ').length;
  if (block.lines.length <= 3 && words <= 25) {
    const ratio = size / body;
    if (ratio >= 1.6) return { kind: 'heading', level: 1, runs: joinLines(lines) };
    if (ratio >= 1.3) return { kind: 'heading', level: 2, runs: joinLines(lines) };
    if (ratio >= 1.12) return { kind: 'heading', level: 3, runs: joinLines(lines) };
    const allBold = lines.every((line) => line.every((run) => run.bold));
    if (allBold && block.lines.length === 1 && words <= 12 && !/[.:;,]$/.test(text)) {
      return { kind: 'heading', level: 3, runs: joinLines(lines).map((run) => ({ ...run, bold: false })) };
    }
  }
  const first = block.lines[0]!.text;
  const marker = LIST_MARKER.exec(first);
  if (marker) {
    const items: StyledRun[][][] = [];
    block.lines.forEach((line, index) => {
      if (LIST_MARKER.test(line.text) || items.length === 0) items.push([lines[index]!]);
      else items.at(-1)!.push(lines[index]!);
    });
    return { kind: 'list', ordered: Boolean(marker[2]), items: items.map((item) => stripMarker(joinLines(item))) };
  }
  return { kind: 'paragraph', runs: joinLines(lines) };
}
