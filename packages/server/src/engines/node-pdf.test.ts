import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { expect, test } from 'vitest';
import { CODES_MAX_PIXELS, MAX_IMAGE_PIXELS, OCR_MAX_PIXELS, rasterScale, rasterSide } from '@textlift/core';
import { corpusFile } from '../../../../test-support/corpus.ts';
import { MAX_PAGE_SIDE_POINTS, OVERSIZED_PAGE_PIXELS } from '@textlift/core/pdf/pdf-engine';
import { nodePdfEngine } from './node-pdf.ts';

/** Rasters of PDF pages: drawn in bands past 12 MP, held to the pixels each tool reads. */

test('a page drawn in bands is the page drawn whole', async () => {
  const pdf = await nodePdfEngine();
  const { document, close } = await pdf.open(corpusFile('pdf/tracemonkey.pdf'));
  try {
    const page = await document.getPage(1);
    // 400 dpi of a Letter page: 3400 × 4400, 15 MP, past one pass.
    const scale = 400 / 72;
    const banded = await pdf.renderPageRgba(page, scale);
    expect(banded.width * banded.height).toBeGreaterThan(12_000_000);
    const canvas = createCanvas(banded.width, banded.height);
    await page.render({ canvas: canvas as never, viewport: page.getViewport({ scale }), background: '#ffffff' }).promise;
    const whole = canvas.getContext('2d').getImageData(0, 0, banded.width, banded.height).data;
    // Images cut by a band's edge are smoothed a little differently there (measured: 0.014 % of
    // the bytes, on rows next to the edge); everything else is the same.
    let differ = 0;
    for (let i = 0; i < whole.length; i++) if (whole[i] !== banded.data[i]) differ++;
    expect(differ).toBeLessThan(whole.length / 2000);
    const grey = await pdf.renderPage(page, scale);
    expect([grey.width, grey.height]).toEqual([banded.width, banded.height]);
    // Ink where the page has ink: the grey is the colour's, band by band.
    let dark = 0;
    for (let i = 0; i < grey.data.length; i += 97) if (grey.data[i]! < 128) dark++;
    expect(dark).toBeGreaterThan(1000);
    expect(grey.data[(grey.height >> 1) * grey.width + 5]).toBe(255);
  } finally {
    await close();
  }
}, 60_000);

test('a page past the 200-inch limit of PDF readers is drawn small; a 200-inch poster within the pixels asked for', async () => {
  const doc = await PDFDocument.create();
  for (const side of [200_000, MAX_PAGE_SIDE_POINTS]) {
    doc.addPage([side, side]).drawRectangle({ x: side / 4, y: side / 4, width: side / 2, height: side / 2, color: rgb(0, 0, 0) });
  }
  const pdf = await nodePdfEngine();
  const { document, close } = await pdf.open(await doc.save());
  try {
    const huge = await document.getPage(1);
    const grey = await pdf.renderPage(huge, 300 / 72, OCR_MAX_PIXELS);
    expect(grey.width * grey.height).toBeLessThanOrEqual(OVERSIZED_PAGE_PIXELS);
    expect(grey.width * grey.height).toBeGreaterThan(OVERSIZED_PAGE_PIXELS * 0.98);
    // The square is there, in the middle: drawn small, not blank.
    expect(grey.data[(grey.height >> 1) * grey.width + (grey.width >> 1)]).toBe(0);
    expect(grey.data[5 * grey.width + 5]).toBe(255);
    const colour = await pdf.renderPageRgba(huge, 200 / 72, CODES_MAX_PIXELS);
    expect(colour.width * colour.height).toBeLessThanOrEqual(OVERSIZED_PAGE_PIXELS);

    const poster = await pdf.renderPage(await document.getPage(2), 300 / 72, OCR_MAX_PIXELS);
    expect(poster.width * poster.height).toBeLessThanOrEqual(OCR_MAX_PIXELS);
    expect(poster.width * poster.height).toBeGreaterThan(OCR_MAX_PIXELS * 0.98);
  } finally {
    await close();
  }
}, 60_000);

test('rasterScale keeps to the smaller of the pixels asked for and MAX_IMAGE_PIXELS', () => {
  const fits = (scale: number, max: number) => rasterSide(200_000, scale) ** 2 <= max;
  expect(fits(rasterScale(200_000, 200_000, 300 / 72, OCR_MAX_PIXELS), OCR_MAX_PIXELS)).toBe(true);
  expect(rasterScale(200_000, 200_000, 300 / 72, 10 ** 12)).toBe(rasterScale(200_000, 200_000, 300 / 72));
  expect(fits(rasterScale(200_000, 200_000, 300 / 72), MAX_IMAGE_PIXELS)).toBe(true);
  // An ordinary page keeps its resolution.
  expect(rasterScale(595, 842, 300 / 72, OCR_MAX_PIXELS)).toBe(300 / 72);
});

test("a scanned page's resolution is its scan's, whatever its encoding; a page of text has none", async () => {
  const pdf = await nodePdfEngine();
  const resolutions: Array<number | undefined> = [];
  for (const name of [
    'pdf/c02-22-scanned.pdf',
    'pdf/linn-scanned-2col.pdf',
    'pdf/ccitt-scanned.pdf',
    'pdf/issue7229-scanned-ru-form.pdf',
    'pdf/tracemonkey.pdf',
  ]) {
    const { document, close } = await pdf.open(corpusFile(name));
    try {
      resolutions.push(await pdf.scanResolution(await document.getPage(1)));
    } finally {
      await close();
    }
  }
  // As pdfimages -list reports them: a JPEG at 150, JBIG2 and CCITT at 300, a JPEG at 200.
  expect(resolutions.map((dpi) => dpi && Math.round(dpi))).toEqual([150, 300, 300, 200, undefined]);
});
