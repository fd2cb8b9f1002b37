import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogueSentences, sentencePage } from '../../../../test-support/catalogue-pages.ts';
import { characterErrorRate } from '../../../../test-support/cer.ts';
import { loadConfig } from '../config.ts';
import { runOnNode } from '../engines/node-host.ts';
import { createOcrProvider, type OcrProvider } from '../engines/ocr-provider.ts';
import { nativeTesseractVersion } from '../engines/native-tesseract.ts';

/**
 * Pages of Korean and Japanese messages Debian's translators wrote, read with their language:
 * every line, with spaces where the page has them and nowhere else, as Tesseract's own text
 * has them, though its TSV cuts Korean and Japanese lines into syllables and words (tsv.ts).
 * Measured with the spaces counted: Korean 0.6% CER, Japanese 0.5%. Spaced by script as
 * before, Korean 26.5% (a space lost or gained at most words); with Tesseract's own layout
 * only (step lost-lines off), 75%: it left out most of the page's lines.
 */
const native = Boolean(await nativeTesseractVersion());

describe.skipIf(!native)('spaces in scripts Tesseract cuts into pieces', () => {
  let provider: OcrProvider;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
  });
  afterAll(() => provider?.close());

  test.each([
    ['ko', 'kor'],
    ['ja', 'jpn'],
  ])('%s sentences read with %s keep their spaces', { timeout: 90_000 }, async (locale, code) => {
    const sentences = catalogueSentences(locale, 6);
    const page = sentencePage(sentences);
    const result = await runOnNode(provider, 'image-to-text', { files: [{ name: 'page.png', bytes: page }] }, { language: code });
    const lines = (result.text ?? '').split(/\n+/u);
    // Wrapped where the page wrapped them: compared line by line, a paragraph's lines joined.
    expect(characterErrorRate(lines.join(' '), sentences.join(' '))).toBeLessThan(0.03);
  });
});
