// Whether each page's languages are found right (issue 38): the scans of ../shared/corpus
// (ocr-docs, all English; ocr/, eurotext and the pytesseract pages, English first) and pages of
// Debian's translated messages, each given the languages it must be found in. Native tesseract
// with its OSD, as the server reads. Prints one line a page and the count right.
// Photos (French) and receipts (English, or Malay: they are Malaysian) are looked at as the
// pipeline looks at them, prepared (findsLanguagesPrepared); `--rotate 180` turns every page first.
// `node bench/ocr/detection-accuracy.ts [--pages fr,zh_TW,ocr-docs/table_04.png,...] [--preferred deu] [--rotate 90]`
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { detectLanguages } from '../../packages/core/src/ocr/detect/detect-languages.ts';
import { findsLanguagesPrepared } from '../../packages/core/src/ocr/pipeline.ts';
import { preparePage } from '../../packages/core/src/ocr/preprocess/prepare-page.ts';
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
const photos = (set: string) =>
  readdirSync(path.join(corpusDir, set))
    .filter((name) => name.endsWith('.jpg'))
    .map((name) => `${set}/${name}`);

const { values } = parseArgs({ options: { pages: { type: 'string' }, preferred: { type: 'string' }, rotate: { type: 'string', default: '0' } } });
const pages = values.pages?.split(',') ?? [...docs, ...scans, ...photos('ocr-photos'), ...photos('ocr-receipts'), ...Object.keys(LOCALES)];

/** What each corpus page must be found as, first: the photos are French pages, the receipts Malaysian. */
function rightFor(name: string, codes: string[]): boolean {
  if (name.startsWith('ocr-photos/')) return codes[0] === 'fra';
  if (name.startsWith('ocr-receipts/')) return codes[0] === 'eng' || codes[0] === 'msa';
  // Corpus scans are English (eurotext's other five languages may join it, after).
  return name.includes('/') ? codes[0] === 'eng' : codes.join('+') === LOCALES[name];
}

const provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
const { engine } = provider.borrow();
let right = 0;
try {
  for (const name of pages) {
    const corpus = name.includes('/');
    // A short page (3 to 4 lines) tells less than a whole one: the harder case.
    const picture = corpus ? corpusFile(name) : sentencePage(catalogueSentences(name, 4));
    const { data, info } = await sharp(picture).rotate().rotate(Number(values.rotate)).greyscale().raw().toBuffer({ resolveWithObject: true });
    const grey = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const found = await detectLanguages(engine, findsLanguagesPrepared(grey) ? preparePage(grey).image : grey, { preferredLanguage: values.preferred });
    const ok = rightFor(name, found.codes);
    if (ok) right++;
    console.log([name, found.codes.join('+'), ok ? 'right' : 'WRONG'].join('\t'));
  }
  console.log(`\n${right} of ${pages.length} right`);
} finally {
  await provider.close();
}
