import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../../../test-support/corpus.ts';
import { chooseWords } from './choose-words.ts';
import type { OcrLine } from './engine.ts';
import { choiceFixture, readAt } from '../../../../test-support/choice-fixture.ts';
import { glyphFit, type DrawText } from './glyph-fit.ts';
import { greyFromRgba } from './preprocess/grey-image.ts';

// The fonts both hosts already ship (DejaVu, from npm), so the test does not hang on the
// system's: the fit is measured with Liberation in the bench (word-choice.ts --fit).
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans.ttf'), 'Fit Sans');
GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSerif.ttf'), 'Fit Serif');
const FACES = ['Fit Sans', 'Fit Serif'];

const canvas = createCanvas(1200, 100);
const context = canvas.getContext('2d');
const draw: DrawText = (text, face) => {
  context.font = `64px "${face}"`;
  const width = Math.min(1200, Math.ceil(context.measureText(text).width) + 10);
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, 100);
  context.fillStyle = 'black';
  context.fillText(text, 5, 75);
  return greyFromRgba(context.getImageData(0, 0, width, 100).data, width, 100);
};

// The band of the scanned table of choose-words.test.ts, with the page's own pixels.
const fixture = choiceFixture;
const image = await loadImage(readFileSync(path.join(corpusDir, 'ocr-docs/table_10.png')));
const pageCanvas = createCanvas(image.width, image.height);
pageCanvas.getContext('2d').drawImage(image, 0, 0);
const page = greyFromRgba(pageCanvas.getContext('2d').getImageData(0, 0, image.width, image.height).data, image.width, image.height);

describe('glyphFit on a real scanned table', () => {
  const [bestAt, fastAt] = fixture.readings.map((reading) => readAt(reading.lines)) as [string[], string[]];
  // Places where one reader read the true word and the other something else.
  const disputed = fixture.truth.flatMap((truth, i) => {
    const other = bestAt[i] === truth.text ? fastAt[i] : fastAt[i] === truth.text ? bestAt[i] : undefined;
    return other && other !== truth.text ? [{ truth: truth.text, other, box: truth.box }] : [];
  });

  it("fits the true word better than the other reader's at most places they disagree", () => {
    expect(disputed.length).toBeGreaterThan(20);
    const better = disputed.filter((place) => glyphFit(page, place.box, place.truth, draw, FACES) > glyphFit(page, place.box, place.other, draw, FACES));
    expect(better.length).toBeGreaterThanOrEqual(0.8 * disputed.length);
    // A dropped decimal mark and "S" for "$": the drawing of what is there fits better.
    const at = (truth: string) => disputed.find((place) => place.truth === truth)!;
    for (const truth of ['2,334.6', '$2,304.2'])
      expect(glyphFit(page, at(truth).box, truth, draw, FACES)).toBeGreaterThan(glyphFit(page, at(truth).box, at(truth).other, draw, FACES));
  });

  it('is 0 for a box with no ink to compare and within 0 and 1 otherwise', () => {
    expect(glyphFit(page, { x0: 10, y0: 10, x1: 11, y1: 11 }, 'a', draw, FACES)).toBe(0);
    const fit = glyphFit(page, disputed[0]!.box, disputed[0]!.truth, draw, FACES);
    expect(fit).toBeGreaterThan(0);
    expect(fit).toBeLessThanOrEqual(1);
  });

  it('lets chooseWords pick the true word at as many disputed places as without it, or more', () => {
    const isWord = (text: string) => fixture.dictionary.includes(text);
    const right = (lines: OcrLine[]) => readAt(lines).filter((text, i) => text === fixture.truth[i]!.text).length;
    const without = right(chooseWords(fixture.readings, { isWord }));
    const withFit = right(chooseWords(fixture.readings, { isWord, fit: (text, box) => glyphFit(page, box, text, draw, FACES) }));
    expect(withFit).toBeGreaterThanOrEqual(without);
  });
});
