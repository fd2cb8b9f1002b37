import { describe, expect, test } from 'vitest';
import type { OcrLine, OcrWord } from './engine.ts';
import { withoutStrayMarks } from './stray-marks.ts';

/** Letters 20 px tall; words laid out left to right from x, a space of 8 px apart unless given. */
const LETTER = 20;
function line(...parts: Array<string | number | [string, number]>): OcrLine {
  const words: OcrWord[] = [];
  let x = 100;
  for (const part of parts) {
    if (typeof part === 'number') {
      x += part;
      continue;
    }
    const [text, confidence] = Array.isArray(part) ? part : [part, 90];
    const width = text.length * 10;
    words.push({ text, confidence, box: { x0: x, y0: 200, x1: x + width, y1: 200 + LETTER } });
    x += width + 8;
  }
  return { words, box: { x0: 100, y0: 200, x1: x, y1: 200 + LETTER }, paragraph: '1' };
}
const texts = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => w.text).join(' '));

describe('stray marks', () => {
  test('a bar well away from the words at either end of a line is a page edge, and goes', () => {
    const out = withoutStrayMarks([line('|', 200, 'Check', 'before', 'you', 'send'), line('Attention:', '||', 'existe', 'etc.', 400, '|')], LETTER);
    expect(texts(out)).toEqual(['Check before you send', 'Attention: || existe etc.']);
    expect(out[0]!.box.x0).toBe(out[0]!.words[0]!.box.x0);
  });

  test("bars close to their words, or between them, stay, and so do a padded table row's end bars", () => {
    const lines = [
      line('|', 'Name', '|', 'Value', '|'),
      line('Home', 200, '|', 200, 'About'),
      line('||', 'existe', 'des', 'verbes'),
      line('|', '1', '|', 'Al', 300, '|'),
    ];
    expect(texts(withoutStrayMarks(lines, LETTER))).toEqual(['| Name | Value |', 'Home | About', '|| existe des verbes', '| 1 | Al |']);
  });

  test('a page where no letters were found is left as read', () => {
    const lines = [line('|', 200, 'Check'), line(['blot', 5])];
    expect(withoutStrayMarks(lines, 0)).toEqual(lines);
  });

  test('a line of bars alone goes', () => {
    expect(withoutStrayMarks([line('||'), line('|', 300, '|'), line('Text')], LETTER)).toHaveLength(1);
  });

  test('a tall blot read as a word at a guess goes; a tall word read with confidence, or an unsure one of letter size, stays', () => {
    const tall = (text: string, confidence: number): OcrLine => ({
      words: [{ text, confidence, box: { x0: 300, y0: 100, x1: 1900, y1: 100 + LETTER * 5 } }],
      box: { x0: 300, y0: 100, x1: 1900, y1: 100 + LETTER * 5 },
      paragraph: '0',
    });
    const out = withoutStrayMarks([tall('re.', 21), tall('TITLE', 88), line(['fuzzy', 12])], LETTER);
    expect(texts(out)).toEqual(['TITLE', 'fuzzy']);
  });
});
