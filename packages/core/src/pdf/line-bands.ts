// Where a scanned line's type reaches, from its words' boxes and letters: the band from its
// ascender line to its descender line, the same for every line set in one size whatever
// letters each holds. A word's box reaches only as far as its own letters do: "summer" is
// x-height high and sits on the baseline, "jolly" reaches both ways. So each word tells what
// its letters' shapes let it tell, and a line's band is fitted to what its words tell.

/** A word's letters' reach: its top is the ascender (or cap) line, or the x-height line; its bottom the baseline or the descender line. */
export interface LetterReach {
  top?: 'ascender' | 'x-height';
  bottom?: 'baseline' | 'descender';
}

// Latin and Cyrillic letters by their shapes. Caps and figures are taken as ascender high (a
// face's caps are a few percent lower; J and Q, whose tails descend in some faces, are left
// out). Letters whose top is neither line (i, j, t) say nothing of a word's top; a word holding
// any letter or mark not named here (accents, brackets, slashes, other scripts) says nothing
// of the side it may reach past.
const ASCENDING = new Set('ABCDEFGHIKLMNOPRSTUVWXYZ0123456789bdfhklАБВГЕЖЗИКЛМНОПРСТУХЧШЪЫЬЭЮЯб');
const X_HEIGHT = new Set('acemnorsuvwxzавгежзиклмнопстхчшъыьэюя');
const DESCENDING = new Set('gpqyjру');
/** Marks above the baseline and marks below the x-height: they leave that side of a word to its letters. */
const HIGH = new Set('\'"‘’“”-–—');
const LOW = new Set('.,:;-–—…_');
const ON_BASELINE = new Set([...ASCENDING, ...X_HEIGHT, ...'it.:!?%&']);

const all = (letters: string[], ...sets: Array<Set<string>>) => letters.every((c) => sets.some((set) => set.has(c)));

export function letterReach(text: string): LetterReach {
  const letters = [...text];
  const reach: LetterReach = {};
  if (letters.some((c) => ASCENDING.has(c)) && all(letters, ASCENDING, X_HEIGHT, DESCENDING, LOW, HIGH, new Set('it'))) reach.top = 'ascender';
  else if (letters.some((c) => X_HEIGHT.has(c)) && all(letters, X_HEIGHT, DESCENDING, LOW) && !letters.includes('j')) reach.top = 'x-height';
  // Commas and semicolons reach a little below the baseline, not as far as a descender.
  if (letters.some((c) => DESCENDING.has(c)) && all(letters, ON_BASELINE, DESCENDING, HIGH, new Set(',;'))) reach.bottom = 'descender';
  else if (letters.some((c) => ON_BASELINE.has(c)) && all(letters, ON_BASELINE, HIGH)) reach.bottom = 'baseline';
  return reach;
}

/** A word's box's top and bottom in its line's frame (y down), and its text. */
export interface MeasuredWord {
  text: string;
  top: number;
  bottom: number;
}

/** A line's band: its ascender line (top), baseline and descender line (bottom), y down. */
export interface Band {
  top: number;
  baseline: number;
  bottom: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Each line's band. A line's baseline b and ascender height h are fitted (least squares) to
 * the lines its words show: the ascender line at b − h, the x-height line at b − x·h, the
 * baseline at b, the descender line at b + d·h, where the face's proportions x and d are
 * measured on the page's lines that show those lines themselves. A line whose words show too
 * little (one kind of word, or letters of unknown shape) keeps the band its boxes span.
 */
export function lineBands(lines: MeasuredWord[][]): Band[] {
  const shown = lines.map((words) => {
    const by = { ascender: [] as number[], 'x-height': [] as number[], baseline: [] as number[], descender: [] as number[] };
    for (const word of words) {
      const reach = letterReach(word.text);
      if (reach.top) by[reach.top].push(word.top);
      if (reach.bottom) by[reach.bottom].push(word.bottom);
    }
    const at = (values: number[]) => (values.length > 0 ? median(values) : undefined);
    return { ascender: at(by.ascender), xHeight: at(by['x-height']), baseline: at(by.baseline), descender: at(by.descender) };
  });
  const ratios = (pick: (line: (typeof shown)[number]) => number | undefined) =>
    shown.flatMap((line) => {
      const value = pick(line);
      return value !== undefined && line.ascender !== undefined && line.baseline !== undefined && line.baseline - line.ascender > 0
        ? [(value - line.baseline) / (line.baseline - line.ascender)]
        : [];
    });
  const xs = ratios((line) => line.xHeight).map((r) => -r);
  const ds = ratios((line) => line.descender);
  // Where the page shows no such line, a common face's proportions (x-height 0.7 and descender
  // 0.3 of the ascender height: Times 0.66/0.31, DejaVu 0.72/0.31, Helvetica 0.72/0.29).
  const x = xs.length > 0 ? median(xs) : 0.7;
  const d = ds.length > 0 ? median(ds) : 0.3;
  return lines.map((words, index) => {
    const line = shown[index]!;
    // Each shown line is an equation b + k·h = y.
    const equations: Array<[number, number]> = [];
    if (line.ascender !== undefined) equations.push([-1, line.ascender]);
    if (line.xHeight !== undefined) equations.push([-x, line.xHeight]);
    if (line.baseline !== undefined) equations.push([0, line.baseline]);
    if (line.descender !== undefined) equations.push([d, line.descender]);
    const k = equations.reduce((sum, [kk]) => sum + kk, 0) / Math.max(1, equations.length);
    const spread = equations.reduce((sum, [kk]) => sum + (kk - k) ** 2, 0);
    if (equations.length >= 2 && spread > 0) {
      const y = equations.reduce((sum, [, yy]) => sum + yy, 0) / equations.length;
      const h = equations.reduce((sum, [kk, yy]) => sum + (kk - k) * (yy - y), 0) / spread;
      const b = y - k * h;
      if (h > 0) return { top: b - h, baseline: b, bottom: b + d * h };
    }
    const top = Math.min(...words.map((word) => word.top));
    const bottom = Math.max(...words.map((word) => word.bottom));
    return { top, baseline: bottom - ((bottom - top) * d) / (1 + d), bottom };
  });
}

/**
 * Each line's size (band height) made its paragraph's median: a paragraph is set in one size,
 * its lines' estimates differ by a pixel or two (a pixel of a 30-pixel band is 3%), and a
 * reader that keeps lines of different sizes in different blocks must not part them. A
 * heading, its own paragraph, keeps its size.
 */
export function paragraphSizes(sizes: number[], paragraphs: string[]): number[] {
  const byParagraph = new Map<string, number[]>();
  sizes.forEach((size, index) => byParagraph.set(paragraphs[index]!, [...(byParagraph.get(paragraphs[index]!) ?? []), size]));
  const medians = new Map([...byParagraph].map(([key, values]) => [key, median(values)]));
  return paragraphs.map((key) => medians.get(key)!);
}
