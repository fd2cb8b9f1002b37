import { expect, test } from 'vitest';
import { isOcrLanguage } from '../ocr/languages.ts';
import { OCR_SPACE_MAX_BYTES, ocrSpaceLanguages } from './ocr-space.ts';

test("OCR.space's language codes map to languages we read, German and Chinese by OCR.space's own names; auto to detection", () => {
  for (const [code, ours] of Object.entries(ocrSpaceLanguages)) expect(isOcrLanguage(ours) || ours === 'auto', code).toBe(true);
  expect(ocrSpaceLanguages.ger).toBe('deu');
  expect(ocrSpaceLanguages.chs).toBe('chi_sim');
  expect(ocrSpaceLanguages.dut).toBe('nld');
  // Found on each page, as the tools' own `auto`.
  expect(ocrSpaceLanguages.auto).toBe('auto');
  // OCR.space's codes for languages fetched on first use map to the catalogue's.
  expect(ocrSpaceLanguages.kor).toBe('kor');
  expect(ocrSpaceLanguages.gre).toBe('ell');
  expect(ocrSpaceLanguages.vnm).toBe('vie');
  expect(ocrSpaceLanguages.cht).toBe('chi_tra');
  expect(OCR_SPACE_MAX_BYTES).toBeGreaterThan(0);
});
