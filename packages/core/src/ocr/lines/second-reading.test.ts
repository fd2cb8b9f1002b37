import { describe, expect, test } from 'vitest';
import type { OcrEngine } from '../engine.ts';
import { createGreyImage } from '../preprocess/grey-image.ts';
import { recognizePage } from '../pipeline.ts';
import type { ReadCharacter } from './read-line.ts';
import { dictionaryLetters } from '../dictionary/readable-words.ts';
import { losesSureWords, toWords, withDecimalPoints, withNarrowLetters } from './second-reading.ts';

const box = { x0: 0, y0: 0, x1: 400, y1: 20 };

/** The model's characters 10 px apart, and a gap in the ink wherever the text has a space. */
function read(text: string): { characters: ReadCharacter[]; spaces: number[] } {
  const characters: ReadCharacter[] = [];
  const spaces: number[] = [];
  let x = 5;
  for (const letter of text) {
    if (letter === ' ') spaces.push(x);
    else characters.push({ text: letter, x, probability: 0.9 });
    x += 10;
  }
  return { characters, spaces };
}

const words = (text: string) => {
  const { characters, spaces } = read(text);
  return toWords(characters, spaces, box)
    .map((word) => word.text)
    .join(' ');
};

describe('word spaces from gaps in the ink', () => {
  test('a wide gap is a space between words', () => {
    expect(words('TOTAL 81.00')).toBe('TOTAL 81.00');
  });

  test('no space before a stop or comma, nor after the point of a price or the colon of a time', () => {
    expect(words('8. 90*3')).toBe('8.90*3');
    expect(words('RECEIPT .')).toBe('RECEIPT.');
    expect(words('11 :37')).toBe('11:37');
    expect(words('11: 37')).toBe('11:37');
  });

  test('a list of numbers and a number after a full stop keep their space', () => {
    expect(words('1, 2')).toBe('1, 2');
    expect(words('5. 125')).toBe('5. 125');
    expect(words('CASHIER : IVY')).toBe('CASHIER : IVY');
  });
});

describe('decimal points Tesseract lost', () => {
  const word = (text: string, x0: number, x1: number) => ({ text, confidence: 95, box: { x0, y0: 0, x1, y1: 20 } });

  test('a bare number gets the point the model reads over it', () => {
    const { characters } = read('ITEM 2.58');
    expect(withDecimalPoints([word('ITEM', 0, 40), word('258', 50, 90)], characters).map((w) => w.text)).toEqual(['ITEM', '2.58']);
  });

  test('a number elsewhere on the line lends it nothing', () => {
    const { characters } = read('1299 12.99');
    expect(withDecimalPoints([word('1299', 0, 40)], characters)[0]!.text).toBe('1299');
  });
});

describe('a line the model reads split into pieces', () => {
  const dictionary = new Set(['controversy', 'surrounding', 'revenue', 'fees']);
  const readable = (words: readonly { text: string }[]) =>
    dictionaryLetters(
      words.map(({ text }) => text),
      dictionary,
    );
  const line = (...pairs: Array<[string, number]>) =>
    pairs.map(([text, confidence], i) => ({ text, confidence, box: { x0: 60 * i, y0: 0, x1: 60 * i + 50, y1: 20 } }));

  test('keeps the words Tesseract read sure where the model split them', () => {
    expect(losesSureWords(line(['co', 90], ['ntrove', 90], ['rsy', 90]), line(['controversy', 93], ['a', 40]), readable)).toBe(true);
  });

  test('gives way where the model reads the same words, or Tesseract was unsure of its own', () => {
    expect(losesSureWords(line(['controversy', 90]), line(['controversy', 93]), readable)).toBe(false);
    expect(losesSureWords(line(['(23.5', 90]), line(['FEES', 45]), readable)).toBe(false);
    expect(losesSureWords(line(['146.4', 90]), line(['surrounding', 70]), readable)).toBe(false);
  });
});

test('if the second recogniser cannot be loaded, Tesseract’s reading stands', async () => {
  const image = createGreyImage(300, 100);
  const engine: OcrEngine = {
    name: 'fake',
    async recognize() {
      const wordBox = { x0: 10, y0: 10, x1: 60, y1: 30 };
      return { lines: [{ words: [{ text: 'faded', confidence: 40, box: wordBox }], box: wordBox, paragraph: '0' }] };
    },
    lineModel: () => Promise.reject(new Error('offline')),
    // Read prepared: a blank page is as clean as a page comes, and a clean one is read as it came.
    steps: { off: new Set(['clean-once']) },
    async terminate() {},
  };
  let asked = 0;
  const lineModel = () => {
    asked++;
    return engine.lineModel!();
  };
  const page = await recognizePage({ ...engine, lineModel }, image, { languages: ['eng'] });
  expect(asked).toBeGreaterThan(0);
  expect(page.text).toBe('faded');
});

describe('narrow letters the model skipped', () => {
  const word = (text: string, x0: number, x1: number, confidence = 90) => ({ text, confidence, box: { x0, y0: 0, x1, y1: 20 } });

  test("Tesseract's word stands where the model's lacks only its narrow letters", () => {
    const model = [word('Racboski', 0, 80), word('Hamiton', 90, 160), word('Phama', 170, 220)];
    const own = [word('Raciboski', 0, 85, 60), word('Hamilton', 88, 165, 60), word('Pharma', 168, 225, 60)];
    expect(withNarrowLetters(model, own).map((w) => w.text)).toEqual(['Raciboski', 'Hamilton', 'Pharma']);
  });

  test("the model's reading stands where Tesseract's differs otherwise, stands elsewhere, is a guess or has figures", () => {
    const model = [word('TOTAL', 0, 50), word('8.90', 60, 100), word('sale', 110, 150), word('Batai', 160, 200)];
    const own = [word('T0TAIL', 0, 50, 70), word('8.90l', 60, 100, 70), word('sailer', 300, 350, 70), word('Batali', 160, 200, 11)];
    expect(withNarrowLetters(model, own).map((w) => w.text)).toEqual(['TOTAL', '8.90', 'sale', 'Batai']);
  });
});
