import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, type PDFDocument, type PDFContext } from '@cantoo/pdf-lib';
import { mergeReadAs, withLanguage, type ReadLanguages } from '../ocr/detect/detect-languages.ts';
import type { Conversion, ConversionContext, ProgressCallback } from '../conversion.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { checkPageCount, OCR_MAX_PIXELS, OCR_PDF_MAX_PAGES } from '../limits.ts';
import type { OcrEngine, OcrLine } from '../ocr/engine.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { recognizePage, type PageText } from '../ocr/pipeline.ts';
import { readingToPage } from '../ocr/page-words.ts';
import { encodePgm, type GreyImage } from '../ocr/preprocess/grey-image.ts';
import { nameAfterFile } from '../output-names.ts';
import { ocrPageProgress } from '../progress.ts';
import { sniffType } from '../sniff.ts';
import { addGlyphlessFont } from '../pdf/glyphless-font.ts';
import { hasOnlyInvisibleText, stripInvisibleText } from '../pdf/invisible-text.ts';
import { loadPdfLib } from '../pdf/load-pdf-lib.ts';
import { catalogOf, listPages, type SourcePage } from '../pdf/page-list.ts';
import { MIN_TEXT_LAYER_CHARS, OCR_DPI, renderForOcr } from '../pdf/read-pages.ts';
import { lineBands, paragraphSizes } from '../pdf/line-bands.ts';
import { textLayerOperators, type PlacedWord, type Point } from '../pdf/text-layer.ts';
import { rotatedPoint, rotateRgba } from '../images/rotate-rgba.ts';
import { imageToPdf } from './image-to-pdf.ts';

export interface OcrPdfOptions {
  language: OcrLanguage[];
  /** Turn pages whose text runs sideways upright, by the page's /Rotate (its picture is not touched). */
  rotate: 'off' | 'on';
  /** Pages whose only text is invisible (an earlier OCR's) lose that text and are read again. */
  redo: 'off' | 'on';
  /**
   * Pages scanned askew are straightened: drawn again at 300 dpi, turned level and saved as a
   * new JPEG. Unlike every other option this re-encodes the page's picture, hence off unless asked.
   */
  deskew: 'off' | 'on';
  password: string;
}

/** Below this a page counts as level: a tenth of a degree moves a letter page's corner under 1.5 pt. */
const MIN_DESKEW_DEGREES = 0.1;
/** The straightened page's JPEG quality: a scan's paper grain and text edges kept, at a third of a lossless picture's size. */
const DESKEW_JPEG_QUALITY = 0.75;

/**
 * OCR PDF: the same PDF with an invisible text layer over every page that has none, so it can
 * be searched, selected and copied. Each page's picture stays as it was (its stream is not
 * decoded or re-encoded); pages that carry text are left untouched. Pictures given instead of
 * a PDF become its pages first, each at its size (Image to PDF's "fit"), JPEGs as they are.
 */
export const ocrPdf: Conversion<OcrPdfOptions> = async ({ files }, options, context) => {
  const first = files[0];
  if (!first) throw new ConversionError('no-file', 'No PDF or picture was given.');
  const isPdf = files.map((file) => sniffType(file.bytes) === 'application/pdf');
  let bytes = first.bytes;
  let password = options.password;
  if (isPdf[0]) {
    if (files.length > 1) throw new ConversionError('too-many-files', 'One PDF at a time (or pictures, each a page).', { maxFiles: 1 });
  } else {
    if (isPdf.some(Boolean)) throw new ConversionError('bad-request', 'A PDF and pictures cannot be made into one file: give one PDF, or pictures.');
    const made = await imageToPdf({ files, text: '' }, { pageSize: 'fit', orientation: 'auto', margin: 0 }, { host: context.host, signal: context.signal });
    bytes = made.outputs[0]!.bytes;
    password = '';
  }
  const result = await addTextLayers(bytes, password, options, context);
  return {
    outputs: [{ name: nameAfterFile(first.name, '.pdf', 'document.pdf'), type: 'application/pdf', bytes: result.bytes }],
    summary: result.summary,
    data: withLanguage(result.language),
  };
};

/**
 * Chosen as Merge PDF's are (merge-pdfs.ts): no object streams (a scan's PDF is its images;
 * packing its few dictionaries saves little and costs a second write), no timer ticks.
 */
const SAVE_OPTIONS = { useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity } as const;

/** The text layer's font name in the pages' resources, numbered on where a page already has it. */
const FONT_NAME = 'OCR';

async function addTextLayers(
  bytes: Uint8Array,
  password: string,
  options: OcrPdfOptions,
  { host, onProgress, signal, preferredOcrLanguage }: ConversionContext,
) {
  onProgress?.(0, 'loading');
  const pdf = await host.pdf();
  // pdf.js opens it first: it says whether a password is needed or wrong, and reads damage best.
  const { document, close } = await pdf.open(bytes, password);
  try {
    const total = document.numPages;
    checkPageCount(total, OCR_PDF_MAX_PAGES);
    const doc = await loadPdfLib(bytes, password).catch((error: unknown) => {
      throw new ConversionError('corrupt', `The PDF cannot be rewritten: ${error instanceof Error ? error.message : String(error)}`);
    });
    // Written out decrypted, as Merge PDF writes: the visitor gave the password to have the text.
    delete doc.context.trailerInfo.Encrypt;
    const catalog = catalogOf(doc.context);
    const pages = catalog ? listPages(doc.context, catalog) : [];
    if (pages.length !== total) throw new ConversionError('corrupt', `The PDF's page tree holds ${pages.length} pages where its reader finds ${total}.`);

    let font: ReturnType<typeof addGlyphlessFont> | undefined;
    const summary = { pages: total, read: 0, kept: 0, turned: 0, straightened: 0 };
    // The bar only moves forward: two pages are read at once, each reporting its own share.
    let shown = 0;
    const forward: ProgressCallback | undefined =
      onProgress &&
      ((fraction, stage, detail) => {
        if (fraction < shown) return;
        shown = fraction;
        onProgress(fraction, stage, detail);
      });
    // Pages are read two at a time where the engine reads on separate cores (a clean scan's
    // page is one reading, which leaves the other core idle), in order, at most two rasters
    // held; one at a time until the engine is loaded, so a PDF that needs none loads none.
    let window = 1;
    let next = 1;
    let current = 1;
    const reads = new Map<number, ReturnType<typeof readPage>>();
    const fill = () => {
      for (; next <= total && next < current + window; next++) {
        const reading = readPage(next);
        reading.catch(() => {});
        reads.set(next, reading);
      }
    };
    let engine: Promise<OcrEngine> | undefined;
    const ocr = () =>
      (engine ??= host.engines.ocr.engine().then((loaded) => {
        if (options.language.length > 0) loaded.load?.(options.language);
        if (loaded.parallel) window = 2;
        fill();
        return loaded;
      }));

    /** The words to lay over page `number`, or undefined where the page keeps its own text. */
    async function readPage(
      number: number,
    ): Promise<{ placed: PlacedWord[][]; turns: number; rotate: number; straightened: boolean; language?: ReadLanguages } | undefined> {
      throwIfCancelled(signal);
      const detail = { page: number, pages: total };
      forward?.((number - 1) / total, 'reading', detail);
      const page = await document.getPage(number);
      try {
        const target = pages[number - 1]!;
        const runs = await pdf.textRuns(page);
        if (runs.reduce((count, run) => count + run.str.replace(/\s/g, '').length, 0) >= MIN_TEXT_LAYER_CHARS) {
          if (options.redo === 'off' || !hasOnlyInvisibleText(doc.context, target.dict)) return undefined;
          stripInvisibleText(doc.context, target.dict);
        }
        const engine = await ocr();
        // The text is invisible, so the page renders as the reader shows it, old layer or not.
        const { image: grey, enlarged } = await renderForOcr(pdf, page);
        const progress = ocrPageProgress(forward, {
          from: (number - 1) / total,
          to: number / total,
          detail,
          stageOf: (stage) => (stage === 'recognizing' ? 'reading' : stage),
        });
        const reading = await recognizePage(
          engine,
          grey,
          { languages: options.language, signal, onProgress: progress, preferredLanguage: preferredOcrLanguage },
          { scan: true, enlarged },
        ).catch((error: unknown) => {
          if (error instanceof ConversionError && error.code === 'corrupt')
            throw new ConversionError('engine-failed', `Page ${number} could not be read: ${error.message}`, detail);
          throw error;
        });
        // Points of the rendered page (y down, as the reader shows it) to the page's own space.
        const view = page.getViewport({ scale: 1 });
        let toPage = (x: number, y: number): Point => {
          const [px, py] = view.convertToPdfPoint((x * view.width) / grey.width, (y * view.height) / grey.height) as [number, number];
          return { x: px, y: py };
        };
        let rotate = page.rotate;
        let straightened = false;
        const skew = reading.measuredSkew;
        if (options.deskew === 'on' && Math.abs(skew) >= MIN_DESKEW_DEGREES && !reading.placement.flattened && !reading.placement.levelled) {
          throwIfCancelled(signal);
          // The page as the reader shows it, in colour, turned level: it becomes the page, as shown.
          const colour = await pdf.renderPageRgba(page, OCR_DPI / 72, OCR_MAX_PIXELS);
          const level = rotateRgba(colour, -skew);
          const jpeg = await host.encodeImage(level, 'image/jpeg', DESKEW_JPEG_QUALITY);
          replacePicture(doc.context, target.dict, { jpeg, width: level.width, height: level.height }, view.width, view.height);
          rotate = 0;
          straightened = true;
          toPage = (x, y) => {
            const turned = rotatedPoint((x * colour.width) / grey.width, (y * colour.height) / grey.height, colour.width, colour.height, -skew);
            return { x: (turned.x * view.width) / colour.width, y: view.height - (turned.y * view.height) / colour.height };
          };
        }
        let placed = placeReading(reading, grey, toPage);
        if (!placed) {
          // A photo's page flattened or levelled: its boxes are not in the page's geometry, so
          // the page is read as it came, where they are.
          const languages = reading.language?.codes ?? options.language;
          const { lines } = await engine.recognize(encodePgm(grey), { languages, segmentation: 'auto', dpi: OCR_DPI, signal });
          placed = placeLines(lines, (x, y) => toPage(x, y));
        }
        const { turns, flattened, levelled } = reading.placement;
        return { placed, turns: flattened || levelled ? 0 : turns, rotate, straightened, ...withLanguage(reading.language) };
      } finally {
        page.cleanup();
      }
    }

    const languages: Array<ReadLanguages | undefined> = [];
    for (let number = 1; number <= total; number++) {
      current = number;
      fill();
      const read = await reads.get(number)!;
      reads.delete(number);
      if (!read) {
        summary.kept++;
        continue;
      }
      const target = pages[number - 1]!;
      font ??= addGlyphlessFont(doc.context);
      if (read.placed.length > 0) {
        const fontName = addFontResource(doc.context, target, font.font);
        appendContent(doc.context, target.dict, textLayerOperators(read.placed, fontName, font.codes));
      }
      if (options.rotate === 'on' && read.turns !== 0) {
        target.dict.set(PDFName.of('Rotate'), PDFNumber.of((read.rotate + 90 * read.turns) % 360));
        summary.turned++;
      }
      if (read.straightened) summary.straightened++;
      summary.read++;
      languages.push(read.language);
    }
    onProgress?.(1, 'reading');
    // Nothing to read: the file goes back as it came, byte for byte.
    const language = mergeReadAs(languages);
    if (!font) return { bytes, summary, language };
    font.finish();
    return { bytes: await save(doc), summary, language };
  } finally {
    await close();
  }
}

/**
 * Makes `page` the picture alone, drawn over a box of `width` × `height` points from the origin
 * (the page as the reader showed it: its crop and turn are in the picture now); its old
 * content, resources and boxes go.
 */
function replacePicture(context: PDFContext, page: PDFDict, picture: { jpeg: Uint8Array; width: number; height: number }, width: number, height: number) {
  const image = context.register(
    context.stream(picture.jpeg, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: picture.width,
      Height: picture.height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    }),
  );
  const size = (value: number) => Math.round(value * 1000) / 1000;
  page.set(PDFName.of('MediaBox'), context.obj([0, 0, size(width), size(height)]));
  for (const box of ['CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) page.delete(PDFName.of(box));
  page.set(PDFName.of('Rotate'), PDFNumber.of(0));
  page.set(PDFName.of('Resources'), context.obj({ XObject: { Scan: image } }));
  page.set(PDFName.of('Contents'), context.register(context.stream(`q ${size(width)} 0 0 ${size(height)} 0 0 cm /Scan Do Q`)));
}

async function save(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save(SAVE_OPTIONS);
}

/**
 * The reading's lines on the page: its word boxes are in the prepared page's pixels, which
 * were turned by quarter turns, levelled by the skew and scaled from the render; each box's
 * corners are taken back through those steps. Undefined where the preparation was more than
 * that (a photo flattened), so its boxes cannot be taken back.
 */
function placeReading(reading: PageText, grey: GreyImage, toPage: (x: number, y: number) => Point): PlacedWord[][] | undefined {
  const map = readingToPage(reading, grey.width, grey.height);
  if (!map) return undefined;
  return placeLines(reading.lines, (px, py) => {
    const point = map(px, py);
    return toPage(point.x, point.y);
  });
}

/**
 * Each word on its line's baseline, as large as its line is high: one size a line, so
 * selecting a line highlights one band over it. A line read as it came may run at a slant (a
 * scan turned a little, which Tesseract reads through): its direction is fitted to its words'
 * centres. Its band runs from its ascender line to its descender line, fitted to what its
 * words' letters show (line-bands.ts), and a paragraph's lines take its median band: lines set
 * in one size come out one size whatever letters they hold (poppler keeps lines whose sizes
 * differ by 5% in separate blocks), and a heading keeps its own. Its words stand on the
 * baseline itself, where pdf.js puts four fifths of a size above (its face's ascent), so its
 * highlight covers the band.
 */
function placeLines(lines: OcrLine[], map: (x: number, y: number) => Point): PlacedWord[][] {
  const measured = lines
    .map((line) => {
      const words = line.words.filter((word) => word.text.trim());
      const slope = words.length >= 2 ? fittedSlope(words.map(({ box }) => ({ x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 }))) : 0;
      // Each box's top and bottom where the slanted line crosses its centre, measured from x = 0.
      const shown = words.map(({ text, box }) => ({
        text,
        top: box.y0 + (Math.abs(slope) * (box.x1 - box.x0)) / 2 - (slope * (box.x0 + box.x1)) / 2,
        bottom: box.y1 - (Math.abs(slope) * (box.x1 - box.x0)) / 2 - (slope * (box.x0 + box.x1)) / 2,
      }));
      return { words, slope, shown, paragraph: line.paragraph };
    })
    .filter((line) => line.words.length > 0);
  const bands = lineBands(measured.map((line) => line.shown));
  const sizes = paragraphSizes(
    bands.map((band) => band.bottom - band.top),
    measured.map((line) => line.paragraph),
  );
  return measured.map(({ words, slope }, index) => {
    const { baseline } = bands[index]!;
    const size = sizes[index]!;
    return words.map((word) => {
      const start = map(word.box.x0, baseline + slope * word.box.x0);
      const over = map(word.box.x0, baseline - size + slope * word.box.x0);
      return { text: word.text, start, end: map(word.box.x1, baseline + slope * word.box.x1), height: Math.hypot(over.x - start.x, over.y - start.y) };
    });
  });
}

/** The least-squares slope (dy/dx) of points along a line. */
function fittedSlope(points: Point[]): number {
  const mx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const my = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  return sxx > 0 ? sxy / sxx : 0;
}

/**
 * Names the font in the page's resources and returns the name. Resources the page inherits
 * from its tree are copied onto the page first, so its siblings' are not changed.
 */
function addFontResource(context: PDFContext, page: SourcePage, font: PDFRef): string {
  let resources = page.dict.lookup(PDFName.of('Resources'));
  if (!(resources instanceof PDFDict)) {
    const inherited = inheritedResources(page.dict);
    resources = inherited ? inherited.clone(context) : context.obj({});
    page.dict.set(PDFName.of('Resources'), resources as PDFDict);
  }
  const dict = resources as PDFDict;
  let fonts = dict.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) {
    fonts = context.obj({});
    dict.set(PDFName.of('Font'), fonts as PDFDict);
  }
  const fontDict = fonts as PDFDict;
  let name = FONT_NAME;
  for (let n = 1; fontDict.has(PDFName.of(name)) && fontDict.get(PDFName.of(name)) !== font; n++) name = `${FONT_NAME}${n}`;
  fontDict.set(PDFName.of(name), font);
  return name;
}

function inheritedResources(page: PDFDict): PDFDict | undefined {
  const seen = new Set<PDFDict>();
  for (let node = page.lookup(PDFName.of('Parent')); node instanceof PDFDict && !seen.has(node); node = node.lookup(PDFName.of('Parent'))) {
    seen.add(node);
    const resources = node.lookup(PDFName.of('Resources'));
    if (resources instanceof PDFDict) return resources;
  }
  return undefined;
}

/**
 * Draws `operators` after the page's own content, which is wrapped in q/Q first: a page that
 * leaves its graphics state changed (a transformation, a clip) must not move the text layer.
 */
function appendContent(context: PDFContext, page: PDFDict, operators: string) {
  const contents = page.get(PDFName.of('Contents'));
  const streams: PDFRef[] = [];
  const resolved = contents instanceof PDFRef ? context.lookup(contents) : contents;
  if (resolved instanceof PDFArray) {
    for (let i = 0; i < resolved.size(); i++) {
      const item = resolved.get(i);
      if (item instanceof PDFRef) streams.push(item);
    }
  } else if (contents instanceof PDFRef) streams.push(contents);
  const before = context.register(context.stream('q\n'));
  const after = context.register(context.flateStream(`\nQ\n${operators}\n`));
  page.set(PDFName.of('Contents'), context.obj([...(streams.length > 0 ? [before, ...streams] : []), after]));
}
