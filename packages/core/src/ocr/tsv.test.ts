import { expect, test } from 'vitest';
import { linesToText } from './ocr-text.ts';
import { parseTesseractTsv } from './tsv.ts';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';

/** Tesseract's TSV of one line of words, each 20 pixels wide with 4 between, as the CLI writes it. */
function tsvOf(words: string[], line = 1): string {
  const rows = [`4\t1\t1\t1\t${line}\t0\t0\t${line * 40}\t${words.length * 24}\t30\t-1\t`];
  words.forEach((word, index) => rows.push(`5\t1\t1\t1\t${line}\t${index + 1}\t${index * 24}\t${line * 40}\t20\t30\t91.5\t${word}`));
  return `${rows.join('\n')}\n`;
}

test('the text after the TSV says where a space goes: Thai and Korean pieces join, the blanks between words stay', () => {
  // As Tesseract gives a Thai line: letters and marks as words, a blank only between phrases.
  const thai = parseTesseractTsv(`${HEADER}\n${tsvOf(['ภา', 'ย', 'ใน', ':', 'คุณ'])}ภายใน: คุณ\n`);
  expect(thai[0]!.words.map((word) => word.spaced)).toEqual([undefined, false, false, false, true]);
  expect(linesToText(thai)).toBe('ภายใน: คุณ');
  const korean = parseTesseractTsv(`${HEADER}\n${tsvOf(['빠', '기', '에서', '드러나는'])}빠기에서 드러나는\n`);
  expect(linesToText(korean)).toBe('빠기에서 드러나는');
  // Where a page keeps a blank between Japanese and a Latin word, so does the text.
  const japanese = parseTesseractTsv(`${HEADER}\n${tsvOf(['Linux', 'の', 'バージョン'])}Linux のバージョン\n`);
  expect(linesToText(japanese)).toBe('Linux のバージョン');
});

test('without the text, or where it parts from the words, the spaces are guessed by script as before', () => {
  expect(linesToText(parseTesseractTsv(`${HEADER}\n${tsvOf(['빠', '기', 'ภา', 'ย'])}`))).toBe('빠 기 ภาย');
  // The second line's text is not its words: the first line is marked, the second is not.
  const parted = parseTesseractTsv(`${HEADER}\n${tsvOf(['빠', '기'])}${tsvOf(['에', '서'], 2)}빠기\nsomething else\n`);
  expect(parted.map((line) => line.words.map((word) => word.spaced))).toEqual([
    [undefined, false],
    [undefined, undefined],
  ]);
});

test("a right-to-left line's spaces are not taken from the text: Tesseract counts its blanks on the other side", () => {
  const hebrew = parseTesseractTsv(`${HEADER}\n${tsvOf(['קובץ', 'זמני.'])}קובץזמני.\n`);
  expect(hebrew[0]!.words.map((word) => word.spaced)).toEqual([undefined, undefined]);
  expect(linesToText(hebrew)).toBe('קובץ זמני.');
});

// Lines are put together again where a row runs across columns ("of next" | "Matthew Harrison").
test("a line's first word is not marked: the word it follows is another line's", () => {
  const rows = parseTesseractTsv(`${HEADER}\n${tsvOf(['start', 'of', 'next'])}${tsvOf(['Matthew', 'Harrison'], 2)}start of next\nMatthew Harrison\n`);
  expect(linesToText([{ ...rows[0]!, words: [...rows[0]!.words, ...rows[1]!.words] }])).toBe('start of next Matthew Harrison');
});

test('a line of text that starts with a figure is not taken for a row of the TSV', () => {
  const lines = parseTesseractTsv(`${HEADER}\n${tsvOf(['12', 'apples'])}12 apples\n`);
  expect(lines).toHaveLength(1);
  expect(lines[0]!.words.map((word) => [word.text, word.spaced])).toEqual([
    ['12', undefined],
    ['apples', true],
  ]);
});
