import { describe, expect, test } from 'vitest';
import { keepLast } from './keep-last.ts';
import type { OcrEngine, OcrLine } from './ocr/engine.ts';
import { createGreyImage } from './ocr/preprocess/grey-image.ts';
import { recognizePage } from './ocr/pipeline.ts';

describe('keepLast, the browser host’s reuse', () => {
  test('the same key is made once; another key replaces it; a failure or a result turned down is made again', async () => {
    const reuse = keepLast();
    let made = 0;
    const make = (value: string) => async () => {
      made += 1;
      return value;
    };
    expect(await reuse('a', make('first'))).toBe('first');
    expect(await reuse('a', make('second'))).toBe('first');
    expect(made).toBe(1);
    expect(await reuse('b', make('third'))).toBe('third');
    expect(await reuse('a', make('fourth'))).toBe('fourth');
    expect(made).toBe(3);

    await expect(reuse('c', () => Promise.reject(new Error('no network')))).rejects.toThrow('no network');
    expect(await reuse('c', make('after the failure'))).toBe('after the failure');

    expect(await reuse('d', make('partial'), () => false)).toBe('partial');
    await Promise.resolve();
    expect(await reuse('d', make('whole'), () => true)).toBe('whole');
    expect(await reuse('d', make('never'))).toBe('whole');
  });

  test('a reading whose second recogniser could not be had is marked partial, so it is not kept', async () => {
    const box = { x0: 10, y0: 10, x1: 90, y1: 30 };
    // Tesseract unsure of every word: the second recogniser is asked for, and its download fails.
    const unsure: OcrLine[] = [{ words: [{ text: 'faded', confidence: 40, box }], box, paragraph: '1' }];
    const engine: OcrEngine = {
      name: 'stand-in',
      recognize: async () => ({ lines: unsure }),
      lineModel: () => Promise.reject(new Error('download failed')),
      terminate: async () => {},
    };
    const page = await recognizePage(engine, createGreyImage(200, 60), { languages: ['eng'] });
    expect(page.text).toContain('faded');
    expect(page.partial).toBe(true);

    const whole = await recognizePage({ ...engine, lineModel: undefined }, createGreyImage(200, 60), { languages: ['eng'] });
    expect(whole.partial).toBeUndefined();
  });
});
