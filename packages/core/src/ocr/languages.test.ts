import { expect, test } from 'vitest';
import { ConversionError } from '../errors.ts';
import { ocrLanguageOption } from '../tool-options.ts';
import { dictionaryLoader } from './dictionary/load-dictionary.ts';
import { secondModelPath } from './language-data.ts';
import { ocrCatalogue } from './language-catalogue.ts';
import { bundledOcrLanguages, isBundledOcrLanguage, ocrLanguages, ocrLanguageTag, parseOcrLanguages } from './languages.ts';

test('every catalogue language is accepted, up to three joined by +; anything else is a bad request', () => {
  expect(ocrLanguages).toEqual(ocrCatalogue.map((language) => language.code));
  expect(parseOcrLanguages('ara')).toEqual(['ara']);
  expect(parseOcrLanguages('jpn+eng+kor')).toEqual(['jpn', 'eng', 'kor']);
  for (const bad of ['xyz', 'eng+klingon', 'eng+deu+fra+ita', 'chi_sim_vert']) {
    expect(() => parseOcrLanguages(bad), bad).toThrow(ConversionError);
  }
  const pattern = new RegExp(String(ocrLanguageOption.json.pattern));
  expect(pattern.test('hin+eng')).toBe(true);
  expect(pattern.test('hin+xyz')).toBe(false);
});

test('the bundled languages are the fifteen shipped; a fetched one has its tag, no second model and no dictionary read', async () => {
  expect(bundledOcrLanguages).toHaveLength(15);
  expect(bundledOcrLanguages.every((code) => ocrLanguages.includes(code))).toBe(true);
  expect(isBundledOcrLanguage('ara')).toBe(false);
  expect(ocrLanguageTag('ara')).toBe('ar');
  expect(ocrLanguageTag('chi_tra')).toBe('zh-Hant');
  expect(secondModelPath('ara')).toBeUndefined();
  expect(secondModelPath('deu')).toBe('/usr/share/tesseract-ocr/5/tessdata/deu.traineddata');
  const asked: string[] = [];
  const load = dictionaryLoader(async (language) => {
    asked.push(language);
    throw new Error('absent');
  });
  expect(await load(['ara', 'eng'])).toBeUndefined();
  expect(asked).toEqual(['eng']);
});
