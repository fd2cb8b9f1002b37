import { expect, test } from 'vitest';
import { hasRightToLeft, isRightToLeft } from './text-direction.ts';

test("a paragraph's direction is its first letter's with one, digits and punctuation skipped", () => {
  expect(isRightToLeft('مرحبا بالعالم')).toBe(true);
  expect(isRightToLeft('  «2024» — שלום, Linux')).toBe(true);
  expect(isRightToLeft('یک متن فارسی')).toBe(true); // Persian
  expect(isRightToLeft('یہ اردو ہے')).toBe(true); // Urdu
  expect(isRightToLeft('ܫܠܡܐ')).toBe(true); // Syriac
  expect(isRightToLeft('Version 5.3 يعمل')).toBe(false);
  expect(isRightToLeft('Ελληνικά, हिन्दी, 日本語')).toBe(false);
  expect(isRightToLeft('1234 — ...')).toBe(false);
  expect(isRightToLeft('\u200fabc')).toBe(true); // a right-to-left mark first
});

test('a word with a right-to-left letter is found among Latin ones', () => {
  expect(hasRightToLeft('(٢٠٢٤)')).toBe(true);
  expect(hasRightToLeft('Word')).toBe(false);
});
