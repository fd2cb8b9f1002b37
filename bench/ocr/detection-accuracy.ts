// Whether each page's languages are found right (issue 38): the scans of ../shared/corpus
// (ocr-docs, all English; ocr/, eurotext and the pytesseract pages, English first) and pages of
// Debian's translated messages, each given the languages it must be found in. Native tesseract
// with its OSD, as the server reads. Prints one line a page and the count right.
// `node bench/ocr/detection-accuracy.ts [--pages fr,zh_TW,ocr-docs/table_04.png,...] [--preferred deu]`
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { detectLanguages } from '../../packages/core/src/ocr/detect/detect-languages.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';
import { catalogueSentences, sentencePage } from '../../test-support/catalogue-pages.ts';
import { corpusDir, corpusFile } from '../../test-support/corpus.ts';

/** Locales drawn from their messages, with the Tesseract code each must be found as. */
const LOCALES: Record<string, string> = {
  fr: 'fra',
  pl: 'pol',
  tr: 'tur',
  de: 'deu',
  da: 'dan',
  nl: 'nld',
  es: 'spa',
  it: 'ita',
  zh_CN: 'chi_sim',
  zh_TW: 'chi_tra',
};
const docs = readdirSync(path.join(corpusDir, 'ocr-docs'))
  .filter((name) => !name.includes('.expected'))
  .map((name) => `ocr-docs/${name}`);
const scans = ['ocr/eurotext.tif', 'ocr/pytesseract-test.jpg', 'ocr/pytesseract-test-european.jpg'];

const { values } = parseArgs({ options: { pages: { type: 'string' }, preferred: { type: 'string' } } });
const pages = values.pages?.split(',') ?? [...docs, ...scans, ...Object.keys(LOCALES)];

const provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
const { engine } = provider.borrow();
let right = 0;
try {
  for (const name of pages) {
    const corpus = name.includes('/');
    // A short page (3 to 4 lines) tells less than a whole one: the harder case.
    const picture = corpus ? corpusFile(name) : sentencePage(catalogueSentences(name, 4));
    const { data, info } = await sharp(picture).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
    const found = await detectLanguages(
      engine,
      { width: info.width, height: info.height, data: new Uint8Array(data) },
      { preferredLanguage: values.preferred },
    );
    // Corpus scans are English (eurotext's other five languages may join it, after).
    const ok = corpus ? found.codes[0] === 'eng' : found.codes.join('+') === LOCALES[name];
    if (ok) right++;
    console.log([name, found.codes.join('+'), ok ? 'right' : 'WRONG'].join('\t'));
  }
  console.log(`\n${right} of ${pages.length} right`);
} finally {
  await provider.close();
}
