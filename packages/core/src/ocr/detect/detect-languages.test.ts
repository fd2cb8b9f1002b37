import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { catalogueSentences } from '../../../../../test-support/catalogue-pages.ts';
import { corpusExpected } from '../../../../../test-support/corpus.ts';
import { dictionaryLoader } from '../dictionary/load-dictionary.ts';
import { languageDataSource } from '../language-data.ts';
import type { OcrEngine, OcrLine, OcrOptions } from '../engine.ts';
import { isBundledOcrLanguage, parseOcrLanguages } from '../languages.ts';
import { detectLanguages, languagesOfReading, mergeReadAs, quickBand, quickPieces, readAs, readPieces } from './detect-languages.ts';
import { identifyLanguage } from './identify.ts';
import { parseOsd } from './osd.ts';

/** The bundled models' word lists, read from their npm packages as the engines read them. */
const loader = dictionaryLoader(async (code) => {
  if (!isBundledOcrLanguage(code)) throw new Error(`${code} is not bundled`);
  const source = languageDataSource(code);
  return new Uint8Array(readFileSync(source.kind === 'npm' ? fileURLToPath(import.meta.resolve(source.specifier)) : source.path));
});
const wordLists = (code: string) => loader([code]);

/** A quick pass that read `paragraphs` without a mistake: one line per paragraph, words boxed anyhow. */
function reading(paragraphs: string[]): OcrLine[] {
  return paragraphs.map((text, index) => ({
    paragraph: `p${index}`,
    box: { x0: 0, y0: index * 40, x1: 1000, y1: index * 40 + 30 },
    words: text.split(/\s+/).map((word) => ({ text: word, confidence: 90, box: { x0: 0, y0: 0, x1: 10, y1: 10 } })),
  }));
}

// Messages Debian's packages ship translated (msgunfmt of /usr/share/locale): what translators wrote.
describe('the language of a quick reading, named within its script', () => {
  test.each([
    ['de', 'deu'],
    ['fr', 'fra'],
    ['es', 'spa'],
    ['it', 'ita'],
    ['pt_BR', 'por'],
    ['nl', 'nld'],
    ['da', 'dan'],
    ['pl', 'pol'],
    ['tr', 'tur'],
    ['id', 'ind'],
    ['vi', 'vie'],
    ['ru', 'rus'],
    ['uk', 'ukr'],
    ['bg', 'bul'],
    ['el', 'ell'],
    ['ja', 'jpn'],
    ['zh_CN', 'chi_sim'],
    ['ko', 'kor'],
    ['zh_TW', 'chi_tra'],
  ])('%s sentences are %s', async (locale, code) => {
    const sentences = catalogueSentences(locale, 8);
    expect(sentences.length).toBe(8);
    expect(await languagesOfReading(reading(sentences), { wordLists })).toEqual([code]);
  });

  test('a page mixing Japanese and English paragraphs is both, Japanese first; stray Latin marks among kanji are not English', async () => {
    const japanese = catalogueSentences('ja', 6);
    const english = catalogueSentences('en', 3);
    expect(await languagesOfReading(reading([...japanese.slice(0, 3), english[0]!, ...japanese.slice(3), english[1]!, english[2]!]), { wordLists })).toEqual([
      'jpn',
      'eng',
    ]);
    expect(await languagesOfReading(reading(japanese.map((sentence) => `${sentence} l I`)))).toEqual(['jpn']);
  });

  test('a page mixing Ukrainian and Russian paragraphs is both', async () => {
    const found = await languagesOfReading(reading([...catalogueSentences('uk', 4), ...catalogueSentences('ru', 4, { skip: 10 })]));
    expect([...found].sort()).toEqual(['rus', 'ukr']);
  });

  test('too few letters to tell: nothing named', async () => {
    expect(await languagesOfReading(reading(['1234 5678', '—']))).toEqual([]);
  });
});

describe('within a script, franc weighed by the word lists of the models on hand', () => {
  test("an English statement of figures (franc: French 1, English 0.995) is English, as are eurotext's six languages", async () => {
    const statement = corpusExpected('ocr-docs/table_04.png').split('\n');
    expect(identifyLanguage(statement.join(' '), 'Latn')?.[0]?.[0]).not.toBe('eng');
    expect(await languagesOfReading(reading(statement), { wordLists })).toEqual(['eng']);
    const eurotext = corpusExpected('ocr/eurotext.tif');
    expect((await languagesOfReading(reading([eurotext]), { wordLists }))[0]).toBe('eng');
    // As the quick pass read its three stripes: franc ties Italian, Danish, Spanish and French,
    // and a language's few own words must not pick one.
    const sampled = [
      'The (quick) [brown] {fox} jumps!',
      'Over the $43,456.78 <lazy> #90 dog',
      'Der ,schnelle” braune Fuchs springt',
      'iiber den faulen Hund. Le renard brun',
      'marron rdpido salta sobre el perro',
      'perezoso. A raposa marrom rapida',
    ];
    expect(await languagesOfReading(reading(sampled), { wordLists })).toEqual(['eng']);
    // Vietnamese read by the English model, without its accents, ties with three others as well:
    // a language's own text, franc's choice stands.
    const vietnamese = [
      'Tim thé vé danh con khéng thé tao thé.',
      'Tin hiéu dugc sinh ra bdi théng diép mdi dén clia hang dgi théng diép réng',
      '--format khéng thé dugc ding khi khong liét ké gi',
      'Cho phép nhdng ban phim vao cra sé',
      'L&nh dé hién thi trg gitp chi tiét cho',
      'C6 nén ngat dong tai canh 6 diéu khién hay khéng',
    ];
    expect(await languagesOfReading(reading(vietnamese), { wordLists })).toEqual(['vie']);
    // Read by a Filipino reader's model, which has none of its marks: Filipino's list alone holds
    // most of its one-syllable words, and no other list weighed says whose words they are.
    const unmarked = [
      'Tim the v6 danh con khong the tao the.',
      'Tin hieu duoc sinh ra bdi thong diep m6di den cua hang doi thong digp rong',
      '--format khong the duoc dung khi khong Iiet ka gi',
      'Cho phep nhung ban phim vao cua s6',
      'LEnh de hien thi tro giup chi tiet cho',
      'C6 ngn ngat dang tai canh 6 diau khitn hay khong',
    ];
    expect(await languagesOfReading(reading(unmarked), { wordLists, preferred: 'fil' })).toEqual(['vie']);
  });

  test.each([
    ['fr', 'fra'],
    ['pl', 'pol'],
    ['tr', 'tur'],
    ['da', 'dan'],
    ['pt_BR', 'por'],
  ])('two %s sentences are %s, an English reader or not', async (locale, code) => {
    const short = catalogueSentences(locale, 2, { skip: 3 });
    expect(await languagesOfReading(reading(short), { wordLists })).toEqual([code]);
    expect(await languagesOfReading(reading(short), { wordLists, preferred: 'eng' })).toEqual([code]);
  });

  // The English picture of bench/ocr-languages as a Dutch reader's first model read it (Debian's
  // messages). Dutch's word list holds each of its words, so the words cannot tell; franc ranks
  // Dutch far below English (0.83 against 1, French 0.92 between), so the reader's language is
  // not taken for it.
  test.each(['nld', 'deu', 'fra', 'pol', 'eng'])('English messages are English for a reader of %s', async (preferred) => {
    const read = [
      'Sets the maximum WAL size that can be reserved by replication slots.',
      'Immediate is out of range -32768 to 32767',
      'You need to specify a NEWS format to write the output in.',
      'The default font family and size to use',
      "Monitors a file directly, but doesn't report changes",
      'You need to provide at least two version numbers to compare as parameters.',
    ];
    expect(await languagesOfReading(reading(read), { wordLists, preferred })).toEqual(['eng']);
  });

  test("too few letters for franc: the reader's language where it is of the script and its words say so, else English", async () => {
    const label = ['Umsatz gesamt', '1.234,50'];
    expect(await languagesOfReading(reading(label), { wordLists, preferred: 'deu' })).toEqual(['deu']);
    expect(await languagesOfReading(reading(label), { wordLists, preferred: 'rus' })).toEqual(['eng']);
    expect(await languagesOfReading(reading(['Total revenues', '1,234.50']), { wordLists, preferred: 'deu' })).toEqual(['eng']);
  });
});

/**
 * An engine whose OSD names `script` and whose readings give `read`: confidently with a model
 * of `readsWith`, as garbage's confidence with others; the readings asked are counted.
 */
function fakeEngine(
  script: string | undefined,
  read: string[],
  readsWith: string[],
  { osdConfidence = 5, misread }: { osdConfidence?: number; misread?: string[] } = {},
): OcrEngine & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    name: 'fake',
    asked,
    ...(script === undefined ? {} : { osd: async () => ({ script, confidence: osdConfidence, orientation: 0, orientationConfidence: 5 }) }),
    recognize: async (_image: Uint8Array, options: OcrOptions) => {
      asked.push(options.languages);
      const right = options.languages.some((code) => readsWith.includes(code));
      const confidence = right ? 90 : 20;
      return { lines: reading(right ? read : (misread ?? read)).map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, confidence })) })) };
    },
    terminate: async () => {},
  };
}

const page = { width: 800, height: 1200, data: new Uint8Array(800 * 1200).fill(255) };

describe('detectLanguages', () => {
  test('a band the Latin model reads confidently is named at once; else OSD picks the script and its quick model', async () => {
    const turkish = fakeEngine('Latin', catalogueSentences('tr', 6), ['eng']);
    expect(await detectLanguages(turkish, page)).toEqual({ codes: ['tur'], tags: ['tr'], detected: true });
    // The band's middle piece first, then the rest of it.
    expect(turkish.asked).toEqual([['eng'], ['eng']]);
    const russian = fakeEngine('Cyrillic', catalogueSentences('ru', 6), ['rus']);
    expect((await detectLanguages(russian, page)).codes).toEqual(['rus']);
    expect(russian.asked).toEqual([['eng'], ['rus']]);
    // One language writes Greek: its model reads the band, to be sure OSD did not name noise (a
    // page upside down) Greek; on a short page that reading is the page's own.
    const greek = fakeEngine('Greek', ['Αυτό δεν είναι ελληνικό κείμενο'], ['ell']);
    expect(await detectLanguages(greek, page)).toEqual({ codes: ['ell'], tags: ['el'], detected: true });
    expect(greek.asked).toEqual([['eng'], ['ell']]);
    const chinese = fakeEngine('Han', catalogueSentences('zh_CN', 6), ['jpn']);
    expect((await detectLanguages(chinese, page)).tags).toEqual(['zh-Hans']);
    expect(chinese.asked).toEqual([['eng'], ['jpn']]);
  });

  // Turkish, Polish, Vietnamese: the English model unsure of the words with marked letters only.
  test('a page every line of which the Latin model reads mostly sure is named without OSD; a line read unsure asks it', async () => {
    const turkish = catalogueSentences('tr', 6);
    const engineWith = (unsureLine?: number) => {
      let osdAsked = 0;
      const engine: OcrEngine = {
        name: 'fake',
        osd: async () => {
          osdAsked++;
          return { script: 'Latin', confidence: 5, orientation: 0, orientationConfidence: 5 };
        },
        recognize: async () => ({
          lines: reading(turkish).map((line, index) => ({
            ...line,
            words: line.words.map((word, at) => ({ ...word, confidence: index === unsureLine || at % 4 === 3 ? 30 : 90 })),
          })),
        }),
        terminate: async () => {},
      };
      return { engine, osdAsked: () => osdAsked };
    };
    const allSure = engineWith();
    expect((await detectLanguages(allSure.engine, page)).codes).toEqual(['tur']);
    expect(allSure.osdAsked()).toBe(0);
    const oneUnsure = engineWith(2);
    expect((await detectLanguages(oneUnsure.engine, page)).codes).toEqual(['tur']);
    expect(oneUnsure.osdAsked()).toBe(1);
  });

  test("the band's pieces read apart come back where they stand in the band", async () => {
    // Three lines of ink, one in each third of the page.
    const grey = { width: 300, height: 1200, data: new Uint8Array(300 * 1200).fill(255) };
    for (const top of [150, 620, 1000]) grey.data.fill(0, top * 300 + 20, (top + 30) * 300 - 20);
    const pieces = quickPieces(grey)!;
    expect(pieces).toHaveLength(3);
    // A line for each run of dark rows in the image given, boxed where it is.
    const inkRuns = (image: Uint8Array) => {
      const header = new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/);
      const [width, height] = [Number(header[1]), Number(header[2])];
      const start = image.length - width * height;
      const runs: Array<[number, number]> = [];
      for (let y = 0; y < height; y++) {
        const dark = image[start + y * width + width / 2]! < 128;
        if (dark && runs.at(-1)?.[1] === y) runs.at(-1)![1] = y + 1;
        else if (dark) runs.push([y, y + 1]);
      }
      return runs;
    };
    const engine: OcrEngine = {
      name: 'fake',
      recognize: async (image) => ({
        lines: inkRuns(image).map(([y0, y1], index) => ({
          paragraph: `${index}`,
          box: { x0: 20, y0, x1: 280, y1 },
          words: [{ text: 'word', confidence: 90, box: { x0: 20, y0, x1: 100, y1 } }],
        })),
      }),
      terminate: async () => {},
    };
    const inBand = inkRuns(new Uint8Array([...new TextEncoder().encode(`P5\n300 ${quickBand(grey).height}\n255\n`), ...quickBand(grey).data]));
    expect(inBand).toHaveLength(3);
    const apart = [...(await readPieces(engine, grey, pieces, [1], 'eng', undefined)), ...(await readPieces(engine, grey, pieces, [0, 2], 'eng', undefined))];
    expect(apart.map(({ box }) => [box.y0, box.y1]).sort((a, b) => a[0]! - b[0]!)).toEqual(inBand);
    expect(apart.map(({ words }) => words[0]!.box.y0).sort((a, b) => a - b)).toEqual(inBand.map(([y0]) => y0));
    expect(new Set(apart.map(({ paragraph }) => paragraph)).size).toBe(3);
  });

  test("another script's page whose band is much of it is read whole by its model, and that reading is the page's; Han's band only", async () => {
    // The band (three pieces of 60 rows and the white between) is 31% of this page's height.
    const shortPage = { width: 800, height: 900, data: new Uint8Array(800 * 900).fill(255) };
    const heightsOf = (engine: ReturnType<typeof fakeEngine>) => {
      const heights: number[] = [];
      const recognize = engine.recognize;
      engine.recognize = (image, options) => {
        heights.push(Number(new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/)[2]));
        return recognize(image, options);
      };
      return heights;
    };
    const russian = fakeEngine('Cyrillic', catalogueSentences('ru', 6), ['rus']);
    const russianHeights = heightsOf(russian);
    const found = await detectLanguages(russian, shortPage);
    expect(found.codes).toEqual(['rus']);
    expect(russian.asked).toEqual([['eng'], ['rus']]);
    expect(russianHeights[1]).toBe(shortPage.height);
    expect(found.pageReading).toMatchObject({ languages: ['rus'], dpi: 300 });
    // Ukrainian read with Russian's model: the reading is not the page's.
    const ukrainian = fakeEngine('Cyrillic', catalogueSentences('uk', 6), ['rus']);
    const ukrainianFound = await detectLanguages(ukrainian, shortPage);
    expect(ukrainianFound.codes).toEqual(['ukr']);
    expect(ukrainianFound.pageReading).toBeUndefined();
    const chinese = fakeEngine('Han', catalogueSentences('zh_CN', 6), ['jpn']);
    const chineseHeights = heightsOf(chinese);
    expect((await detectLanguages(chinese, shortPage)).tags).toEqual(['zh-Hans']);
    expect(chinese.asked).toEqual([['eng'], ['jpn']]);
    expect(chineseHeights[1]).toBeLessThan(shortPage.height / 2);
  });

  test("a short Chinese or Japanese page is read whole ahead with OSD's model beside the band: taken where the band names it, else stopped", async () => {
    const shortPage = { width: 800, height: 900, data: new Uint8Array(800 * 900).fill(255) };
    // Readings with Simplified's model wait to be stopped where `hold` is set, as a page's would.
    const aheadOf = (locale: string, { hold = false, readsAhead = true } = {}) => {
      const engine = fakeEngine('Han', catalogueSentences(locale, 6), ['jpn', 'chi_sim']);
      const signals: AbortSignal[] = [];
      const heights: number[] = [];
      const recognize = engine.recognize;
      engine.parallel = true;
      engine.readsAhead = readsAhead;
      engine.recognize = (image, options) => {
        if (options.languages.join('+') !== 'chi_sim') return recognize(image, options);
        expect(options).toMatchObject({ spare: true, dpi: 300, segmentation: 'auto' });
        signals.push(options.signal!);
        heights.push(Number(new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/)[2]));
        if (!hold) return recognize(image, options);
        return new Promise((_resolve, reject) => options.signal!.addEventListener('abort', () => reject(new Error('stopped'))));
      };
      return { engine, signals, heights };
    };
    const simplified = aheadOf('zh_CN');
    const found = await detectLanguages(simplified.engine, shortPage);
    expect(found.codes).toEqual(['chi_sim']);
    expect(simplified.engine.asked).toEqual([['eng'], ['chi_sim'], ['jpn']]);
    expect(simplified.heights).toEqual([shortPage.height]);
    expect(found.pageReading).toMatchObject({ languages: ['chi_sim'], dpi: 300 });
    const traditional = aheadOf('zh_TW', { hold: true });
    const traditionalFound = await detectLanguages(traditional.engine, shortPage);
    expect(traditionalFound.codes).toEqual(['chi_tra']);
    expect(traditionalFound.pageReading).toBeUndefined();
    expect(traditional.signals.map((signal) => signal.aborted)).toEqual([true]);
    // tesseract.js reads every reading asked, and one stopped costs the next its worker: the band only.
    const inBrowser = aheadOf('zh_CN', { readsAhead: false });
    expect((await detectLanguages(inBrowser.engine, shortPage)).pageReading).toBeUndefined();
    expect(inBrowser.engine.asked).toEqual([['eng'], ['jpn']]);
  });

  test('a band the Latin model reads no word on holds none for any model: OSD and the other scripts are not asked', async () => {
    let osdAsked = 0;
    const asked: string[][] = [];
    const engine: OcrEngine = {
      name: 'fake',
      osd: async () => {
        osdAsked++;
        return undefined;
      },
      recognize: async (_image, options) => {
        asked.push(options.languages);
        return { lines: [] };
      },
      terminate: async () => {},
    };
    expect((await detectLanguages(engine, page, { preferredLanguage: 'deu' })).codes).toEqual(['deu']);
    expect(osdAsked).toBe(0);
    expect(asked.flat().every((code) => code === 'deu')).toBe(true);
  });

  // The Italian model read a picture of Korean messages as 11 letters, 9 of them sure.
  test('a few letters read mostly sure are not a Latin page', async () => {
    const korean = catalogueSentences('ko', 4);
    const engine: OcrEngine = {
      name: 'fake',
      osd: async () => ({ script: 'Korean', confidence: 0.26, orientation: 0, orientationConfidence: 2.2 }),
      recognize: async (_image: Uint8Array, options: OcrOptions) => {
        if (options.languages.includes('kor')) return { lines: reading(korean) };
        if (!options.languages.includes('ita'))
          return {
            lines: reading(['Jai зовем fale 19', 'BYE Sin Ely']).map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, confidence: 20 })) })),
          };
        const lines = reading(['FI', 'SE SM Z=', 'dAZE']);
        lines[0]!.words[0]!.confidence = 30;
        return { lines };
      },
      terminate: async () => {},
    };
    expect((await detectLanguages(engine, page, { preferredLanguage: 'ita' })).codes).toEqual(['kor']);
  });

  test('where the band holds too few letters for OSD (a page of a few short lines), OSD looks at the whole page', async () => {
    const greek = fakeEngine(undefined, ['Αυτό δεν είναι ελληνικό κείμενο'], ['ell']);
    const heights: number[] = [];
    const engine: OcrEngine = {
      ...greek,
      // Tesseract's "too few characters" on the band; the script on the page.
      osd: async (image) => {
        const height = Number(new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/)[2]);
        heights.push(height);
        return height === page.height ? { script: 'Greek', confidence: 5, orientation: 0, orientationConfidence: 5 } : undefined;
      },
    };
    expect((await detectLanguages(engine, page)).codes).toEqual(['ell']);
    // The piece the Latin model read first, the OSD band, then the page.
    expect(heights).toHaveLength(3);
    expect(heights[0]).toBeLessThan(heights[1]!);
    expect(heights[1]).toBeLessThan(page.height);
    expect(heights[2]).toBe(page.height);
  });

  // Four lines of Korean messages: OSD said "Japanese" at 0.13, and the bundled scripts' models
  // read the band as Latin and Cyrillic noise ("eng+rus").
  test('Korean named Japanese by an unsure OSD is read with Korean too, and found; Japanese read sure is not', async () => {
    const noise = ['Jai зовем fale 19 BYE Sin Ely [018 RE =', '15725 мову ЕК F< |6=0 =>'];
    const korean = fakeEngine('Japanese', catalogueSentences('ko', 4), ['kor'], { osdConfidence: 0.13, misread: noise });
    expect((await detectLanguages(korean, page)).codes).toEqual(['kor']);
    // OSD unsure, the Latin model unsure: the band is read turned over too (upside down, it would read sure).
    expect(korean.asked).toEqual([['eng'], ['eng'], ['eng'], ['eng', 'rus', 'jpn'], ['kor']]);
    const japanese = fakeEngine('Japanese', catalogueSentences('ja', 4), ['jpn'], { osdConfidence: 0.13, misread: noise });
    expect((await detectLanguages(japanese, page)).codes).toEqual(['jpn']);
    expect(japanese.asked).toEqual([['eng'], ['eng'], ['eng'], ['eng', 'rus', 'jpn']]);
    // Nor is Chinese, read sure by the Japanese model.
    const chinese = fakeEngine('Han', catalogueSentences('zh_CN', 4), ['jpn', 'kor'], { osdConfidence: 0.13, misread: noise });
    expect((await detectLanguages(chinese, page)).tags).toEqual(['zh-Hans']);
    expect(chinese.asked).toEqual([['eng'], ['eng'], ['eng'], ['eng', 'rus', 'jpn']]);
  });

  // A photographed receipt: the Latin model sure of most of it, its logo and blots unsure, and
  // OSD calling the band Arabic, or Greek (one language: no reading needed to name it).
  test('a page read mostly sure in Latin stays Latin where OSD names another script whose model reads it less surely', async () => {
    const receipt = [
      'Tax Invoice 08/03/18 Cashier: Sharon',
      'Goods sold are not returnable or exchangeable',
      'Thank you for shopping with us and please come again',
      'Total amount payable including the service tax',
    ];
    const engineFor = (script: string, surer: boolean): OcrEngine & { asked: string[][] } => {
      const asked: string[][] = [];
      return {
        name: 'fake',
        asked,
        osd: async () => ({ script, confidence: 0.83, orientation: 0, orientationConfidence: 5 }),
        recognize: async (_image: Uint8Array, options: OcrOptions) => {
          asked.push(options.languages);
          if (options.languages.includes('eng'))
            return {
              lines: reading([...receipt, 'S5 we Tndepes clas Grows Fornme Lrwef', 'Mwwre Oroqt Plasmu Sxxer Kdowv Qtzeb']).map((line, index) =>
                index < receipt.length ? line : { ...line, words: line.words.map((word) => ({ ...word, confidence: 30 })) },
              ),
            };
          return {
            lines: reading(['سخ تير فو عا سعوقادل', 'Σ ΤΕΡ ΦΟ']).map((line) => ({
              ...line,
              words: line.words.map((word) => ({ ...word, confidence: surer ? 95 : 40 })),
            })),
          };
        },
        terminate: async () => {},
      };
    };
    for (const script of ['Arabic', 'Greek']) {
      const engine = engineFor(script, false);
      expect((await detectLanguages(engine, page)).codes, script).toEqual(['eng']);
      expect(engine.asked[2], script).toEqual([script === 'Greek' ? 'ell' : 'ara']);
    }
    // The script's model surer than Latin's: the page is that script's.
    expect((await detectLanguages(engineFor('Greek', true), page)).codes).toEqual(['ell']);
  });

  // Read sideways, French is noise, and noise is named some language (Mongolian, Serbian).
  test('a page OSD finds turned is found again turned upright, OSD not asked twice', async () => {
    const sizes: string[] = [];
    let osdAsked = 0;
    const french = catalogueSentences('fr', 6);
    const engine: OcrEngine = {
      name: 'fake',
      osd: async () => {
        osdAsked++;
        return { script: 'Latin', confidence: 7, orientation: 90, orientationConfidence: 6.7 };
      },
      recognize: async (image: Uint8Array) => {
        const width = new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/)[1];
        sizes.push(width!);
        // The page's long side across: upright.
        const upright = width === '1200';
        return {
          lines: reading(upright ? french : ['ZOAE SNOA $8)9 SNoA', 'alpualid :xa Jay xa']).map((line) => ({
            ...line,
            words: line.words.map((word) => ({ ...word, confidence: upright ? 90 : 20 })),
          })),
        };
      },
      terminate: async () => {},
    };
    const sideways = { width: 400, height: 1200, data: new Uint8Array(400 * 1200).fill(255) };
    expect((await detectLanguages(engine, sideways)).codes).toEqual(['fra']);
    // On the piece the Latin model read unsure, whose turn alone is not taken, then on the OSD band.
    expect(osdAsked).toBe(2);
    expect(sizes).toEqual(['400', '1200']);
  });

  // Receipts upside down: OSD unsure of the turn (0.37, 0.95), and of the script (Latin 0.42),
  // or naming Greek, whose model reads the band unsure too.
  test.each([
    ['Latin', 0.42, [['eng'], ['eng'], ['eng'], ['eng'], ['eng']], 2],
    ['Greek', 0.61, [['eng'], ['ell'], ['eng'], ['eng'], ['eng'], ['eng']], 3],
  ])('a page OSD cannot tell the turn of (%s, %s), read surer turned over, is found turned over', async (script, confidence, calls, readUpsideDown) => {
    const asked: string[][] = [];
    const engine: OcrEngine = {
      name: 'fake',
      osd: async () => ({ script, confidence, orientation: 0, orientationConfidence: 0.95 }),
      recognize: async (_image: Uint8Array, options: OcrOptions) => {
        asked.push(options.languages);
        const upsideDown = asked.length <= readUpsideDown;
        const text = upsideDown ? ['‘MOA MNVHL ‘F18YNYNLIY LON', 'I¥V 10S SA00O XEE8S'] : catalogueSentences('fr', 6);
        return { lines: reading(text).map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, confidence: upsideDown ? 30 : 90 })) })) };
      },
      terminate: async () => {},
    };
    expect((await detectLanguages(engine, page)).codes).toEqual(['fra']);
    expect(asked).toEqual(calls);
  });

  test('an engine without OSD reads the band again with the bundled scripts, and its letters tell; nothing read is English', async () => {
    const japanese = fakeEngine(undefined, catalogueSentences('ja', 6), ['jpn']);
    expect((await detectLanguages(japanese, page)).codes).toEqual(['jpn']);
    expect(japanese.asked).toEqual([['eng'], ['eng'], ['eng'], ['eng', 'rus', 'jpn']]);
    expect((await detectLanguages(fakeEngine(undefined, [], []), page)).codes).toEqual(['eng']);
  });
});

test("Tesseract's OSD report is parsed; one without a script is undefined", () => {
  const report = 'Page number: 0\nOrientation in degrees: 180\nRotate: 180\nOrientation confidence: 7.41\nScript: Japanese\nScript confidence: 2.29\n';
  expect(parseOsd(report)).toEqual({ script: 'Japanese', confidence: 2.29, orientation: 180, orientationConfidence: 7.41 });
  expect(parseOsd('Too few characters. Skipping this page\n')).toBeUndefined();
});

test('`auto` and nothing are the empty list (found on each page); what was read is named by BCP-47 tags, pages merged', () => {
  expect(parseOcrLanguages('auto')).toEqual([]);
  expect(parseOcrLanguages('')).toEqual([]);
  expect(() => parseOcrLanguages('auto+eng')).toThrow();
  expect(readAs(['jpn', 'eng'], true)).toEqual({ codes: ['jpn', 'eng'], tags: ['ja', 'en'], detected: true });
  expect(mergeReadAs([readAs(['deu'], true), undefined, readAs(['deu', 'fra'], true)])).toEqual({ codes: ['deu', 'fra'], tags: ['de', 'fr'], detected: true });
  expect(mergeReadAs([undefined])).toBeUndefined();
});
