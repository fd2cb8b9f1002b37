import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wordScores } from '../../../../test-support/cer.ts';
import { corpusExpected, corpusFile, hasCorpus } from '../../../../test-support/corpus.ts';
import { loadConfig } from '../config.ts';
import { runOnNode } from '../engines/node-host.ts';
import { createOcrProvider, type OcrProvider } from '../engines/ocr-provider.ts';
import { nativeTesseractVersion } from '../engines/native-tesseract.ts';

/**
 * Real scanned documents of ../shared/corpus/ocr-docs at the level reached, scored order-free
 * as the corpus README says (bench/ocr/docs.ts prints all fourteen beside the tesseract CLI).
 */
const native = Boolean(await nativeTesseractVersion());

describe.skipIf(!native || !hasCorpus)('OCR of scanned documents', () => {
  let provider: OcrProvider;
  // Read as a lone visitor's page is, the 96 dpi reading ahead beside the 300 dpi one where a
  // core is spare (the other test files turn it off: vitest.config.ts): the words are the same.
  const readAhead = process.env.TEXTLIFT_READ_AHEAD;
  beforeAll(async () => {
    process.env.TEXTLIFT_READ_AHEAD = '1';
    provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
  });
  afterAll(() => {
    if (readAhead === undefined) delete process.env.TEXTLIFT_READ_AHEAD;
    else process.env.TEXTLIFT_READ_AHEAD = readAhead;
    return provider?.close();
  });

  const read = async (name: string) =>
    (await runOnNode(provider, 'image-to-text', { files: [{ name, bytes: corpusFile(`ocr-docs/${name}`) }] }, { language: 'eng' })).text ?? '';

  // The chart's small print is read again by the second recogniser, which skips narrow letters
  // ("Wilam", "Hamiton", "Racboski", "Feld"); Tesseract's fuller words stand there. Measured:
  // word F1 91.4% (87.5% before, the tesseract CLI 85.2%).
  test('a chart keeps the narrow letters of its small labels', async () => {
    const text = await read('chart_01.png');
    const words = new Set(text.split(/\s+/));
    for (const name of ['William', 'Hamilton', 'Raciboski', 'Field']) expect(words, name).toContain(name);
    expect(wordScores(text, corpusExpected('ocr-docs/chart_01.png')).f1).toBeGreaterThanOrEqual(0.9);
  });

  // A serif article's “ and ”, which Tesseract reads as two single marks ("‘‘defector’’").
  // Measured: word F1 96.8% (94.8% before, the tesseract CLI 96.4%).
  test('double quotes of a serif page come out as printed, not as two singles', async () => {
    const text = await read('multicol_05.jpg');
    expect(text).not.toMatch(/(^|\s)[‘’']{2}\p{L}|\p{L}[‘’']{2}(\s|$)/u);
    expect(text).toContain('“defector”');
    expect(wordScores(text, corpusExpected('ocr-docs/multicol_05.jpg')).f1).toBeGreaterThanOrEqual(0.96);
  });

  // Arial's capital I is one upright stroke, which Tesseract reads as "|" when it stands alone
  // ("and | don't know"); as tall as a capital, beside small letters, it is the I. The rule
  // between the deposition's two pages, twice as tall, stays. Measured: word F1 92.4% (91.5%
  // before, the tesseract CLI 90.2%).
  test('a deposition set in Arial keeps its I', async () => {
    const text = await read('deposition_01.png');
    expect(text).not.toMatch(/\s\|\s+\p{Ll}/u);
    expect(text).toMatch(/and I don't know/u);
    expect(wordScores(text, corpusExpected('ocr-docs/deposition_01.png')).f1).toBeGreaterThanOrEqual(0.92);
  });
});
