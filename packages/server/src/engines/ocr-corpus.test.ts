import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runTool } from '@textlift/core';
import { characterErrorRate } from '../../../../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../../../../test-support/corpus.ts';
import { loadConfig } from '../config.ts';
import { createNodeHost } from './node-host.ts';
import { createOcrProvider, type OcrProvider } from './ocr-provider.ts';
import { nativeTesseractVersion } from './native-tesseract.ts';

/**
 * Highest character error rate accepted per corpus image, with the reason. Measured with the
 * eng best_int model: 0% on the clean pages and lines, 1.9% on eurotext (its French, German
 * and Portuguese accents read with English data alone), 1.0% on linn (its reference is itself
 * OCR output), 7.6-9.4% on the UNLV pages (their ground truth follows zone order, not reading
 * order, so correctly read text in another order counts as errors). The margin above each
 * measurement is what a minor engine update may move; a real regression exceeds it.
 */
const maxCer: Record<string, number> = {
  'ocr/pytesseract-test.jpg': 0.005,
  'ocr/uw3-line-010001.png': 0.01,
  'ocr/uw3-line-010004.png': 0.01,
  'ocr/uw3-line-010005.png': 0.01,
  'ocr/uw3-line-010010.png': 0.01,
  'ocr/uw3-line-010012.png': 0.01,
  'ocr/uw3-line-010015.png': 0.01,
  'ocr/eurotext.tif': 0.03,
  'ocr/pytesseract-test-european.jpg': 0.03,
  'ocr/linn.png': 0.025,
  'ocr/unlv-8071_093.3B.tif': 0.12,
  'ocr/unlv-8087_054.3B.tif': 0.11,
};

async function ocr(provider: OcrProvider, file: string): Promise<string> {
  const { host, release } = createNodeHost(provider);
  try {
    const result = await runTool('image-to-text', [{ name: file, bytes: corpusFile(file) }], {}, { host });
    return result.text ?? '';
  } finally {
    release();
  }
}

const hasNative = Boolean(await nativeTesseractVersion());

describe.runIf(hasNative)('native tesseract on the OCR corpus', () => {
  let provider: OcrProvider;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig({ ocrEngine: 'native' }));
  });

  test.each(Object.entries(maxCer))('%s within CER %s', async (file, limit) => {
    expect(characterErrorRate(await ocr(provider, file), corpusExpected(file))).toBeLessThanOrEqual(limit);
  });
});

describe.runIf(hasNative)('several languages at once', () => {
  test('eurotext reads its French, German and Spanish accents better with those models', async () => {
    const provider = await createOcrProvider(loadConfig({ ocrEngine: 'native' }));
    const read = async (language: string) => {
      const { host, release } = createNodeHost(provider);
      try {
        const result = await runTool('image-to-text', [{ name: 'e.tif', bytes: corpusFile('ocr/eurotext.tif') }], { language }, { host });
        return characterErrorRate(result.text!, corpusExpected('ocr/eurotext.tif'));
      } finally {
        release();
      }
    };
    const englishOnly = await read('eng');
    const multilingual = await read('eng+deu+fra');
    expect(multilingual).toBeLessThan(englishOnly);
    expect(multilingual).toBeLessThanOrEqual(0.015);
  });
});

describe('tesseract.js (WASM) on the OCR corpus', () => {
  let provider: OcrProvider;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig({ ocrEngine: 'wasm', concurrency: 1 }));
  });
  afterAll(() => provider.close());

  // A clean page, a TIFF (converted to PNG first) and a text line: the engine's three paths.
  test.each(['ocr/pytesseract-test.jpg', 'ocr/eurotext.tif', 'ocr/uw3-line-010004.png'])('%s', async (file) => {
    expect(characterErrorRate(await ocr(provider, file), corpusExpected(file))).toBeLessThanOrEqual(maxCer[file]!);
  });
});
