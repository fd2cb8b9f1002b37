import mammoth from 'mammoth';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { paragraphsToDocx } from './docx-text.ts';
import { blocksToDocx } from './rich-document.ts';
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

/** Each paragraph of a .docx's word/document.xml: its text, and whether it and its runs run right to left. */
function docxParagraphs(bytes: Uint8Array) {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return [...xml.matchAll(/<w:p>.*?<\/w:p>|<w:p .*?<\/w:p>/gs)].map(([p]) => ({
    text: [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
    bidi: p.includes('<w:bidi/>'),
    rtlRuns: (p.match(/<w:rtl\/>/g) ?? []).length,
  }));
}

describe('right-to-left paragraphs in Word and RTF', () => {
  // An OCR'd page mixing Arabic, Hebrew and English: each paragraph takes its own direction from its text.
  const page = ['مرحبا بالعالم، هذا نص عربي', 'An English line with one word: שלום', '2024 — שלום עולם, Linux 5.3'];

  test('JPG to Word marks Arabic and Hebrew paragraphs w:bidi and their runs w:rtl, and keeps their letters in logical order', async () => {
    const bytes = await paragraphsToDocx(page, 'Test');
    expect(docxParagraphs(bytes)).toEqual([
      { text: page[0], bidi: true, rtlRuns: 1 },
      { text: page[1], bidi: false, rtlRuns: 0 },
      { text: page[2], bidi: true, rtlRuns: 1 },
    ]);
    expect((await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value.split('\n').filter(Boolean)).toEqual(page);
  });

  test('PDF to Word marks headings, paragraphs, list items and table cells by their own text', async () => {
    const bytes = await blocksToDocx(
      [
        { kind: 'heading', level: 1, runs: [{ text: 'تقرير', bold: true }] },
        { kind: 'paragraph', runs: [{ text: 'Intro ' }, { text: 'مقدمة', italic: true }] },
        { kind: 'list', ordered: true, items: [[{ text: 'פריט ראשון' }], [{ text: 'second' }]] },
        { kind: 'table', rows: [['שם', 'Name']] },
      ],
      'Test',
    );
    expect(docxParagraphs(bytes).filter((p) => p.text)).toEqual([
      { text: 'تقرير', bidi: true, rtlRuns: 1 },
      { text: 'Intro مقدمة', bidi: false, rtlRuns: 0 },
      { text: 'פריט ראשון', bidi: true, rtlRuns: 1 },
      { text: 'second', bidi: false, rtlRuns: 0 },
      { text: 'שם', bidi: true, rtlRuns: 1 },
      { text: 'Name', bidi: false, rtlRuns: 0 },
    ]);
  });

  test('RTF marks right-to-left paragraphs \\rtlpar and their text \\rtlch', () => {
    const rtf = new TextDecoder().decode(paragraphsToRtf(page));
    const paragraphs = rtf.split('\n').filter((line) => line.startsWith('\\pard'));
    expect(paragraphs.map((line) => line.startsWith('\\pard\\rtlpar') && line.includes('{\\rtlch '))).toEqual([true, false, true]);
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
