import mammoth from 'mammoth';
import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { paragraphsToDocx } from './docx-text.ts';
import { textToParagraphs } from './paragraphs.ts';
import { paragraphsToRtf } from './rtf.ts';
import { batchAsOneFile, resultAsOneFile, zipOutputs } from './zip.ts';

describe('textToParagraphs', () => {
  test('joins the lines of a paragraph, keeps paragraphs apart, mends broken words', () => {
    const text =
      'This is a lot of 12 point text to test the\nocr code and see if it works on all types\nof file format.\n\n' +
      'Dynamic languages are more difficult to com-\npile than statically typed ones.\n\n\nWell-known words keep their\nhyphen: self-\nEvident stays.';
    expect(textToParagraphs(text)).toEqual([
      'This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.',
      'Dynamic languages are more difficult to compile than statically typed ones.',
      'Well-known words keep their hyphen: self- Evident stays.',
    ]);
  });
});

describe('paragraphsToDocx', () => {
  test('is a Word document whose paragraphs a second reader (mammoth) finds', async () => {
    const paragraphs = ['Première ligne, avec accents.', 'Второй абзац — кириллица.', 'Third: 12.5% & <tags>'];
    const bytes = await paragraphsToDocx(paragraphs, 'Test');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    expect(value.split('\n').filter(Boolean)).toEqual(paragraphs);
  });
});

describe('paragraphsToRtf', () => {
  test('escapes RTF syntax and writes non-ASCII as \\u escapes', () => {
    const rtf = new TextDecoder().decode(paragraphsToRtf(['a {b} \\c', 'é – 😀']));
    expect(rtf.startsWith('{\\rtf1')).toBe(true);
    expect(rtf).toContain('a \\{b\\} \\\\c\\par');
    expect(rtf).toContain('\\u233?');
    expect(rtf).toContain('\\u8211?');
    expect(rtf).toContain('\\u-10179?\\u-8704?'); // 😀 as a UTF-16 surrogate pair
    expect(rtf.endsWith('}')).toBe(true);
  });
});

describe('zipOutputs', () => {
  test('keeps every file, renaming repeated names', () => {
    const file = (name: string, text: string) => ({ name, type: 'text/plain', bytes: new TextEncoder().encode(text) });
    const zip = zipOutputs([file('a.txt', 'one'), file('a.txt', 'two'), file('b', 'three')], 'all.zip');
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(['a (2).txt', 'a.txt', 'b']);
    expect(new TextDecoder().decode(entries['a (2).txt'])).toBe('two');
  });
});

describe('resultAsOneFile', () => {
  const file = (name: string, aside?: boolean) => ({ name, type: 'image/jpeg', bytes: new TextEncoder().encode(name), ...(aside ? { aside } : {}) });

  test("one page is its own file, its text beside it left out; several go in the tool's .zip with the text", () => {
    expect(resultAsOneFile({ outputs: [file('Bericht_page_1.jpg'), file('Bericht_extracted_text.txt', true)], zipName: 'Bericht_pages.zip' }).name).toBe(
      'Bericht_page_1.jpg',
    );
    const zip = resultAsOneFile({
      outputs: [file('Bericht_page_1.jpg'), file('Bericht_page_2.jpg'), file('Bericht_extracted_text.txt', true)],
      zipName: 'Bericht_pages.zip',
    });
    expect(zip.name).toBe('Bericht_pages.zip');
    expect(Object.keys(unzipSync(zip.bytes)).sort()).toEqual(['Bericht_extracted_text.txt', 'Bericht_page_1.jpg', 'Bericht_page_2.jpg']);
  });

  test("a batch's .zip is named after its first output and the number of files", () => {
    expect(batchAsOneFile([file('a_extracted.txt'), file('b_extracted.txt'), file('c_extracted.txt')], 3).name).toBe('a_extracted (+2).zip');
  });
});
