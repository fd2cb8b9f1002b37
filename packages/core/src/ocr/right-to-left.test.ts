import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from 'vitest';
import { paragraphsToDocx } from '../documents/docx-text.ts';
import { textToParagraphs } from '../documents/paragraphs.ts';
import type { OcrEngine } from './engine.ts';
import { recognizePage } from './pipeline.ts';
import { parseTesseractTsv } from './tsv.ts';

const fixtures = new URL('../../../../test-support/fixtures/', import.meta.url);

/**
 * A page of two Arabic lines, an English one and a Hebrew one (DejaVu Sans, drawn right to left by
 * @napi-rs/canvas), and what native tesseract 5.3 read on it with npm's best_int ara+heb+eng
 * (--psm 3, TSV), as the server's engine asks: its words in logical order, from the right.
 */
async function page() {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(readFileSync(new URL('rtl-page.png', fixtures)))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const read = parseTesseractTsv(readFileSync(new URL('rtl-page.tsv', fixtures), 'utf8'));
  const engine: OcrEngine = {
    name: 'tesseract 5.3 as recorded',
    // The page's own readings are tesseract's; a word cut out and read again finds nothing new.
    recognize: async (_image, options) => ({ lines: options.segmentation === 'auto' ? structuredClone(read) : [] }),
    terminate: async () => {},
  };
  return { grey: { width: info.width, height: info.height, data: new Uint8Array(data) }, engine };
}

test('Arabic and Hebrew lines come out of the OCR pipeline in logical order, and JPG to Word makes them right-to-left paragraphs', async () => {
  const { grey, engine } = await page();
  const { text } = await recognizePage(engine, grey, { languages: ['ara', 'heb', 'eng'] });
  expect(text.split(/\n+/)).toEqual([
    'يمكنك تحميل الملف من الموقع الرسمي',
    'ثم افتح البرنامج واختر اللغة العربية',
    'Then open the program and choose a language',
    'אפשר להוריד את הקובץ מהאתר הרשמי',
  ]);
  const xml = strFromU8(unzipSync(await paragraphsToDocx(textToParagraphs(text), 't'))['word/document.xml']!);
  const paragraphs = [...xml.matchAll(/<w:p>.*?<\/w:p>/gs)].map(([p]) => ({ bidi: p.includes('<w:bidi/>'), starts: /<w:t[^>]*>(\S+)/.exec(p)?.[1] }));
  expect(paragraphs).toEqual([
    { bidi: true, starts: 'يمكنك' },
    { bidi: false, starts: 'Then' },
    { bidi: true, starts: 'אפשר' },
  ]);
});
