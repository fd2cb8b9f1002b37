// What finding a page's languages costs (issue 38: at most 25% of the page's OCR time): on
// pages of Debian's translated messages and real scans, photos and receipts of the corpus, the
// page's whole reading with no language given against its reading with the languages found
// given, each the median of `--runs` (3), alternated so a busy machine weighs on both alike.
// What detection's quick reading saves the reading after (a short page's, taken up as its own;
// a photo's, found on it once prepared) is counted, as a visitor waits for it. Native
// tesseract, as the server reads. `node bench/ocr/detection-time.ts [--runs N] [--pages de,ja,...]`
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { recognizePage } from '../../packages/core/src/ocr/pipeline.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';
import { catalogueSentences, sentencePage } from '../../test-support/catalogue-pages.ts';
import { corpusFile } from '../../test-support/corpus.ts';
import { cpuSeconds } from '../../test-support/cpu-time.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: {
      type: 'string',
      default: 'de,tr,pl,ru,zh_CN,ja,ja+en,ocr/pytesseract-test.jpg,ocr/eurotext.tif,ocr-photos/photo-fr-cod-1.jpg,ocr-receipts/receipt-01.jpg',
    },
  },
});
const runs = Number(values.runs);

function paragraphsOf(name: string): string[] {
  if (name === 'ja+en')
    return catalogueSentences('ja', 5, { skip: 6 }).flatMap((sentence, index) => [sentence, catalogueSentences('en', 5, { skip: 20 })[index]!]);
  return catalogueSentences(name, 10);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Wall and CPU seconds (tesseract's processes included): CPU holds on a machine others keep busy. */
const seconds = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  const cpu = cpuSeconds();
  await work();
  return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpu };
};

const provider = await createOcrProvider(loadConfig({ ocrEngine: 'native', concurrency: 1 }));
const { engine } = provider.borrow();
console.log(`${engine.name}, OSD ${engine.osd ? 'on' : 'absent'}; median of ${runs}\n`);
console.log(['page', 'found', 'auto s', 'given s', 'added', 'auto cpu', 'given cpu', 'added cpu'].join('\t'));
const ratios: number[] = [];
const cpuRatios: number[] = [];
try {
  for (const name of values.pages.split(',')) {
    // A name with a slash is a file of the shared corpus (a real scan or photo), else a locale's messages drawn.
    const picture = name.includes('/') ? corpusFile(name) : sentencePage(paragraphsOf(name));
    const { data, info } = await sharp(picture).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
    const grey = { width: info.width, height: info.height, data: new Uint8Array(data) };
    // The first readings load the models: not counted.
    const found = (await recognizePage(engine, grey, { languages: [] })).language!;
    await recognizePage(engine, grey, { languages: found.codes });
    const detecting: Array<{ wall: number; cpu: number }> = [];
    const reading: Array<{ wall: number; cpu: number }> = [];
    for (let run = 0; run < runs; run++) {
      detecting.push(await seconds(() => recognizePage(engine, grey, { languages: [] })));
      reading.push(await seconds(() => recognizePage(engine, grey, { languages: found.codes })));
    }
    const [detectWall, readWall] = [median(detecting.map((each) => each.wall)), median(reading.map((each) => each.wall))];
    const [detectCpu, readCpu] = [median(detecting.map((each) => each.cpu)), median(reading.map((each) => each.cpu))];
    ratios.push(detectWall / readWall - 1);
    cpuRatios.push(detectCpu / readCpu - 1);
    const percent = (ratio: number) => `${(100 * ratio).toFixed(0)}%`;
    console.log(
      [
        name,
        found.codes.join('+'),
        detectWall.toFixed(2),
        readWall.toFixed(2),
        percent(detectWall / readWall - 1),
        detectCpu.toFixed(2),
        readCpu.toFixed(2),
        percent(detectCpu / readCpu - 1),
      ].join('\t'),
    );
  }
  const summary = (list: number[]) => `median ${(100 * median(list)).toFixed(0)}%, worst ${(100 * Math.max(...list)).toFixed(0)}%`;
  console.log(`\nadded, wall: ${summary(ratios)}; CPU: ${summary(cpuRatios)}`);
} finally {
  await provider.close();
}
