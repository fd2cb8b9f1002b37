import { describe, expect, test } from 'vitest';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { corpusFile, hasCorpus } from '../../../../../test-support/corpus.ts';
import { cleanPage, darkScreenshot, photo, prose, receipt, twoColumnPage, type Page } from '../../../../../test-support/synthetic-pages.ts';
import { otsuThreshold } from './binarize.ts';
import { textColumns } from './columns.ts';
import { findBlobs, letterLike, median } from './components.ts';
import { rotateImage, rotateQuarterTurns, sampleBilinear, scaleImage, shrinkImage } from './geometry.ts';
import { greyFromRgba, type GreyImage } from './grey-image.ts';
import { normalizeIllumination } from './illumination.ts';
import { findPageOutline } from './page-outline.ts';
import { looksOver, preparePage } from './prepare-page.ts';
import { findDashRules } from './rules.ts';
import { estimateSkew } from './skew.ts';

const paragraphs = prose();

function greyOfPage(page: Page): GreyImage {
  const { width, height } = page.canvas;
  return greyFromRgba(page.canvas.getContext('2d').getImageData(0, 0, width, height).data, width, height);
}

async function greyOfFile(bytes: Buffer): Promise<GreyImage> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return greyFromRgba(context.getImageData(0, 0, image.width, image.height).data, image.width, image.height);
}

function letters(image: GreyImage) {
  const found = letterLike(findBlobs(image, otsuThreshold(image)), image);
  return { found, height: median(found.map((letter) => letter.y1 - letter.y0)) };
}

describe('page preparation', () => {
  test('finds the sheet in a phone photo and undoes its perspective', async () => {
    const page = cleanPage(3, paragraphs);
    const shot = await greyOfFile(photo(page, 3));
    const outline = findPageOutline(shot);
    expect(outline).toBeDefined();
    const prepared = preparePage(shot);
    expect(prepared.flattened).toBe(true);
    // The flattened sheet has the page's proportions (A4) back.
    expect(prepared.image.width / prepared.image.height).toBeCloseTo(1240 / 1754, 1);
  });

  // The corners are found on a small copy, so the outline may stray onto the desk; the faint
  // sliver left along the sheet (mean 235 on paper of 249, darkest 181) read as "|" before
  // every line of photo 8.
  test.each([3, 8])('the flattened sheet of photo %i leaves the desk out: its edges are paper', async (index) => {
    const { image } = preparePage(await greyOfFile(photo(cleanPage(index, paragraphs), index)));
    const { width, height, data } = image;
    const paper = [...data].sort((a, b) => a - b)[Math.floor(data.length / 2)]!;
    const column = (x: number) => Array.from({ length: height }, (_, y) => data[y * width + x]!);
    const row = (y: number) => [...data.subarray(y * width, (y + 1) * width)];
    for (const edge of [column(0), column(width - 1), row(0), row(height - 1)]) {
      expect(edge.reduce((sum, value) => sum + value, 0) / edge.length).toBeGreaterThanOrEqual(paper - 4);
      expect(Math.min(...edge)).toBeGreaterThan(220);
    }
  });

  test('a dark-mode screenshot keeps its sidebar: no sheet is cut out, its light text turns dark, it is a column', async () => {
    const shot = await greyOfFile(darkScreenshot().image);
    expect(findPageOutline(shot)).toBeUndefined();
    const prepared = preparePage(shot);
    expect(prepared.segmentation).toBe('auto');
    // The sidebar's ground (x 0-250) is light after preparation, its letters dark.
    const strip = [...prepared.image.data.filter((_, i) => i % prepared.image.width < 250 * prepared.scale)].sort((a, b) => a - b);
    expect(strip[Math.floor(strip.length / 2)]).toBeGreaterThan(200);
    expect(strip[0]).toBeLessThan(100);
  });

  test('leaves a scan that fills the frame as it is', () => {
    expect(findPageOutline(greyOfPage(cleanPage(0, paragraphs)))).toBeUndefined();
  });

  test('evens out light falling off across the page', () => {
    const image = greyOfPage(cleanPage(1, paragraphs));
    const shaded = { ...image, data: image.data.map((value, i) => value * (1 - 0.5 * ((i % image.width) / image.width))) };
    const even = normalizeIllumination(shaded);
    // Paper on the dark side comes back white; ink stays dark.
    const x = image.width - 60;
    expect(shaded.data[60 * image.width + x]).toBeLessThan(140);
    expect(even.data[60 * image.width + x]).toBeGreaterThan(235);
    expect(otsuThreshold(even)).toBeGreaterThan(100);
  });

  test.each([2.5, -1.5])('measures a skew of %s°', (degrees) => {
    const turned = rotateImage(greyOfPage(cleanPage(2, paragraphs)), degrees);
    // rotateImage turns clockwise; text turned clockwise runs downhill, a positive skew.
    expect(estimateSkew(letters(turned).found)).toBeCloseTo(degrees, 0);
  });

  test('tells columns from one block of lines', () => {
    const columns = letters(greyOfPage(twoColumnPage(0, paragraphs)));
    expect(textColumns(columns.found, columns.height)).toBe('throughout');
    const single = letters(greyOfPage(cleanPage(4, paragraphs)));
    expect(textColumns(single.found, single.height)).toBe('none');
  });

  test('a receipt is one block (its prices are not a column) with two rules of 36 dashes', async () => {
    const { image } = receipt(3);
    const prepared = preparePage(await greyOfFile(image));
    expect(prepared.segmentation).toBe('block');
    expect(prepared.rules.map((rule) => rule.dashes)).toEqual([36, 36]);
  });

  test('finds no rules in running text with hyphens', () => {
    const image = greyOfPage(cleanPage(5, paragraphs));
    const ink = letters(image);
    expect(findDashRules(findBlobs(image, otsuThreshold(image)), ink.height)).toEqual([]);
  });
});

describe('page orientation', () => {
  test.each([1, 3] as const)('a page turned %i quarter turn(s) has its lines turned level', (turns) => {
    const prepared = preparePage(rotateQuarterTurns(greyOfPage(cleanPage(6, paragraphs)), turns));
    // Level again, either way up: which way is for reading to tell (pipeline.ts).
    expect((prepared.turns + turns) % 2).toBe(0);
    expect(prepared.turns).not.toBe(0);
  });

  test('an upright page is left as it is', () => {
    expect(preparePage(greyOfPage(cleanPage(7, paragraphs))).turns).toBe(0);
  });
});

describe('letter size', () => {
  test('small text is enlarged and very large text shrunk towards the size the model reads', () => {
    const page = greyOfPage(cleanPage(8, paragraphs));
    const small = preparePage(shrinkImage(page, 0.5));
    expect(small.scale).toBeGreaterThan(1.5);
    const large = preparePage(scaleImage(page, 3));
    expect(large.scale).toBeLessThan(0.8);
    expect(large.letterHeight * large.scale).toBeGreaterThanOrEqual(20);
  });
});

describe('resizing', () => {
  // A noisy page, so a pixel taken from the wrong neighbour or weighed the wrong way shows.
  const noisy: GreyImage = { width: 97, height: 61, data: Uint8Array.from({ length: 97 * 61 }, (_, i) => (i * 7919 + (i % 13) * 31) % 256) };

  test.each([0.37, 0.6, 1.7, 3])('scaling by %s gives each pixel bilinear sampling would', (factor) => {
    const scaled = scaleImage(noisy, factor);
    for (let y = 0; y < scaled.height; y++) {
      const sy = Math.min(noisy.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
      for (let x = 0; x < scaled.width; x++) {
        const sx = Math.min(noisy.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
        expect(scaled.data[y * scaled.width + x]).toBe(Math.round(sampleBilinear(noisy, sx, sy)));
      }
    }
  });

  test('shrinking gives each pixel the mean of those it covers', () => {
    const factor = 0.3;
    const shrunk = shrinkImage(noisy, factor);
    for (const [x, y] of [
      [0, 0],
      [5, 7],
      [shrunk.width - 1, shrunk.height - 1],
    ] as const) {
      const [x0, y0] = [Math.floor(x / factor), Math.floor(y / factor)];
      const [x1, y1] = [Math.min(noisy.width, Math.floor((x + 1) / factor)), Math.min(noisy.height, Math.floor((y + 1) / factor))];
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += noisy.data[yy * noisy.width + xx]!;
      expect(shrunk.data[y * shrunk.width + x]).toBe(Math.round(sum / ((x1 - x0) * (y1 - y0))));
    }
  });
});

// The letters' edges tell a level scan upside down (looksOver): on real scans of every class of
// the corpus's documents, never an upright one taken for turned, and each turned over found.
describe.runIf(hasCorpus)('a scan upside down', () => {
  test.each(['ocr-docs/deposition_01.png', 'ocr-docs/table_10.png', 'ocr-docs/form_01.png', 'ocr-docs/slide_01.png', 'ocr/linn.png'])(
    '%s upright is not taken for turned over, and turned over is',
    async (file) => {
      const grey = await greyOfFile(corpusFile(file));
      expect(looksOver(grey)).toBe(false);
      expect(looksOver(rotateQuarterTurns(grey, 2))).toBe(true);
    },
  );
});
