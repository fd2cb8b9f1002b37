import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files of 25 s or more, the longest first (most read many pages with OCR, some wait on
 * LibreOffice): measured on the 2-core CI machine, 25 to 110 s each.
 */
const LONG_FILES = [
  'conversions/ocr-turned.test.ts',
  'conversions/ocr-real.test.ts',
  'hostile/bad-files.test.ts',
  'conversions/ocr-corpus.test.ts',
  'conversions/ocr-pdf.test.ts',
  'routes/word-tools.test.ts',
  'conversions/tables.test.ts',
  'conversions/pdf-to-jpg.test.ts',
  'conversions/ocr-detect.test.ts',
  'hostile/mutations.test.ts',
  'conversions/pdf-corpus.test.ts',
  'engines/budgets.test.ts',
  'ocr/detect/detect-languages.test.ts',
  'conversions/ocr-docs.test.ts',
  'conversions/ocr-classes.test.ts',
  'src/app.test.ts',
  'hostile/early-answers-flood.test.ts',
  'hostile/jobs.test.ts',
  'conversions/pdf-to-word.test.ts',
];

/**
 * On a clean clone (CI) vitest knows no past durations and starts the larger files first; these
 * are small and long, and the longest, started last, ran alone for four minutes while the other
 * worker had nothing left (the unit phase 886 s for 1499 s of tests on two workers). Started
 * first, the short files fill in beside them. Only the order changes: a name missing here costs
 * time, never a test.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => spec.moduleId.endsWith(name));
      return index < 0 ? LONG_FILES.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
