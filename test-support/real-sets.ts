// The real sets of ../shared/corpus: phone photos of pages and shop receipts, with what each
// should read, for the tests and bench/ocr.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { characterErrorRate, wordRecall } from './cer.ts';
import { corpusDir } from './corpus.ts';

export interface RealSample {
  set: 'photos' | 'receipts';
  file: string;
  expected: string;
  language: string;
}

/**
 * The boxed aside of the "présent" page is a picture in the PDF that was printed, so the
 * corpus's expected text (pdftotext of that PDF) lacks it; transcribed here from the print,
 * column by column as it is laid out, and added where it stands, last on the page.
 */
const PRESENT_BOX = 'Être Je suis Tu es Il/Elle/On est Nous sommes Vous êtes Ils/Elles sont Avoir J’ai Tu as Il/Elle/On Nous avons Vous avez Ils ont';

function photoExpected(file: string): string {
  const expected = readFileSync(file, 'utf8');
  return file.endsWith('photo-fr-present.expected.txt') ? `${expected.trimEnd()}\n${PRESENT_BOX}\n` : expected;
}

/** Photos are French pages (their expected text is shared by the two photos of one page). */
export function realSamples(): RealSample[] {
  const photos = path.join(corpusDir, 'ocr-photos');
  const receipts = path.join(corpusDir, 'ocr-receipts');
  return [
    ...readdirSync(photos)
      .filter((file) => file.endsWith('.jpg'))
      .map((file) => ({
        set: 'photos' as const,
        file: path.join(photos, file),
        expected: photoExpected(path.join(photos, file.replace(/-\d\.jpg$/, '.expected.txt'))),
        language: 'fra',
      })),
    ...readdirSync(receipts)
      .filter((file) => file.endsWith('.jpg'))
      .map((file) => ({
        set: 'receipts' as const,
        file: path.join(receipts, file),
        expected: readFileSync(path.join(receipts, file.replace(/\.jpg$/, '.expected.txt')), 'utf8'),
        language: 'eng',
      })),
  ];
}

/**
 * A receipt's separator rows (------, ======) are drawn lines, which the SROIE transcriptions
 * leave out as they leave out whitespace; our text keeps them, so scoring folds them away.
 */
function withoutSeparators(text: string): string {
  return text.replace(/(^|\s)[-=_*~.]{4,}(?=\s|$)/g, '$1');
}

/** Receipts are compared case-insensitively, as the issue measures them, and without separator rows. */
export function foldFor(set: RealSample['set']): (text: string) => string {
  return set === 'receipts' ? (text) => withoutSeparators(text.toLowerCase()) : (text) => text;
}

export function scoreOf(sample: RealSample, text: string) {
  const fold = foldFor(sample.set);
  return { cer: characterErrorRate(fold(text), fold(sample.expected)), recall: wordRecall(fold(text), fold(sample.expected)) };
}
