import { describe, expect, it } from 'vitest';
import { chooseWords, type Reading } from './choose-words.ts';
import type { OcrLine } from './engine.ts';
import { choiceFixture, readAt } from '../../../../test-support/choice-fixture.ts';

/**
 * A band of a real scanned table of quarterly figures in dollars (from ocr-docs), read as it
 * came by best_int and Debian's fast model (cut by bench/ocr/word-choice.ts --fixture), with the
 * true words of its .expected.hocr and the dictionary's answers for every word read there.
 * best_int drops the marks inside figures ("23346", "$1.948.7") and misreads a month ("Jup-11");
 * fast keeps them but reads a rule beside a figure as "_".
 */
const fixture = choiceFixture;
const dictionary = new Set(fixture.dictionary);
const isWord = (text: string) => dictionary.has(text);
const best: Reading = fixture.readings[0]!;
const fast: Reading = fixture.readings[1]!;

const rightIn = (lines: OcrLine[]) => readAt(lines).filter((text, i) => text === fixture.truth[i]!.text).length;

/** One line of a reading: words as [text, confidence, left edge], each 80 px wide. */
const line = (words: [string, number, number][]): OcrLine => ({
  words: words.map(([text, confidence, x0]) => ({ text, confidence, box: { x0, y0: 100, x1: x0 + 80, y1: 130 } })),
  box: { x0: 0, y0: 100, x1: 1000, y1: 130 },
  paragraph: '1.1',
});

describe('chooseWords on a real table read by two readers', () => {
  it('picks the true word where best_int and fast disagree, whichever reader comes first', () => {
    const bestAt = readAt(best.lines);
    const fastAt = readAt(fast.lines);
    const truth = fixture.truth.map((word) => word.text);
    const disputed = truth.map((_, i) => i).filter((i) => bestAt[i] !== fastAt[i]);
    // The fixture holds real disagreements, mostly best_int wrong, some fast wrong.
    expect(disputed.length).toBeGreaterThan(20);
    expect(disputed.filter((i) => bestAt[i] === truth[i]).length).toBeGreaterThan(2);

    for (const [first, firstAt] of [
      [best, bestAt],
      [fast, fastAt],
    ] as const) {
      const chosenAt = readAt(chooseWords(first === best ? [best, fast] : [fast, best], { isWord }));
      const chosenRight = disputed.filter((i) => chosenAt[i] === truth[i]).length;
      const firstRight = disputed.filter((i) => firstAt[i] === truth[i]).length;
      // Most disputed words come out right, well beyond taking the first reader whole.
      expect(chosenRight).toBeGreaterThanOrEqual(0.75 * disputed.length);
      expect(chosenRight).toBeGreaterThan(firstRight + 5);
    }
  });

  it('takes each word from the reader that read it right', () => {
    const chosen = readAt(chooseWords([best, fast], { isWord }));
    const bestAt = readAt(best.lines);
    const fastAt = readAt(fast.lines);
    const at = (text: string) => fixture.truth.findIndex((truth) => truth.text === text);
    // A month misread by best_int ("Jup-11"), the dictionary decides.
    expect([bestAt[at('Jun-11')], chosen[at('Jun-11')]]).toEqual(['Jup-11', 'Jun-11']);
    // Marks between digits best_int lost or misread, kept by fast.
    for (const figure of ['2,334.6', '2,978.4', '$1,948.7', '$2,304.2', '$6,828.2']) {
      expect(bestAt[at(figure)]).not.toBe(figure);
      expect(chosen[at(figure)]).toBe(figure);
    }
    // Where fast read a rule into the figure and best_int read it clean, best_int's stays.
    for (const figure of ['$1,789.6', '$2,602.8']) {
      expect(fastAt[at(figure)]).not.toBe(figure);
      expect(chosen[at(figure)]).toBe(figure);
    }
    expect(rightIn(chooseWords([best, fast], { isWord }))).toBeGreaterThan(Math.max(rightIn(best.lines), rightIn(fast.lines)));
  });

  it('keeps the first reading as it is when it is the only one, and its layout when there are more', () => {
    expect(chooseWords([best], { isWord })).toEqual(best.lines);
    const chosen = chooseWords([best, fast], { isWord });
    expect(chosen.map((line) => line.paragraph)).toEqual(best.lines.map((line) => line.paragraph));
    expect(chosen.map((line) => line.box.y0)).toEqual(best.lines.map((line) => line.box.y0));
  });

  it('drops a lone mark no other reader saw on a line they read, and adds a word only the others agree on', () => {
    const first = {
      lines: [
        line([
          ['Quarterly', 95, 0],
          ['~', 20, 200],
          ['revenue', 93, 400],
        ]),
      ],
    };
    const second = {
      lines: [
        line([
          ['Quarterly', 90, 0],
          ['revenue', 91, 400],
          ['grew', 88, 600],
        ]),
      ],
    };
    const third = {
      lines: [
        line([
          ['Quarterly', 92, 0],
          ['revenue', 90, 400],
          ['grew', 85, 600],
        ]),
      ],
    };
    const known = new Set(['Quarterly', 'revenue', 'grew']);
    const text = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n');
    expect(text(chooseWords([first, second, third], { isWord: (t) => known.has(t) }))).toBe('Quarterly revenue grew');
    // One reader alone is not enough to add a word the first missed.
    expect(text(chooseWords([first, second], { isWord: (t) => known.has(t) }))).toBe('Quarterly revenue');
  });

  it("keeps the first reader's words in its order where they win, even where another reader joins them into one place", () => {
    // A column of margin numbers read as one sideways line: the first reader's order is not
    // left to right, and a second reader's speck overlaps two of its words.
    const word = (text: string, x0: number, y0: number, confidence = 90) => ({ text, confidence, box: { x0, y0, x1: x0 + 30, y1: y0 + 200 } });
    const first = {
      lines: [{ words: [word('ONE', 100, 100), word('TWO', 100, 400), word('SIX', 90, 250)], box: { x0: 90, y0: 100, x1: 130, y1: 600 }, paragraph: '1.1' }],
    };
    const second = {
      lines: [
        { words: [{ text: '~', confidence: 10, box: { x0: 95, y0: 300, x1: 125, y1: 560 } }], box: { x0: 95, y0: 300, x1: 125, y1: 560 }, paragraph: '1.1' },
      ],
    };
    const chosen = chooseWords([first, second]);
    expect(chosen.map((line) => line.words.map((w) => w.text).join(' '))).toEqual(['ONE TWO SIX']);
  });

  it('puts a word only the other readers saw into a right-to-left line from its right end', () => {
    // "مرحبا بالعالم الجميل" from the right: the first reader missed the middle word.
    const first = {
      lines: [
        line([
          ['مرحبا', 95, 600],
          ['الجميل', 95, 200],
        ]),
      ],
    };
    const other = () => ({
      lines: [
        line([
          ['مرحبا', 90, 600],
          ['بالعالم', 90, 400],
          ['الجميل', 90, 200],
        ]),
      ],
    });
    const chosen = chooseWords([first, other(), other()]);
    expect(chosen.map((each) => each.words.map((word) => word.text).join(' '))).toEqual(['مرحبا بالعالم الجميل']);
  });
});
