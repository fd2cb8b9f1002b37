import { expect, test } from 'vitest';
import { ocrLanguages } from './languages.ts';
import { catalogueEntry, modelPackageOf, ocrCatalogue } from './language-catalogue.ts';

test('the catalogue holds every language read today, each code once, with a tag Intl can name', () => {
  const codes = ocrCatalogue.map((language) => language.code);
  expect(new Set(codes).size).toBe(codes.length);
  for (const code of ocrLanguages) expect(catalogueEntry(code)).toBeDefined();
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const unnamed = ocrCatalogue.filter((language) => !names.of(language.tag));
  expect(unnamed.map((language) => language.code)).toEqual([]);
  expect(ocrCatalogue.length).toBeGreaterThanOrEqual(100);
});

test('right-to-left languages are marked, and Russian has no npm package', () => {
  expect(ocrCatalogue.filter((language) => language.rtl).map((language) => language.code)).toEqual(expect.arrayContaining(['ara', 'heb', 'fas', 'urd']));
  expect(modelPackageOf('rus')).toBeUndefined();
  expect(modelPackageOf('ara')).toBe('@tesseract.js-data/ara');
  expect(modelPackageOf('xyz')).toBeUndefined();
});
