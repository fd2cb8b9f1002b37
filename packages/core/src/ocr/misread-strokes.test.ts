import { describe, expect, test } from 'vitest';
import type { OcrEngine, OcrLine, OcrOptions } from './engine.ts';
import { hasMisreadStroke, strokesOnlyChanged, withLettersReread, withLoneI } from './misread-strokes.ts';
import { createGreyImage } from './preprocess/grey-image.ts';

describe('letters misread as strokes', () => {
  test('bars and ones standing for I and l', () => {
    for (const word of ['||', 'I11/Elle/On', 'I1s/Elles', '|ls', 'l|e', "|'homme", 'I!', '\tI1s', '\\\\']) expect(hasMisreadStroke(word), word).toBe(true);
  });

  test('numbers, codes and lone bars are left as read', () => {
    const words = [
      '|',
      '\\',
      'C:\\dir',
      'a\\b',
      '11',
      '1st',
      'B1',
      'A11',
      '2.58',
      'Il/Elle/On',
      'Ils',
      'lls',
      '11:37',
      'SR-0012',
      "aa4's",
      '1/2',
      'Stop!',
      '!',
      '1l',
      '1lb',
      '1ltr',
    ];
    for (const word of words) expect(hasMisreadStroke(word), word).toBe(false);
  });

  // Kept: only strokes changed. Not kept: ink next door came into the cut, a bar is still
  // there, nothing changed, another letter changed, a real bar vanished, strokes were lost or
  // made up.
  test.each([
    ['||', 'Il', true],
    ['\\\\', 'Il', true],
    ['I11/Elle/On', 'Il/Elle/On', true],
    ['I1s/Elles', 'Ils/Elles', true],
    ['I!', 'Il', true],
    ['||', 'AL', false],
    ['||', 'I|', false],
    ['I1s', 'I1s', false],
    ['I11/Elle/On', 'Il/Etle/On', false],
    ['Is|grep', 'Isgrep', false],
    ['I11', 'I', false],
    ['||', 'I', false],
    ['||', 'lIlI', false],
  ])('%j read again as %j is kept: %s', (original, reread, kept) => {
    expect(strokesOnlyChanged(original, reread)).toBe(kept);
  });
});

describe('words read again with letters only', () => {
  const image = createGreyImage(400, 100);
  const word = (text: string, confidence: number, x0: number) => ({ text, confidence, box: { x0, y0: 40, x1: x0 + 30, y1: 70 } });
  const page = (): OcrLine[] => [
    { paragraph: '1.1', box: { x0: 0, y0: 40, x1: 400, y1: 70 }, words: [word('Attention:', 96, 10), word('||', 48, 100), word('existe', 95, 140)] },
    { paragraph: 'frame', box: { x0: 0, y0: 40, x1: 400, y1: 70 }, words: [word('Nous', 90, 10), word('\tI1s/Elles', 60, 200), word('|', 90, 300)] },
  ];
  // Tesseract finding no line on the stacked sheet, then reading each word alone: `read` gives
  // what the n-th word alone reads as.
  const engine = (read: (word: number) => string): OcrEngine & { calls: OcrOptions[] } => {
    const calls: OcrOptions[] = [];
    return {
      name: 'fake',
      calls,
      async recognize(_image, options) {
        calls.push(options);
        if (options.segmentation === 'block') return { lines: [] };
        const text = read(calls.length - 1);
        if (text === 'fail') throw new Error('engine failed');
        const words = text
          .split(' ')
          .filter(Boolean)
          .map((one, i) => ({ text: one, confidence: 90, box: { x0: i * 10, y0: 0, x1: i * 10 + 10, y1: 10 } }));
        return { lines: [{ paragraph: '1.1', box: { x0: 0, y0: 0, x1: 10, y1: 10 }, words }] };
      },
      async terminate() {},
    };
  };
  const texts = (lines: OcrLine[]) => lines.map((line) => line.words.map((one) => one.text).join(' '));

  test('the doubtful words stacked as letters, then alone as a line, least sure first; a cell keeps its tab', async () => {
    const signal = new AbortController().signal;
    const fake = engine((word) => (word === 1 ? 'Il' : 'Ils/Elles'));
    const lines = await withLettersReread(fake, image, page(), 20, { languages: ['fra'], signal });
    expect(texts(lines)).toEqual(['Attention: Il existe', 'Nous \tIls/Elles |']);
    expect(fake.calls.map((call) => call.segmentation)).toEqual(['block', 'line', 'line']);
    for (const call of fake.calls) expect(call).toMatchObject({ lettersOnly: true, languages: ['fra'], signal });
  });

  // Two bare strokes alone may be no line at all; beside the next word they read as letters.
  test('a word read as nothing alone is read beside its neighbour, and its own part taken', async () => {
    const fake = engine((call) => ['', 'Il existe', 'Ils/Elles'][call - 1]!);
    const lines = await withLettersReread(fake, image, page(), 20, { languages: ['fra'] });
    expect(texts(lines)).toEqual(['Attention: Il existe', 'Nous \tIls/Elles |']);
    expect(fake.calls.map((call) => call.segmentation)).toEqual(['block', 'line', 'line', 'line']);
  });

  test('a page without such words, or with them read confidently, costs no reading', async () => {
    const fake = engine(() => 'Il');
    const sure = page().map((line) => ({ ...line, words: line.words.map((one) => ({ ...one, confidence: 90 })) }));
    expect(texts(await withLettersReread(fake, image, sure, 20, { languages: ['fra'] }))).toEqual(texts(sure));
    expect(fake.calls).toHaveLength(0);
  });

  test('a reading that fails, or changes more than strokes, leaves the word as read', async () => {
    expect(
      texts(
        await withLettersReread(
          engine(() => 'fail'),
          image,
          page(),
          20,
          { languages: ['fra'] },
        ),
      ),
    ).toEqual(texts(page()));
    expect(
      texts(
        await withLettersReread(
          engine(() => 'AL'),
          image,
          page(),
          20,
          { languages: ['fra'] },
        ),
      ),
    ).toEqual(texts(page()));
  });

  test('a cancelled job stops', async () => {
    const controller = new AbortController();
    const fake = engine(() => {
      controller.abort();
      return 'fail';
    });
    await expect(withLettersReread(fake, image, page(), 20, { languages: ['fra'], signal: controller.signal })).rejects.toThrow('engine failed');
  });
});

describe('a capital I read as a bar alone', () => {
  const word = (text: string, y0: number, y1: number, x0: number) => ({ text, confidence: 95, box: { x0, y0, x1: x0 + text.length * 10, y1 } });
  const line = (...words: ReturnType<typeof word>[]): OcrLine => ({ words, box: { x0: 0, y0: 0, x1: 400, y1: 60 }, paragraph: 'p' });

  test('a bar as tall as a capital is the I; a taller one (a rule, a bar glyph) stays', () => {
    // Letters 19 px: the deposition's I stood 24-25 px, the rule between its pages 41-48 px.
    const lines = withLoneI(
      [
        line(word('and', 6, 30, 0), word('|', 5, 30, 40), word('know', 5, 30, 60)),
        line(word('dealer', 6, 30, 0), word('|', 0, 44, 80), word('16', 6, 30, 100)),
        line(word('|', 5, 30, 0), word("don't", 5, 30, 20)),
      ],
      19,
    );
    expect(lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['and I know', 'dealer | 16', "I don't"]);
  });

  test('a short tick, a bar alone on its line and a bar between fields or figures stay', () => {
    const lines = withLoneI(
      [
        line(word('an', 10, 30, 0), word('|', 20, 30, 20), word('ox', 10, 30, 40)),
        line(word('|', 5, 30, 0)),
        line(word('7358', 6, 30, 0), word('|', 5, 30, 50), word('F:', 6, 30, 70)),
      ],
      19,
    );
    expect(lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['an | ox', '|', '7358 | F:']);
  });
});
