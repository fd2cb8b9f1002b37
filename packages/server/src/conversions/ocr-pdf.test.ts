import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { expect, test } from 'vitest';
import { addGlyphlessFont } from '@textlift/core/pdf/glyphless-font';
import { hasOnlyInvisibleText, stripInvisibleText } from '@textlift/core/pdf/invisible-text';
import { textLayerOperators } from '@textlift/core/pdf/text-layer';
import { preparePage } from '@textlift/core/ocr/preprocess/prepare-page';
import { characterErrorRate, wordF1 } from '../../../../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../../../../test-support/corpus.ts';
import { runsOnNode } from '../../../../test-support/node-runner.ts';
import { scannedPage } from '../../../../test-support/scanned-pdf.ts';

const run = runsOnNode();
const dir = mkdtempSync(path.join(tmpdir(), 'textlift-ocr-pdf-'));

function saved(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** Poppler's reading of the file's text (an independent reader), pages `first` to `last`. */
const pdftotext = (file: string, first = 1, last = 9999) =>
  execFileSync('pdftotext', ['-f', String(first), '-l', String(last), file, '-'], { encoding: 'utf8' });

/** `pdfimages -list`'s rows as page, width, height, colour, bits and encoding. */
function imageList(file: string): string[] {
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const [page, , , width, height, color, , bpc, enc] = line.trim().split(/\s+/);
      return [page, width, height, color, bpc, enc].join(' ');
    });
}

/** Every image XObject's stored bytes, as the file holds them (still encoded). */
async function imageStreams(bytes: Uint8Array): Promise<Buffer[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map(([, object]) => Buffer.from((object as PDFRawStream).getContents()));
}

function qpdfCheck(file: string): string {
  return execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
}

test('a scanned page gets a text layer pdftotext reads back, its JPEG kept byte for byte; a born-digital page beside it keeps its text once', async () => {
  const scan = scannedPage(1);
  const input = await PDFDocument.create();
  const font = await input.embedFont(StandardFonts.Helvetica);
  const born = 'This page was typed, not scanned: its text layer is its own.';
  input.addPage([612, 792]).drawText(born, { x: 72, y: 700, size: 12, font });
  const image = await input.embedJpg(scan.jpeg);
  input.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  const bytes = await input.save();
  const inFile = saved('mixed.pdf', bytes);

  const result = await run('ocr-pdf', { files: [{ name: 'Scan 2026.pdf', bytes }] });
  const output = result.outputs[0]!;
  expect(output.name).toBe('Scan 2026.pdf');
  expect(output.type).toBe('application/pdf');
  expect(result.summary).toMatchObject({ pages: 2, read: 1, kept: 1 });
  const outFile = saved('mixed-out.pdf', output.bytes);

  // The typed page as it was: its sentence once, no second layer over it.
  const first = pdftotext(outFile, 1, 1);
  expect(first.split(born).length - 1).toBe(1);
  expect(first.trim()).toBe(born);
  // The scan's text read back by poppler, against what was printed on it.
  const cer = characterErrorRate(pdftotext(outFile, 2, 2), scan.text);
  expect(cer).toBeLessThanOrEqual(0.02);

  expect(imageList(outFile)).toEqual(imageList(inFile));
  expect(imageList(outFile)).toEqual(['2 2550 3300 rgb 8 jpeg']);
  expect(await imageStreams(output.bytes)).toEqual([scan.jpeg]);
  expect(qpdfCheck(outFile)).toContain('No syntax or stream encoding errors found');
  expect(output.bytes.length).toBeLessThanOrEqual(bytes.length * 1.1);
  // The layer's font is embedded, with a ToUnicode map.
  expect(execFileSync('pdffonts', [outFile], { encoding: 'utf8' })).toMatch(/GlyphLessFont\s+CID TrueType\s+Identity-H\s+yes\s+no\s+yes/);

  // "Redo" tells our layer (invisible only) from the typed page's text, and takes it out whole.
  const again = await PDFDocument.load(output.bytes);
  const [typed, scanned] = again.getPages().map((page) => page.node);
  expect(hasOnlyInvisibleText(again.context, typed!)).toBe(false);
  expect(hasOnlyInvisibleText(again.context, scanned!)).toBe(true);
  stripInvisibleText(again.context, scanned!);
  const strippedFile = saved('stripped.pdf', await again.save());
  expect(pdftotext(strippedFile, 2, 2).trim()).toBe('');
  expect(pdftotext(strippedFile, 1, 1).trim()).toBe(born);
  expect(imageList(strippedFile)).toEqual(imageList(inFile));
});

test('a page scanned sideways is read, and turned upright by its /Rotate when asked, its picture untouched', async () => {
  const scan = scannedPage(2, { paragraphCount: 2 });
  // The scan turned a quarter clockwise: a letter page fed in landscape.
  const picture = await loadImage(scan.jpeg);
  const canvas = createCanvas(picture.height, picture.width);
  const context = canvas.getContext('2d');
  context.translate(picture.height, 0);
  context.rotate(Math.PI / 2);
  context.drawImage(picture, 0, 0);
  const jpeg = canvas.toBuffer('image/jpeg', 80);
  const input = await PDFDocument.create();
  input.addPage([792, 612]).drawImage(await input.embedJpg(jpeg), { x: 0, y: 0, width: 792, height: 612 });
  const bytes = await input.save();

  const turned = await run('ocr-pdf', { files: [{ name: 'sideways.pdf', bytes }] }, { rotate: 'on' });
  expect(turned.summary).toMatchObject({ read: 1, turned: 1 });
  const turnedFile = saved('sideways-turned.pdf', turned.outputs[0]!.bytes);
  expect(execFileSync('pdfinfo', [turnedFile], { encoding: 'utf8' })).toMatch(/Page rot:\s+270/);
  // The words are where the picture has them: poppler reads them in order on the turned page.
  expect(characterErrorRate(pdftotext(turnedFile), scan.text)).toBeLessThanOrEqual(0.03);
  expect(await imageStreams(turned.outputs[0]!.bytes)).toEqual([jpeg]);
});

/** The skew OCR's preparation measures on page `page` of a PDF drawn by poppler at 100 dpi. */
function measuredSkew(file: string, page = 1): number {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '100', '-f', String(page), '-l', String(page), file]);
  const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 32).toString('latin1'))!.map(Number);
  const header = pgm.length - width! * height!;
  return preparePage({ width: width!, height: height!, data: new Uint8Array(pgm.subarray(header)) }).skew;
}

test('deskew straightens a page scanned askew into a new picture, the text layer on its level lines', async () => {
  const scan = scannedPage(0, { maxDegrees: 1.5 });
  const input = await PDFDocument.create();
  input.addPage([612, 792]).drawImage(await input.embedJpg(scan.jpeg), { x: 0, y: 0, width: 612, height: 792 });
  const bytes = await input.save();
  const inFile = saved('askew.pdf', bytes);
  expect(Math.abs(measuredSkew(inFile))).toBeGreaterThan(0.5);

  const result = await run('ocr-pdf', { files: [{ name: 'askew.pdf', bytes }] }, { deskew: 'on' });
  expect(result.summary).toMatchObject({ read: 1, straightened: 1 });
  const outFile = saved('askew-level.pdf', result.outputs[0]!.bytes);
  expect(Math.abs(measuredSkew(outFile))).toBeLessThanOrEqual(0.1);
  // A new picture of the page, in colour, at 300 dpi, no bigger than the file given allows.
  expect(imageList(outFile)).toEqual(['1 2550 3300 rgb 8 jpeg']);
  expect(result.outputs[0]!.bytes.length).toBeLessThanOrEqual(bytes.length * 2);
  expect(characterErrorRate(pdftotext(outFile), scan.text)).toBeLessThanOrEqual(0.02);
  // The first line's words on one level baseline, as the picture's are now (askew, its ends
  // would be 10 pt apart).
  const firstLine = scan.text.split('\n')[0]!.split(' ').length;
  const bottoms = [...execFileSync('pdftotext', ['-bbox', outFile, '-'], { encoding: 'utf8' }).matchAll(/yMax="([\d.]+)"/g)]
    .slice(0, firstLine)
    .map((match) => Number(match[1]));
  expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
  expect(qpdfCheck(outFile)).toContain('No syntax or stream encoding errors found');
});

test('the text layer gives accented, Polish, Turkish and Cyrillic letters back, and letters outside the BMP', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = addGlyphlessFont(doc.context);
  const fontName = page.node.newFontDictionary('OCR', font.font).asString().slice(1);
  const lines = ['Déjà vu à l’œuvre', 'Zażółć gęślą jaźń', 'Işık ğüşöç İstanbul', 'Съешь же ещё этих булок', 'Math 𝔘𝔫𝔦𝔠𝔬𝔡𝔢'];
  const placed = lines.map((line, i) => {
    let x = 72;
    return line.split(' ').map((word) => {
      const start = { x, y: 700 - i * 30 };
      x += word.length * 9 + 6;
      return { text: word, start, end: { x: start.x + word.length * 9, y: start.y }, height: 14 };
    });
  });
  const stream = doc.context.register(doc.context.flateStream(textLayerOperators(placed, fontName, font.codes)));
  page.node.addContentStream(stream);
  font.finish();
  const file = saved('unicode.pdf', await doc.save());
  expect(pdftotext(file).trim().split('\n').filter(Boolean)).toEqual(lines);
});

test('pictures become pages of their size, the JPEG embedded as it is, with their text', async () => {
  const scan = scannedPage(2, { maxDegrees: 0 });
  const result = await run('ocr-pdf', { files: [{ name: 'page.jpg', bytes: scan.jpeg }] });
  const outFile = saved('from-image.pdf', result.outputs[0]!.bytes);
  expect(result.outputs[0]!.name).toBe('page.pdf');
  // Image to PDF gives the JPEG's own colour profile as its colour space (pdfimages: icc).
  expect(imageList(outFile)).toEqual(['1 2550 3300 icc 8 jpeg']);
  expect(await imageStreams(result.outputs[0]!.bytes)).toEqual([scan.jpeg]);
  expect(characterErrorRate(pdftotext(outFile), scan.text)).toBeLessThanOrEqual(0.02);
});

test('a scanned brochure from the corpus (JBIG2, two columns): its text read back, its image stream unchanged, the file hardly larger', async () => {
  const bytes = corpusFile('pdf/linn-scanned-2col.pdf');
  const result = await run('ocr-pdf', { files: [{ name: 'linn.pdf', bytes }] });
  const output = result.outputs[0]!;
  const outFile = saved('linn-out.pdf', output.bytes);
  // The expected text is the source's own OCR (approximate). In the layer's order (pdftotext
  // -raw) it reads 1.2% apart; pdftotext's own column order differs from the reference's, so
  // its reading is compared word by word.
  const expected = corpusExpected('pdf/linn-scanned-2col.pdf');
  expect(characterErrorRate(execFileSync('pdftotext', ['-raw', outFile, '-'], { encoding: 'utf8' }), expected)).toBeLessThanOrEqual(0.03);
  expect(wordF1(pdftotext(outFile), expected)).toBeGreaterThanOrEqual(0.93);
  expect(imageList(outFile)).toEqual(['1 2550 3300 gray 1 jbig2']);
  expect(await imageStreams(output.bytes)).toEqual(await imageStreams(bytes));
  expect(qpdfCheck(outFile)).toContain('No syntax or stream encoding errors found');
  // A dense page's 720 words are 8 KB of text layer (and 1.5 KB of font) beside a 71 KB
  // bilevel JBIG2 picture: 1.13× here, where a JPEG scan's page grows by under 1%.
  expect(output.bytes.length).toBeLessThanOrEqual(bytes.length * 1.15);
});

test('an encrypted PDF asks for its password, and says when the one given is wrong', async () => {
  const bytes = corpusFile('pdf/issue6010_1.pdf');
  await expect(run('ocr-pdf', { files: [{ name: 'locked.pdf', bytes }] })).rejects.toMatchObject({ code: 'password-required' });
  await expect(run('ocr-pdf', { files: [{ name: 'locked.pdf', bytes }] }, { password: 'wrong' })).rejects.toMatchObject({ code: 'wrong-password' });
});
