import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { halfRecall, halvesOf } from '../../../../test-support/blur-halves.ts';
import { blurred } from '../../../../test-support/ocr-variants.ts';
import { foldFor, realSamples, scoreOf } from '../../../../test-support/real-sets.ts';
import { loadConfig } from '../config.ts';
import { runOnNode } from '../engines/node-host.ts';
import { createOcrProvider, type OcrProvider } from '../engines/ocr-provider.ts';
import { nativeTesseractVersion } from '../engines/native-tesseract.ts';

/**
 * A scanned receipt whose left half is out of focus (Gaussian σ 2, test-support/ocr-variants.ts),
 * read at the level measured since soft regions are sharpened before the page is judged
 * (pipeline step sharpen-soft). Each half is scored by the truth words that stand in it alone
 * (test-support/blur-halves.ts): measured CER 3.3%, sharp half 100%, blurred half 98.2%, as the
 * receipt as taken reads (3.8%, 100%, 98.2%); before the sharpening, 5.2%, 100%, 92.7%.
 */
const MEASURED = { cer: 0.033, blurredHalf: 0.982 };
const MARGIN = { cer: 0.012, recall: 0.035 };
/** The sharp half's words as the receipt as taken reads them, and how far below that it may read. */
const AS_TAKEN_SHARP_HALF = 1;
const SHARP_DISTANCE = 0.03;

const hasNative = Boolean(await nativeTesseractVersion());

describe.runIf(hasNative)('a half-blurred receipt', () => {
  let provider: OcrProvider;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig({ ocrEngine: 'native' }));
  });
  afterAll(() => provider.close());

  test('reads its sharp half as if the blur were not there, and its blurred half at its level', async () => {
    const sample = realSamples().find((candidate) => candidate.file.endsWith('receipt-01.jpg'))!;
    const bytes = await blurred(readFileSync(sample.file), 2, { region: 'left-half' });
    const result = await runOnNode(provider, 'image-to-text', { files: [{ name: 'receipt-01-left-half-blur-2.jpg', bytes }] }, { language: sample.language });
    const text = result.text ?? '';
    const { cer } = scoreOf(sample, text);
    const halves = await halvesOf(sample);
    const folded = foldFor(sample.set)(text);
    const [sharp, soft] = [halfRecall(halves.right, folded), halfRecall(halves.left, folded)];
    console.info(
      `receipt-01, left half blurred σ 2: CER ${(cer * 100).toFixed(1)}%, sharp half ${(sharp * 100).toFixed(1)}%, blurred half ${(soft * 100).toFixed(1)}%`,
    );
    expect(cer).toBeLessThanOrEqual(MEASURED.cer + MARGIN.cer);
    expect(sharp).toBeGreaterThanOrEqual(AS_TAKEN_SHARP_HALF - SHARP_DISTANCE);
    expect(soft).toBeGreaterThanOrEqual(MEASURED.blurredHalf - MARGIN.recall);
  });
});
