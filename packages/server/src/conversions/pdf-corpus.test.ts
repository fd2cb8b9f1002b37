import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { ConversionError } from '@textlift/core';
import { characterErrorRate, wordF1 } from '../../../../test-support/cer.ts';
import { corpusDir, corpusExpected, corpusFile } from '../../../../test-support/corpus.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';

const run = runsOnNode();

async function pdfToText(file: string, options: Record<string, string> = {}) {
  return run('pdf-to-text', { files: [{ name: file.split('/').pop()!, bytes: corpusFile(file) }] }, options);
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: ConversionError) => error.code,
  );

/** poppler's pdftotext, the reference reader. */
const pdftotext = (file: string) =>
  execFileSync('pdftotext', [`${corpusDir}/${file}`, '-'], { encoding: 'utf8', maxBuffer: 1e8, stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * Word-level F1 against pdftotext, order ignored (the two may order a page's columns
 * differently): measured 0.97-1.00 on these files. Forms and drawings keep most of their words
 * but put table cells in another order and split them differently.
 */
const minWordF1: Record<string, number> = {
  'pdf/tracemonkey.pdf': 0.97,
  'pdf/issue11913.pdf': 0.97,
  'pdf/issue9972-1-owner-only.pdf': 0.97,
  'pdf/chrome-text-selection-markedContent.pdf': 0.95,
  // 117 pages of mathematics: formulas are split and spaced differently.
  'pdf/GeoTopo-komprimiert-de.pdf': 0.85,
  'pdf/prefilled_f1040.pdf': 0.85,
  'pdf/issue20232-ru-drawing.pdf': 0.8,
};

describe('text layer, compared with pdftotext', () => {
  test.each(Object.entries(minWordF1))('%s: word F1 >= %s', async (file, limit) => {
    const result = await pdfToText(file);
    expect(wordF1(result.text!, pdftotext(file))).toBeGreaterThanOrEqual(limit);
    expect(result.outputs[0]!.name).toBe(
      `${file
        .split('/')
        .pop()!
        .replace(/\.pdf$/, '')}_extracted.txt`,
    );
  });

  test('a single-column judgment reads in the same order as pdftotext', async () => {
    const text = (await pdfToText('pdf/issue11913.pdf')).text!;
    expect(1 - characterErrorRate(text, pdftotext('pdf/issue11913.pdf'))).toBeGreaterThanOrEqual(0.93);
  });

  test('a two-column research note is read column by column', async () => {
    const text = (await pdfToText('pdf/chrome-text-selection-markedContent.pdf')).text!;
    const order = [
      'recommendation for Kreate following the Q4 report. In 2024,',
      'thanks to earnings growth and the dividend.',
      "In Q4, Kreate's revenue decreased by 5.9% to around 75.5 MEUR,",
      'pressures due to the guidance and outlook, but changes in',
      'earnings forecasts were moderate. The outlook for infrastructure',
    ].map((line) => text.indexOf(line));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('a two-column paper keeps each column line whole', async () => {
    const text = (await pdfToText('pdf/tracemonkey.pdf')).text!;
    expect(text).toContain('Dynamic languages such as JavaScript are more difficult to com-\npile than statically typed ones.');
  });

  test('Chinese (no spaces between words) matches pdftotext character by character', async () => {
    const text = (await pdfToText('pdf/issue12823-zh.pdf')).text!;
    expect(1 - characterErrorRate(text, pdftotext('pdf/issue12823-zh.pdf'))).toBeGreaterThanOrEqual(0.9);
  });

  test('Cyrillic from a text layer', async () => {
    expect((await pdfToText('pdf/issue20232-ru-drawing.pdf')).text).toMatch(/[А-Яа-я]{4,}/);
  });
});

describe('right-to-left text layers come out in logical order', () => {
  /** "Habibi" in Arabic, with its vowel mark, as a reader types it. */
  const HABIBI = 'حَبيبي';

  test("habibi-ar.pdf (WeasyPrint 54, the whole Arabic word in one glyph's ToUnicode): the word in logical order, never reversed", async () => {
    const text = (await pdfToText('pdf/habibi-ar.pdf')).text!;
    // pdftotext 22.12 prints it reversed (يبيبَح) outside -bbox; pdf.js's own text item too.
    expect(text).toContain(`${HABIBI} habibi`);
    expect(text).not.toContain([...HABIBI].reverse().join(''));
  });

  const lines = [
    // The lam-alef ligature is one glyph whose characters are "لا": pdftotext and pdf.js alone give "السالم" and "ال".
    'السلام عليكم، لا تقلق',
    'الشمس تشرق كل صباح على المدينة الجميلة',
    'שלום עולם, זהו ניסיון.',
    'English line with عربي inside.',
    `habibi ${HABIBI}`,
  ];
  const fixture = (name: string) => readFileSync(new URL(`../../../../test-support/fixtures/${name}`, import.meta.url));

  test.each(['rtl-lines-libreoffice.pdf', 'rtl-lines-chromium.pdf'])(
    '%s: every line as written, ligatures, marks and embedded words in place',
    async (name) => {
      const result = await run('pdf-to-text', { files: [{ name, bytes: fixture(name) }] }, {});
      const read = result
        .text!.split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      expect([...read].sort()).toEqual([...lines].sort());
    },
  );
});

describe('scanned pages are OCRed', () => {
  test('a two-column brochure scan reads like its transcription', async () => {
    const text = (await pdfToText('pdf/linn-scanned-2col.pdf')).text!;
    expect(characterErrorRate(text, corpusExpected('pdf/linn-scanned-2col.pdf'))).toBeLessThanOrEqual(0.05);
  });
});

describe('OCR languages', () => {
  const cyrillicWords = (text: string) => (text.match(/[А-Яа-яЁё]{4,}/g) ?? []).length;

  /**
   * The top of the scanned Russian form's first page (its title and first fields), as a PDF of
   * its own. The whole form took 40 s with the Russian model and 65 s with the English one (read
   * in the wrong language every word is unsure, so every later pass runs); a part of it shows
   * which model read it as well.
   */
  async function topOfForm(share: number) {
    const page = execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', `${corpusDir}/pdf/issue7229-scanned-ru-form.pdf`], { maxBuffer: 1e8 });
    const { width, height } = await sharp(page).metadata();
    const top = await sharp(page)
      .extract({ left: 0, top: 0, width: width!, height: Math.round(height! * share) })
      .png()
      .toBuffer();
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(top);
    // 150 dpi: 0.48 points a pixel.
    pdf.addPage([image.width * 0.48, image.height * 0.48]).drawImage(image, { x: 0, y: 0, width: image.width * 0.48, height: image.height * 0.48 });
    return { name: 'form.pdf', bytes: await pdf.save() };
  }
  const read = async (file: { name: string; bytes: Uint8Array }, language: string) => (await run('pdf-to-text', { files: [file] }, { language })).text ?? '';

  test('a scanned Russian form is read as Cyrillic with the Russian model', async () => {
    const russian = await read(await topOfForm(1 / 3), 'rus');
    expect(cyrillicWords(russian)).toBeGreaterThan(40);
    expect(russian).toContain('Диагностическая карта');
  });

  test('the same form read with the English model gives no Cyrillic', async () => {
    const title = await topOfForm(0.1);
    expect(cyrillicWords(await read(title, 'rus'))).toBeGreaterThanOrEqual(3);
    expect(cyrillicWords(await read(title, 'eng'))).toBe(0);
  });

  test('an unknown language is refused before any work', async () => {
    expect(await codeOf(pdfToText('pdf/issue11913.pdf', { language: 'klingon' }))).toBe('bad-request');
  });
});

describe('protected and damaged files', () => {
  test('asks for the password, refuses a wrong one, opens with the right one', async () => {
    expect(await codeOf(pdfToText('pdf/issue6010_1.pdf'))).toBe('password-required');
    expect(await codeOf(pdfToText('pdf/issue6010_1.pdf', { password: 'nope' }))).toBe('wrong-password');
    expect((await pdfToText('pdf/issue6010_1.pdf', { password: 'abc' })).text).toBe('Issue 6010');
    expect((await pdfToText('pdf/libreoffice-writer-password.pdf', { password: 'openpassword' })).text).toMatch(/\w{3,}/);
  });

  test('a PDF with only an owner password opens without one', async () => {
    expect((await pdfToText('pdf/issue9972-1-owner-only.pdf')).text!.length).toBeGreaterThan(1000);
  });

  test('an unreadable file is "corrupt"; a bad xref is recovered', async () => {
    expect(await codeOf(pdfToText('pdf/poppler-395-0-fuzzed.pdf'))).toBe('corrupt');
    expect((await pdfToText('pdf/issue9418-bad-xref.pdf')).text).toMatch(/Project/);
    expect(['ok', 'no-text', 'corrupt']).toContain(await codeOf(pdfToText('pdf/scan-bad-truncated.pdf')));
  });
});
