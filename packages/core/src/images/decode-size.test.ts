import { describe, expect, test } from 'vitest';
import { ConversionError } from '../errors.ts';
import { DECODE_BUDGET_BYTES } from '../limits.ts';
import { checkDecodeBudget, decodeBytes, reducedDecodeSize, workingSize } from './decode-size.ts';

/** A tool's working size, as the code scanners and Invert Image have it. */
const WORKING_PIXELS = 16_000_000;

const MB = 1024 * 1024;
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error as ConversionError;
  }
  return undefined;
};

describe('workingSize', () => {
  test('a picture within the size is worked at its own', () => {
    expect(workingSize(4032, 3024, WORKING_PIXELS)).toEqual({ width: 4032, height: 3024 });
  });

  test('a 48 MP photo is scaled to within 16 MP, its proportions kept', () => {
    const size = workingSize(8000, 6000, WORKING_PIXELS);
    expect(size).toEqual({ width: 4618, height: 3464 });
    expect(size.width * size.height).toBeLessThanOrEqual(WORKING_PIXELS);
  });

  test('a 200 MP photo, and a long strip that rounds to a pixel too many', () => {
    const photo = workingSize(16320, 12240, WORKING_PIXELS);
    expect(photo.width * photo.height).toBeLessThanOrEqual(WORKING_PIXELS);
    expect(photo.width / photo.height).toBeCloseTo(16320 / 12240, 3);
    const strip = workingSize(1_000_000, 3, 1000);
    expect(strip.width * strip.height).toBeLessThanOrEqual(1000);
    expect(strip.height).toBeGreaterThanOrEqual(1);
  });
});

describe('the decode budget', () => {
  test('a JPEG decoder that reduces decodes at the smallest eighth that covers the working size', () => {
    expect(reducedDecodeSize({ width: 8000, height: 6000 }, workingSize(8000, 6000, WORKING_PIXELS))).toEqual({ width: 5000, height: 3750 });
    expect(reducedDecodeSize({ width: 16320, height: 12240 }, workingSize(16320, 12240, WORKING_PIXELS))).toEqual({ width: 6120, height: 4590 });
    // Nothing below an eighth.
    expect(reducedDecodeSize({ width: 80000, height: 60000 }, { width: 100, height: 75 })).toEqual({ width: 10000, height: 7500 });
  });

  test('counts what the decoder holds: the whole picture, or the reduced decode', () => {
    expect(decodeBytes({ width: 16320, height: 12240 }, WORKING_PIXELS, false)).toBe(16320 * 12240 * 4);
    expect(decodeBytes({ width: 16320, height: 12240 }, WORKING_PIXELS, true)).toBe(6120 * 4590 * 4);
    // Within the working size there is nothing to reduce.
    expect(decodeBytes({ width: 4000, height: 3000 }, WORKING_PIXELS, true)).toBe(4000 * 3000 * 4);
  });

  test('a 48 MP HEIC (decoded whole) and a 200 MP JPEG (decoded reduced) are within it', () => {
    expect(refusal(() => checkDecodeBudget({ width: 8064, height: 6048 }, WORKING_PIXELS, false))).toBeUndefined();
    expect(refusal(() => checkDecodeBudget({ width: 16320, height: 12240 }, WORKING_PIXELS, true))).toBeUndefined();
  });

  test('a picture decoded whole past the budget is refused with its own message figures', () => {
    const error = refusal(() => checkDecodeBudget({ width: 16320, height: 12240 }, WORKING_PIXELS, false));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).toMatchObject({
      code: 'too-large-to-open',
      details: { width: 16320, height: 12240, neededMegabytes: Math.ceil((16320 * 12240 * 4) / MB), maxMegabytes: DECODE_BUDGET_BYTES / MB },
    });
    // A PNG bomb; the largest JPEG there can be (65535 a side) still fits at an eighth.
    expect(refusal(() => checkDecodeBudget({ width: 20000, height: 20000 }, WORKING_PIXELS, false))?.code).toBe('too-large-to-open');
    expect(refusal(() => checkDecodeBudget({ width: 65535, height: 65535 }, WORKING_PIXELS, true))).toBeUndefined();
  });

  test('the budget is a limit, not a size: just within passes, just past does not', () => {
    const side = Math.floor(Math.sqrt(DECODE_BUDGET_BYTES / 4));
    expect(refusal(() => checkDecodeBudget({ width: side, height: side }, WORKING_PIXELS, false))).toBeUndefined();
    expect(refusal(() => checkDecodeBudget({ width: side + 1, height: side + 1 }, WORKING_PIXELS, false))?.code).toBe('too-large-to-open');
  });
});
