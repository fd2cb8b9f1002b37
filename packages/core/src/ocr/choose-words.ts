import type { OcrBox, OcrLine, OcrWord } from './engine.ts';
import { hasRightToLeft } from '../text-direction.ts';

/** One reader's reading of a page, in the same pixel frame as the others. */
export interface Reading {
  lines: OcrLine[];
  /** How much this reader's vote counts (1 unless measured otherwise). */
  weight?: number;
}

export interface ChooseOptions {
  /** Whether a word (bare, no surrounding punctuation) is one of the page language's words. */
  isWord?: (text: string) => boolean;
  /**
   * How well a text's glyphs fit the page's pixels in a box, 0 to 1 (glyph-fit.ts): asked at
   * places where readers read different texts.
   */
  fit?: (text: string, box: OcrBox) => number;
  /** Told every place where the readers did not all read the same (for the bench's tables of where choices go). */
  onPlace?: (place: PlaceChoice) => void;
}

/** One place of the page where readers differ, and what was chosen there. */
export interface PlaceChoice {
  box: OcrBox;
  /** Each text read there, by which readers (0 = the first), with its score; '' = nothing, by readers silent there. */
  candidates: { text: string; readers: number[]; score: number }[];
  chosen: string;
}

/**
 * The rules of the choice, each a named part of one score (bench/ocr/word-choice.ts --ablation
 * turns each off in turn). A candidate's score at a place is the sum, over the readers that
 * read exactly it, of a vote scaled by confidence, plus the parts below. The Δ figures are the
 * mean word F1 lost on the 14 ocr-docs (best_int + fast, without the glyph fit) with the rule off.
 */
export const CHOICE_WEIGHTS = {
  /** A reader's vote for the text it read, at the top confidence; at the bottom it is worth VOTE_FLOOR of that. */
  vote: 1,
  voteFloor: 0.5,
  /**
   * Confidence as the word's rank among its reader's words on the page: best_int says 90 where
   * fast says 80 for the same word, so raw figures would let one model outvote the other.
   * Measured even (−0.02 pt two readers, −0.10 pt three, documents either way); kept for the reason.
   */
  rankConfidence: true,
  /** Ties go to the first reader, whose layout is kept (three readers: −0.24 pt without). */
  firstReader: 0.05,
  /** Times the share of a candidate's words that are dictionary words or numbers as print writes them (−0.37 pt). */
  wordBonus: 0.5,
  /** Times the share of a candidate's words holding a mark that is rarely text, ODD (−0.38 pt). */
  oddPenalty: 1,
  /**
   * A mark between digits ("515.5", "1,240") that another reader at the same place did not see
   * ("5155"): small marks are lost far more often than made up from nothing (−0.52 pt; tables).
   * The glyph fit sees most of these too (with it, −0.01 pt).
   */
  markSeen: 0.5,
  /**
   * Times the glyph fit (0 to 1) where a fit is given; fits of two readings of a place differ
   * by 0.02 to 0.25 (−0.41 pt with Liberation faces).
   */
  fit: 5,
  /** A reader whose line runs over a place where another read a word, and saw nothing there (−0.02 pt). */
  nothingVote: 0.6,
  /**
   * A word only readers other than the first saw is added when at least this many agree on it
   * (never with two readers; none on the ocr-docs with three).
   */
  lostWordReaders: 2,
};

/** Two boxes hold the same word when each overlaps the other along the line and across it. */
export function sameWordPlace(a: OcrBox, b: OcrBox): boolean {
  const across = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (across <= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0)) return false;
  const along = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return along > 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0);
}

const union = (boxes: OcrBox[]): OcrBox => ({
  x0: Math.min(...boxes.map((box) => box.x0)),
  y0: Math.min(...boxes.map((box) => box.y0)),
  x1: Math.max(...boxes.map((box) => box.x1)),
  y1: Math.max(...boxes.map((box) => box.y1)),
});

const LEADING = /^[("'‘“[{<«]+/;
const TRAILING = /[)"'’”\]}>».,;:!?]+$/;
/**
 * Numbers as print writes them, text whatever the dictionary says: amounts with their thousands
 * in threes ("$1,240.3", not "1,2403" or "$1.948.7", a lost or misread mark), percentages,
 * dates and times, numbered items.
 */
const NUMBER = /^(?:[-+−]?[$€£§#]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?|\d{1,4}(?:[/:.-]\d{1,4}){1,2}|\d+(?:st|nd|rd|th|s))$/;

/**
 * Marks that are rarely text but are what a rule, a blot or a bracket's serif is read as:
 * "|" for I or a table's rule, "{" for "(", "~" and "¢" for specks.
 */
const ODD = /[|¦{}~¢_^\\`¥■□●•®©™«»]/;

/** The share of a candidate's words that hold an odd mark. */
function oddShare(words: string[]): number {
  return words.length === 0 ? 0 : words.filter((word) => ODD.test(word)).length / words.length;
}

/**
 * The share of a candidate's words a reader would call text: dictionary words (as written, in
 * lower case or capitalised, the parts of a hyphenated word, a possessive's stem) and numbers.
 * Punctuation alone counts for nothing either way.
 */
function textShare(words: string[], isWord: (text: string) => boolean): number {
  let counted = 0;
  let text = 0;
  const known = (core: string) => {
    if (NUMBER.test(core) || isWord(core)) return true;
    const lower = core.toLowerCase();
    return isWord(lower) || isWord(lower.charAt(0).toUpperCase() + lower.slice(1));
  };
  for (const word of words) {
    const core = word.replace(LEADING, '').replace(TRAILING, '');
    if (!/[\p{L}\p{N}]/u.test(core)) continue;
    counted++;
    const stem = core.replace(/['’]s$/i, '');
    if (known(core) || known(stem) || (core.includes('-') && core.split('-').every((part) => part === '' || known(part)))) text++;
  }
  return counted === 0 ? 0 : text / counted;
}

interface Placed {
  reader: number;
  line: number;
  index: number;
  word: OcrWord;
}

/**
 * Each word chosen among several readings of the same page (issue 34, point 2). Readers err in
 * different places: one splits a word another reads whole, one takes a rule for a letter, one
 * loses a word in a table. The words of all readings are aligned by box (overlap along the
 * line and across it; a word one reader read as two is one place with the other's), and at each
 * place the text chosen is the one with the best score: readers agreeing on it, their
 * confidence, and how much of it is words of the language or numbers. A word the first reader
 * saw alone, where others read that line and saw nothing, can lose to that silence (noise); a
 * word the first reader missed is added where enough of the others agree on it.
 *
 * The first reading's layout and order are kept: chosen words take the place of its words,
 * added ones go into its line at their place along it, or a line of their own after the line
 * above them. With one reading it is returned as it is.
 */
export function chooseWords(readings: Reading[], { isWord = () => false, fit, onPlace }: ChooseOptions = {}): OcrLine[] {
  const first = readings[0];
  if (!first) return [];
  if (readings.length === 1) return first.lines;

  // Readers' confidences are on scales of their own (best_int says 90 where fast says 80 for
  // the same word): each is taken as its rank among that reader's words on the page.
  const ranks = readings.map((reading) => {
    const sorted = reading.lines.flatMap((line) => line.words.map((word) => word.confidence)).sort((a, b) => a - b);
    return (confidence: number) => {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < confidence) lo = mid + 1;
        else hi = mid;
      }
      return sorted.length ? lo / sorted.length : 0;
    };
  });
  const placed: Placed[] = [];
  readings.forEach((reading, reader) =>
    reading.lines.forEach((line, lineIndex) => line.words.forEach((word, index) => placed.push({ reader, line: lineIndex, index, word }))),
  );

  // Union-find over words of different readers that share a place; a sweep down the page keeps
  // it near linear.
  const parent = placed.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const byTop = placed.map((_, i) => i).sort((a, b) => placed[a]!.word.box.y0 - placed[b]!.word.box.y0);
  for (let i = 0; i < byTop.length; i++) {
    const a = placed[byTop[i]!]!;
    for (let j = i + 1; j < byTop.length; j++) {
      const b = placed[byTop[j]!]!;
      if (b.word.box.y0 >= a.word.box.y1) break;
      if (a.reader !== b.reader && sameWordPlace(a.word.box, b.word.box)) parent[find(byTop[i]!)] = find(byTop[j]!);
    }
  }
  const places = new Map<number, Placed[]>();
  placed.forEach((entry, i) => {
    const root = find(i);
    if (!places.has(root)) places.set(root, []);
    places.get(root)!.push(entry);
  });

  // The output: the first reading's lines, each word replaced by the choice at its place.
  const out: OcrWord[][][] = first.lines.map((line) => line.words.map(() => []));
  const added: OcrWord[][] = [];
  for (const group of places.values()) {
    const chosen = choose(group, readings, ranks, isWord, fit, onPlace);
    const own = group.filter((entry) => entry.reader === 0).sort((a, b) => a.line - b.line || a.index - b.index);
    // The first reader's own words stay where it put them; another's take the place of its first word there.
    if (own.length > 0 && chosen.length > 0 && chosen.every((word) => own.some((entry) => entry.word === word)))
      for (const entry of own) out[entry.line]![entry.index] = [entry.word];
    else if (own.length > 0) out[own[0]!.line]![own[0]!.index] = chosen;
    else if (chosen.length > 0) added.push(chosen);
  }

  const lines: OcrLine[] = first.lines.map((line, i) => ({ ...line, words: out[i]!.flat() }));
  const extra: { after: number; line: OcrLine }[] = [];
  for (const words of added) {
    const box = union(words.map((word) => word.box));
    const host = lines.findIndex((line) => line.words.length > 0 && sameLine(line.box, box));
    if (host >= 0) {
      const line = lines[host]!;
      line.words = alongLine([...line.words, ...words]);
      line.box = union([line.box, box]);
    } else {
      extra.push({ after: lineAbove(lines, box), line: { words, box, paragraph: lines[Math.max(0, lineAbove(lines, box))]?.paragraph ?? 'added' } });
    }
  }
  const result: OcrLine[] = [];
  for (const entry of extra) if (entry.after < 0) result.push(entry.line);
  lines.forEach((line, i) => {
    result.push(line);
    for (const entry of extra) if (entry.after === i) result.push(entry.line);
  });
  return result.filter((line) => line.words.length > 0);
}

/** A word belongs to a line whose box it overlaps across by half its height and lies within along. */
function sameLine(line: OcrBox, box: OcrBox): boolean {
  const across = Math.min(line.y1, box.y1) - Math.max(line.y0, box.y0);
  const along = Math.min(line.x1, box.x1) - Math.max(line.x0, box.x0);
  return across > 0.5 * (box.y1 - box.y0) && along > -(box.y1 - box.y0) * 2;
}

/** The nearest line above the box that shares some of its width, or -1. */
function lineAbove(lines: OcrLine[], box: OcrBox): number {
  let best = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.box;
    if (line.y1 > box.y0 + 0.5 * (box.y1 - box.y0) || Math.min(line.x1, box.x1) <= Math.max(line.x0, box.x0)) continue;
    if (best < 0 || line.y1 > lines[best]!.box.y1) best = i;
  }
  return best;
}

/** Whether the reader read a line across this place (so its silence there is a reading). */
function readAcross(reading: Reading, box: OcrBox): boolean {
  return reading.lines.some((line) => {
    const across = Math.min(line.box.y1, box.y1) - Math.max(line.box.y0, box.y0);
    return across > 0.5 * (box.y1 - box.y0) && line.box.x0 <= box.x0 && line.box.x1 >= box.x1;
  });
}

/**
 * Words of one line in reading order by their boxes: from the left, or from the right where most
 * are written right to left (Arabic, Hebrew), as Tesseract itself gives such a line.
 */
function alongLineOrder(words: OcrWord[]): (a: OcrWord, b: OcrWord) => number {
  const rightToLeft = words.filter((word) => hasRightToLeft(word.text)).length * 2 > words.length;
  return rightToLeft ? (a, b) => b.box.x1 - a.box.x1 : (a, b) => a.box.x0 - b.box.x0;
}

const alongLine = (words: OcrWord[]) => [...words].sort(alongLineOrder(words));

/** The words chosen at one place: one reader's words there, or none. */
function choose(
  group: Placed[],
  readings: Reading[],
  ranks: ((confidence: number) => number)[],
  isWord: (text: string) => boolean,
  fit: ChooseOptions['fit'],
  onPlace?: (place: PlaceChoice) => void,
): OcrWord[] {
  const w = CHOICE_WEIGHTS;
  // The first reader's words keep its order (its layout is the page's); the others' go along the line.
  const along = alongLineOrder(group.map((entry) => entry.word));
  const inOrder = [...group].sort((a, b) => (a.reader === 0 && b.reader === 0 ? a.line - b.line || a.index - b.index : along(a.word, b.word)));
  const byReader = new Map<number, OcrWord[]>();
  for (const entry of inOrder) {
    if (!byReader.has(entry.reader)) byReader.set(entry.reader, []);
    byReader.get(entry.reader)!.push(entry.word);
  }
  const box = union(group.map((entry) => entry.word.box));

  interface Candidate {
    words: OcrWord[];
    score: number;
    readers: number[];
  }
  const candidates = new Map<string, Candidate>();
  for (const [reader, words] of byReader) {
    const text = words.map((word) => word.text).join(' ');
    const lowest = Math.min(...words.map((word) => word.confidence));
    const confidence = w.rankConfidence ? ranks[reader]!(lowest) : lowest / 100;
    const vote = (readings[reader]!.weight ?? 1) * w.vote * (w.voteFloor + (1 - w.voteFloor) * confidence) + (reader === 0 ? w.firstReader : 0);
    const candidate = candidates.get(text);
    if (candidate) {
      candidate.score += vote;
      candidate.readers.push(reader);
      if (reader === 0) candidate.words = words;
    } else {
      candidates.set(text, {
        words,
        score:
          vote +
          w.wordBonus *
            textShare(
              words.map((word) => word.text),
              isWord,
            ) -
          w.oddPenalty * oddShare(words.map((word) => word.text)),
        readers: [reader],
      });
    }
  }
  // The same text but for marks between digits: the one that saw more of them.
  const innerMarks = /(?<=\d)[.,](?=\d)/g;
  const marks = (text: string) => text.match(innerMarks)?.length ?? 0;
  for (const [text, candidate] of candidates) {
    const bare = text.replace(innerMarks, '');
    const fewer = [...candidates.keys()].some((other) => other.replace(innerMarks, '') === bare && marks(other) < marks(text));
    if (fewer) candidate.score += w.markSeen;
  }
  if (fit && candidates.size > 1) for (const [text, candidate] of candidates) candidate.score += w.fit * fit(text, box);
  const silent: number[] = [];
  readings.forEach((reading, reader) => {
    if (!byReader.has(reader) && readAcross(reading, box)) silent.push(reader);
  });
  const silence = silent.length * w.nothingVote;

  let best: Candidate | undefined;
  for (const candidate of candidates.values()) if (!best || candidate.score > best.score) best = candidate;
  let chosen = best && silence <= best.score ? best.words : [];
  // A word the first reader missed needs several readers behind it.
  if (!byReader.has(0) && best && best.readers.length < w.lostWordReaders) chosen = [];
  if (onPlace && (candidates.size > 1 || byReader.size < readings.length)) {
    const list = [...candidates].map(([text, candidate]) => ({ text, readers: candidate.readers, score: candidate.score }));
    if (silent.length > 0) list.push({ text: '', readers: silent, score: silence });
    onPlace({ box, candidates: list, chosen: chosen.map((word) => word.text).join(' ') });
  }
  return chosen;
}
