import { describe, expect, test } from 'vitest';
import { findTool, toolList } from '@textlift/core/tools';
import { ocrLanguagesOf } from './tool-input.ts';

describe('the OCR languages a drop zone loads the engine for', () => {
  test('tools that read pictures by OCR: in the language chosen, under whichever option holds it', () => {
    expect(ocrLanguagesOf(findTool('image-to-text')!, { language: 'fra' })).toEqual(['fra']);
    expect(ocrLanguagesOf(findTool('jpg-to-excel')!, { language: 'eng+deu', format: 'both' })).toEqual(['eng', 'deu']);
    expect(ocrLanguagesOf(findTool('image-translator')!, { target: 'es', source: 'eng' })).toEqual(['eng']);
  });

  test('Automatic: none chosen, the engine loads the model the page is first read with', () => {
    expect(ocrLanguagesOf(findTool('image-to-text')!, { language: 'auto' })).toEqual([]);
  });

  test('none for the tools that read no pictures by OCR, nor for a value no engine knows', () => {
    const reading = toolList.filter((tool) => tool.input.kind === 'files' && ocrLanguagesOf(tool, {}) !== undefined).map((tool) => tool.slug);
    expect(reading.sort()).toEqual(['image-to-text', 'image-translator', 'jpg-to-excel', 'jpg-to-word', 'ocr-pdf']);
    expect(ocrLanguagesOf(findTool('pdf-to-text')!, { language: 'eng' })).toBeUndefined();
    expect(ocrLanguagesOf(findTool('image-to-text')!, { language: 'klingon' })).toBeUndefined();
  });
});
