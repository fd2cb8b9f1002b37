import { describe, expect, test } from 'vitest';
import type { OcrLine } from './engine.ts';
import { joinWords, linesToText } from './ocr-text.ts';

const line = (text: string, y: number, paragraph: string): OcrLine => ({
  words: text.split(' ').map((word) => ({ text: word, confidence: 90, box: { x0: 0, y0: y, x1: 100, y1: y + 20 } })),
  box: { x0: 0, y0: y, x1: 100, y1: y + 20 },
  paragraph,
});

describe('linesToText', () => {
  test('a blank line where the page leaves space, not at every change of indent', () => {
    const lines = [
      line('FRESH MARKET', 0, '1.1'),
      line('12 HIGH STREET', 30, '1.2'),
      line('Milk 1.20', 60, '1.3'),
      line('Bread 2.10', 90, '1.3'),
      line('THANK YOU', 160, '1.4'),
    ];
    expect(linesToText(lines)).toBe('FRESH MARKET\n12 HIGH STREET\nMilk 1.20\nBread 2.10\n\nTHANK YOU');
  });

  test('paragraphs of several lines set solid stay apart', () => {
    const lines = [line('one a', 0, '1.1'), line('one b', 30, '1.1'), line('two a', 60, '1.2'), line('two b', 90, '1.2')];
    expect(linesToText(lines)).toBe('one a\none b\n\ntwo a\ntwo b');
  });

  test('a new column (reading moves back up) starts a new paragraph', () => {
    const lines = [line('left one', 0, '1.1'), line('left two', 30, '1.1'), line('right one', 0, '2.1')];
    expect(linesToText(lines)).toBe('left one\nleft two\n\nright one');
  });

  test('words of scripts written without spaces join without one; others, and the two sides of a script change, keep theirs', () => {
    // As tesseract's TSV gives them: Japanese and Chinese cut into words, Thai into letters and marks.
    expect(joinWords(['吾輩', 'は', '猫', 'で', 'ある', '。', '名前', 'は', 'まだ', '無い', '。'])).toBe('吾輩は猫である。名前はまだ無い。');
    expect(joinWords(['北京', '是', '中国', '的', '首都'])).toBe('北京是中国的首都');
    expect(joinWords(['ไม', '่', 'สามารถ'])).toBe('ไม่สามารถ');
    expect(joinWords(['Linux', 'の', 'バージョン', '5.3', 'です'])).toBe('Linux のバージョン 5.3 です');
    expect(joinWords(['서울은', '한국의', '수도입니다.'])).toBe('서울은 한국의 수도입니다.');
    expect(joinWords(['مرحبا', 'بالعالم'])).toBe('مرحبا بالعالم');
    expect(joinWords(['𠮷野家', 'の', '牛丼'])).toBe('𠮷野家の牛丼'); // a letter beyond the BMP
  });

  test("Thai's and Lao's sara am, which tesseract gives in two parts, is one letter, after the syllable's tone mark", () => {
    // ทำความ, น้ำ, ຄຳ as their words and text are typed (U+0E33, U+0EB3), and as tesseract's TSV gives them.
    expect(joinWords(['ท', '\u0e4d', '\u0e32', 'ความ'])).toBe('ท\u0e33ความ');
    expect(joinWords(['น', '\u0e49', '\u0e4d', '\u0e32'])).toBe('น\u0e49\u0e33');
    expect(joinWords(['น', '\u0e4d', '\u0e49', '\u0e32'])).toBe('น\u0e49\u0e33');
    expect(joinWords(['ຄ', '\u0ecd', '\u0eb2'])).toBe('ຄ\u0eb3');
    // A nikhahit on its own (Pali and Sanskrit words written in Thai) stays as it is.
    expect(joinWords(['สํสฺการ'])).toBe('สํสฺการ');
  });
});
