import mammoth from 'mammoth';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, test } from 'vitest';
import { isRightToLeft, typedParagraphs, typedTextToDocx } from './text-docx.ts';

const read = async (bytes: Uint8Array) => (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;

describe('typedTextToDocx', () => {
  test('a .docx that mammoth reads back as the typed text, in every script our languages and visitors use', async () => {
    const paragraphs = [
      'Zażółć gęślą jaźń — Ærøskøbing, São Paulo, İstanbul, Straße',
      'Съешь же ещё этих мягких французских булок',
      '東京は日本の首都です。北京是中国的首都。서울은 한국의 수도입니다.',
      'مرحبا بالعالم',
      'שלום עולם',
      'Ελληνικά καλημέρα · हिन्दी नमस्ते · ไทย สวัสดี · 😀 emoji',
    ];
    const { bytes, paragraphs: count } = await typedTextToDocx(paragraphs.join('\n\n'), 'test');
    expect(count).toBe(paragraphs.length);
    expect(
      (await read(bytes))
        .split('\n\n')
        .map((text) => text.trim())
        .filter(Boolean),
    ).toEqual(paragraphs);
  });

  test('lines of a paragraph stay lines (breaks), tabs stay tabs, blank lines split paragraphs', async () => {
    const { bytes } = await typedTextToDocx('Name:\tAda\nCity:\tLondon\n\n\n  \nSecond paragraph', 't');
    const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
    expect(xml.match(/<w:p>|<w:p /g)).toHaveLength(2);
    expect(xml.match(/<w:br\/>/g)).toHaveLength(1);
    expect(xml.match(/<w:tab\/>/g)).toHaveLength(2);
    expect((await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value).toBe('<p>Name:\tAda<br />City:\tLondon</p><p>Second paragraph</p>');
  });

  test('marks right-to-left paragraphs, and leaves out characters XML cannot hold', async () => {
    expect(isRightToLeft('  123 مرحبا world')).toBe(true);
    expect(isRightToLeft('Hello مرحبا')).toBe(false);
    const { bytes } = await typedTextToDocx('שלום\n\nbell\u0007 and lone \ud800 surrogate', 't');
    const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
    expect(xml).toContain('<w:bidi/>');
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toContain('\ud800');
    expect(await read(bytes)).toContain('bell and lone  surrogate');
  });

  test('a text of only blank lines has no paragraphs', () => {
    expect(typedParagraphs('\n \n\t\n')).toEqual([]);
  });
});
