import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { realSamples, scoreOf, type RealSample } from '../../../../test-support/real-sets.ts';
import { loadConfig } from '../config.ts';
import { runOnNode } from '../engines/node-host.ts';
import { createOcrProvider, type OcrProvider } from '../engines/ocr-provider.ts';
import { nativeTesseractVersion } from '../engines/native-tesseract.ts';

/**
 * The real sets at the level reached (native tesseract, best_int models, and the PP-OCRv4 line
 * reader where Tesseract is unsure), each image with the CER and order-free word recall
 * measured when it was set and a margin for engine updates: photos 0.0%, 0.0%, 0.6%, 0.3%
 * (before frames, fanning lines and lone dots: 19.9%, 4.4%, 44.1%, 38.5%; before stray marks
 * were dropped and "||" read beside its neighbour: 0.9%, 0.0%, 1.1%, 0.3%), recall 100, 100, 96.8,
 * 98.4% (before Word's bullets and letters read as strokes: 100, 98.8, 91.1, 93.5%); receipts,
 * separator rows folded out, 3.4%, 2.0%, 11.3%, 1.9%, 1.5%, 6.9% (Tesseract alone: 9.4%, 8.4%,
 * 14.3%, 10.9%, 8.2%, 38.7% with the rows); since a clean receipt scan is read as it came and each
 * word chosen between two models, 3.7%, 1.8%, 11.3%, 2.1%, 2.6%, 6.9%. receipt-03 reads right but its transcription orders
 * the columns otherwise; receipt-06 has handwriting across the print. A change that makes one
 * worse by more than the margin fails.
 */
const measured: Record<string, { cer: number; recall: number }> = {
  'photo-fr-cod-1.jpg': { cer: 0, recall: 1 },
  'photo-fr-cod-2.jpg': { cer: 0, recall: 1 },
  'photo-fr-present-1.jpg': { cer: 0.006, recall: 0.968 },
  'photo-fr-present-2.jpg': { cer: 0.003, recall: 0.984 },
  'receipt-01.jpg': { cer: 0.037, recall: 0.926 },
  'receipt-02.jpg': { cer: 0.018, recall: 0.914 },
  'receipt-03.jpg': { cer: 0.113, recall: 0.882 },
  // Read as it came and then by the second recogniser since scans and even paper are weighed on
  // Tesseract's own confidences: "SALESPERSON :" and a stop lost (recall 1 before), while the
  // receipts blurred σ 2 went from 11.6% to 9.9% mean CER on the sweep.
  'receipt-04.jpg': { cer: 0.021, recall: 0.955 },
  'receipt-05.jpg': { cer: 0.026, recall: 0.902 },
  'receipt-06.jpg': { cer: 0.069, recall: 0.81 },
};
const MARGIN = { cer: 0.015, recall: 0.02 };

/**
 * The same photos as a messaging app sends them (1600 px on the long side, JPEG quality 70):
 * measured 0.2%, 0.0%, 1.5%, 1.7% CER, recall 98.8, 100, 91.9, 93.5%. Before the boxed aside
 * was found in faint lines and cut into its columns here, présent-1 read its aside across
 * (11.8%), and présent-2 re-saved at quality 80 did too (11.3%).
 */
const SAVED_SMALL = { cer: 0.03, recall: 0.9 };

const hasNative = Boolean(await nativeTesseractVersion());

describe.runIf(hasNative)('real phone photos and receipts', () => {
  let provider: OcrProvider;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig({ ocrEngine: 'native' }));
  });
  afterAll(() => provider.close());

  async function score(sample: RealSample, name: string, bytes: Uint8Array) {
    // Never "No text found" on readable text: a failure here throws.
    const result = await runOnNode(provider, 'image-to-text', { files: [{ name, bytes }] }, { language: sample.language });
    const { cer, recall } = scoreOf(sample, result.text ?? '');
    console.info(`${name}: CER ${(cer * 100).toFixed(1)}%, word recall ${(recall * 100).toFixed(1)}%`);
    return { cer, recall, text: result.text ?? '' };
  }

  test.each(realSamples().map((sample) => [path.basename(sample.file), sample] as const))('%s reads text, at its level or better', async (name, sample) => {
    const { cer, recall, text } = await score(sample, name, readFileSync(sample.file));
    // A page edge beside a line is no bar of its text (présent-1's "etc. |").
    expect(text).not.toMatch(/^\||\|$/m);
    // The second recogniser's dictionary is Chinese and English: none of its Han on a Latin page.
    expect(text).not.toMatch(/\p{Script=Han}/u);
    expect(cer).toBeLessThanOrEqual(measured[name]!.cer + MARGIN.cer);
    expect(recall).toBeGreaterThanOrEqual(measured[name]!.recall - MARGIN.recall);
  });

  const photos = realSamples().filter((sample) => sample.set === 'photos');
  test.each(photos.map((sample) => [path.basename(sample.file), sample] as const))(
    '%s saved small, as a messaging app sends it, still reads',
    async (name, sample) => {
      const small = await sharp(sample.file).rotate().resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer();
      const { cer, recall } = await score(sample, `small-${name}`, small);
      expect(cer).toBeLessThanOrEqual(SAVED_SMALL.cer);
      expect(recall).toBeGreaterThanOrEqual(SAVED_SMALL.recall);
    },
  );

  /**
   * Photos taken with the phone held diagonally, turned 45° with no EXIF tag (the corners filled
   * grey, as a desk): measured 0.2%, 4.0%, 0.4%, 1.5% CER, recall 99, 100, 98, 98% (before the
   * lines' direction was searched over the half circle: 100% CER, nothing read, for all four).
   * Turned by every 15° the four read within 2.4% but for cod-2 at 165°, 255° and 345°, whose
   * table comes out in another order (18.1%, recall 100%). présent-2 turned 45° is the browser
   * test's, read there through the API and on the page (e2e/hero-real-photo.spec.ts); cod-2,
   * a page like cod-1 held to a looser level, is left to bench/ocr/sweep.ts (--classes turned).
   */
  const diagonal: Record<string, { cer: number; recall: number }> = {
    'photo-fr-cod-1.jpg': { cer: 0.002, recall: 0.99 },
    'photo-fr-present-1.jpg': { cer: 0.004, recall: 0.98 },
  };
  test.each(photos.filter((sample) => path.basename(sample.file) in diagonal).map((sample) => [path.basename(sample.file), sample] as const))(
    '%s turned 45° reads as its lines run',
    async (name, sample) => {
      const turned = await sharp(await sharp(sample.file).rotate().toBuffer())
        .rotate(45, { background: '#808080' })
        .jpeg({ quality: 90 })
        .toBuffer();
      const { cer, recall } = await score(sample, `turned-${name}`, turned);
      expect(cer).toBeLessThanOrEqual(diagonal[name]!.cer + MARGIN.cer);
      expect(recall).toBeGreaterThanOrEqual(diagonal[name]!.recall - MARGIN.recall);
    },
  );
});
