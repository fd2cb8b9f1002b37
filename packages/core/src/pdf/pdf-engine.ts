import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { ConversionError } from '../errors.ts';
import { MAX_IMAGE_PIXELS, rasterScale, rasterSide, tooManyPixels } from '../limits.ts';
import { greyFromRgba, type GreyImage } from '../ocr/preprocess/grey-image.ts';
import type { RgbaImage } from '../conversion.ts';
import { findOversizedImage } from './image-scan.ts';
import { keepGlyphsWhole } from './bidi-runs.ts';
import type { PositionedText } from './text-layout.ts';

type PdfJs = typeof import('pdfjs-dist');
/** The browser's OffscreenCanvas or @napi-rs/canvas on Node; pdf.js draws on either. */
type RenderCanvas = Parameters<PDFPageProxy['render']>[0]['canvas'];

/** What pdf.js needs from its host: its module, where its data files are, a canvas. */
export interface PdfJsSetup {
  pdfjs: PdfJs;
  /** Folder (URL in the browser, path on Node) of pdf.js's CMaps, for CJK text. */
  cMapUrl: string;
  /** Folder of the 14 standard fonts, for PDFs that do not embed them. */
  standardFontDataUrl: string;
  /** Folder of pdf.js's WASM decoders (JPEG 2000, colour profiles). */
  wasmUrl: string;
  /** Host-specific getDocument options (the browser worker has no DOM for fonts or canvases). */
  documentOptions?: Record<string, unknown>;
  /**
   * A canvas of the given size and a way to read its RGBA pixels back; throws when the
   * platform will not give one that size (the engine never asks for more than MAX_IMAGE_PIXELS).
   */
  createCanvas(width: number, height: number): { canvas: unknown; rgba(): Uint8Array | Uint8ClampedArray };
  /** RGBA pixels to a PNG file. */
  encodePng(rgba: Uint8ClampedArray, width: number, height: number): Promise<Uint8Array>;
}

/** A rectangle on a page, in points, y measured up from the bottom edge. */
export interface PageBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: ArrayLike<number>): Matrix => [
  m[0] * n[0]! + m[2] * n[1]!,
  m[1] * n[0]! + m[3] * n[1]!,
  m[0] * n[2]! + m[2] * n[3]!,
  m[1] * n[2]! + m[3] * n[3]!,
  m[0] * n[4]! + m[2] * n[5]! + m[4],
  m[1] * n[4]! + m[3] * n[5]! + m[5],
];

export interface OpenPdf {
  document: PDFDocumentProxy;
  /** Frees the document's memory; call it when done. */
  close(): Promise<void>;
}

export interface PdfEngine {
  /** Opens a PDF; a missing or wrong password and damage are ConversionErrors. */
  open(data: Uint8Array, password?: string): Promise<OpenPdf>;
  /**
   * Renders a page at `scale` (1 = 72 dpi) in grey, for OCR; like every render, at a lower
   * scale where the page would not fit in `maxPixels` (at most MAX_IMAGE_PIXELS) or
   * MAX_RASTER_SIDE (see rasterScale).
   */
  renderPage(page: PDFPageProxy, scale: number, maxPixels?: number): Promise<GreyImage>;
  /** Renders a page at `scale` (1 = 72 dpi), or the largest that fits the limits, in colour on white. */
  renderPageRgba(page: PDFPageProxy, scale: number, maxPixels?: number): Promise<RgbaImage>;
  /** Where the page draws pictures (photos, scans of figures), in points, y up like text runs. */
  imageBoxes(page: PDFPageProxy): Promise<PageBox[]>;
  /**
   * The resolution (pixels per inch, the lower of its two) of the largest picture the page
   * draws over at least half of itself: a scanned page's scan. Undefined where there is none.
   */
  scanResolution(page: PDFPageProxy): Promise<number | undefined>;
  /**
   * The page rendered at `scale` and cut to each box, as PNG: what the reader sees there. Only
   * the region holding the boxes is drawn, at a lower scale where it would not fit the limits.
   */
  renderBoxes(page: PDFPageProxy, boxes: PageBox[], scale: number): Promise<Uint8Array[]>;
  /**
   * The page's text runs as the reader sees the page (rotation and crop box applied), y up.
   * With `styles`, each run says whether its font is bold or italic (costs parsing the page).
   */
  textRuns(page: PDFPageProxy, options?: { styles?: boolean }): Promise<PositionedText[]>;
  /**
   * The straight lines the page draws, in points with y down from the top edge: stroked
   * segments, and thin filled rectangles (how most PDF writers draw a table's rules). The edges
   * of larger filled rectangles count too: a table of coloured cells has no other rules.
   */
  rulings(page: PDFPageProxy): Promise<Ruling[]>;
}

/** A horizontal or vertical line on a page, in points, y down; `from` ≤ `to` along it. */
export interface Ruling {
  direction: 'horizontal' | 'vertical';
  /** Its y (horizontal) or x (vertical). */
  at: number;
  from: number;
  to: number;
}

export function createPdfEngine(setup: PdfJsSetup): PdfEngine {
  const { pdfjs } = setup;
  const draw = drawOn(setup);
  return {
    async open(data, password) {
      // What maxImageSize below cannot catch (a huge soft mask, a JPEG larger than it says) is
      // refused before pdf.js decodes it.
      const oversized = findOversizedImage(data, MAX_IMAGE_PIXELS);
      if (oversized) {
        const { width, height } = oversized;
        throw new ConversionError('too-many-pixels', `The PDF holds a ${width}×${height} pixel image.`, {
          width,
          height,
          maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000,
        });
      }
      const task = pdfjs.getDocument({
        // pdf.js may take the buffer over; the caller keeps its own.
        data: new Uint8Array(data),
        password: password || undefined,
        cMapUrl: setup.cMapUrl,
        cMapPacked: true,
        standardFontDataUrl: setup.standardFontDataUrl,
        wasmUrl: setup.wasmUrl,
        verbosity: 0,
        ...setup.documentOptions,
        // Images larger than the pixel limit are left out of the page instead of decoded: one
        // 20000×20000 image, 400 KB deflated, took 5-7 GB and 80 s to decode and draw.
        maxImageSize: MAX_IMAGE_PIXELS,
        // Where pdf.js resizes images on a canvas of its own (the browser's worker), its limit.
        canvasMaxAreaInBytes: MAX_IMAGE_PIXELS * 4,
      });
      try {
        return { document: await task.promise, close: () => task.destroy() };
      } catch (error) {
        await task.destroy().catch(() => {});
        throw toPdfError(error, pdfjs);
      }
    },
    async textRuns(page, { styles = false } = {}) {
      const viewport = page.getViewport({ scale: 1 });
      // Fonts are known to commonObjs only once the page's drawing has been parsed.
      if (styles) await page.getOperatorList();
      const content = await page.getTextContent();
      const items = content.items.filter((item) => 'str' in item);
      // Right-to-left items drawn with glyphs of several letters are rebuilt from the glyphs (bidi-runs.ts).
      const rebuilt = items.some((item) => item.dir === 'rtl') ? keepGlyphsWhole(items, await glyphStrings(pdfjs, page)) : [];
      const runs: PositionedText[] = [];
      for (const [index, item] of items.entries()) {
        if (!item.str) continue;
        const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
        const size = Math.hypot(c!, d!) || Math.hypot(a!, b!);
        const str = lettersOfForms(rebuilt[index]?.str ?? item.str);
        // Runs drawn sideways (b != 0) keep their start; their width then runs along y.
        const run: PositionedText = { str, x: e!, y: viewport.height - f!, width: item.width, size, rtl: rebuilt[index]?.rtl ?? item.dir === 'rtl' };
        if (styles && page.commonObjs.has(item.fontName)) {
          const font = page.commonObjs.get(item.fontName) as { name?: string; bold?: boolean; italic?: boolean; black?: boolean };
          const name = font.name ?? '';
          run.bold = Boolean(font.bold || font.black) || /bold|black|heavy|semibold|demi/i.test(name);
          run.italic = Boolean(font.italic) || /italic|oblique/i.test(name);
        }
        runs.push(run);
      }
      return runs;
    },
    async imageBoxes(page) {
      // Follow the drawing's transformation matrix to where each image's unit square lands.
      const { OPS } = pdfjs;
      const viewport = page.getViewport({ scale: 1 });
      const boxes: PageBox[] = [];
      await walkDrawing(pdfjs, page, (fn, _args, ctm) => {
        if (fn !== OPS.paintImageXObject && fn !== OPS.paintInlineImageXObject) return;
        const xs: number[] = [];
        const ys: number[] = [];
        for (const [x, y] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const) {
          xs.push(ctm[0] * x + ctm[2] * y + ctm[4]);
          ys.push(viewport.height - (ctm[1] * x + ctm[3] * y + ctm[5]));
        }
        const box = {
          left: Math.max(0, Math.min(...xs)),
          right: Math.min(viewport.width, Math.max(...xs)),
          bottom: Math.max(0, Math.min(...ys)),
          top: Math.min(viewport.height, Math.max(...ys)),
        };
        if (box.right > box.left && box.top > box.bottom) boxes.push(box);
      });
      return boxes;
    },
    async scanResolution(page) {
      const { OPS } = pdfjs;
      const { width, height } = page.getViewport({ scale: 1 });
      let best: { area: number; dpi: number } | undefined;
      await walkDrawing(pdfjs, page, (fn, args, ctm) => {
        // pdf.js gives an image's pixel size with it: [id, width, height], or the inline image's data.
        const pixels =
          fn === OPS.paintImageXObject
            ? { width: args?.[1], height: args?.[2] }
            : fn === OPS.paintInlineImageXObject
              ? (args?.[0] as { width?: unknown; height?: unknown } | undefined)
              : undefined;
        if (!pixels || typeof pixels.width !== 'number' || typeof pixels.height !== 'number') return;
        // The image's unit square's sides, in points, wherever the drawing turns it.
        const across = Math.hypot(ctm[0], ctm[1]);
        const down = Math.hypot(ctm[2], ctm[3]);
        const area = across * down;
        if (area < width * height * SCAN_SHARE || (best && best.area >= area)) return;
        best = { area, dpi: Math.min((pixels.width * 72) / across, (pixels.height * 72) / down) };
      });
      return best?.dpi;
    },
    async rulings(page) {
      const { OPS } = pdfjs;
      const out: Ruling[] = [];
      const stroking = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
      await walkDrawing(pdfjs, page, (fn, args, ctm) => {
        if (fn !== OPS.constructPath || !args) return;
        const paint = args[0] as number;
        const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
        if (!data || paint === OPS.endPath) return;
        for (const polygon of polygonsOf(data)) {
          const points = polygon.map(([x, y]): [number, number] => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]]);
          if (stroking.has(paint)) for (let k = 1; k < points.length; k++) pushSegment(out, points[k - 1]!, points[k]!);
          else pushFilled(out, points);
        }
      });
      return out;
    },
    async renderBoxes(page, boxes, scale) {
      if (boxes.length === 0) return [];
      // One drawing of the region all boxes lie in (not the whole page: a picture on a poster
      // keeps its scale), in points with y down from the page's top edge.
      const pageHeight = page.getViewport({ scale: 1 }).height;
      const left = Math.min(...boxes.map((box) => box.left));
      const right = Math.max(...boxes.map((box) => box.right));
      const top = pageHeight - Math.max(...boxes.map((box) => box.top));
      const bottom = pageHeight - Math.min(...boxes.map((box) => box.bottom));
      const fitted = rasterScale(right - left, bottom - top, scale);
      // Pixel edges: rounded outwards, but not for floating-point noise (see rasterSide).
      const from = (points: number) => Math.floor(points * fitted + 1e-6);
      const to = (points: number) => rasterSide(points, fitted);
      const x0 = from(left);
      const y0 = from(top);
      const width = Math.max(1, to(right) - x0);
      const height = Math.max(1, to(bottom) - y0);
      const pixels = await draw(page, fitted, width, height, x0, y0, 'rgba');
      return Promise.all(
        boxes.map((box) => {
          const bx0 = Math.max(0, from(box.left) - x0);
          const bx1 = Math.min(width, to(box.right) - x0);
          const by0 = Math.max(0, from(pageHeight - box.top) - y0);
          const by1 = Math.min(height, to(pageHeight - box.bottom) - y0);
          const cut = new Uint8ClampedArray((bx1 - bx0) * (by1 - by0) * 4);
          for (let y = by0; y < by1; y++) cut.set(pixels.subarray((y * width + bx0) * 4, (y * width + bx1) * 4), (y - by0) * (bx1 - bx0) * 4);
          return setup.encodePng(cut, bx1 - bx0, by1 - by0);
        }),
      );
    },
    async renderPageRgba(page, scale, maxPixels) {
      const { fitted, width, height } = rasterOf(page, scale, maxPixels);
      return { width, height, data: await draw(page, fitted, width, height, 0, 0, 'rgba') };
    },
    async renderPage(page, scale, maxPixels) {
      const { fitted, width, height } = rasterOf(page, scale, maxPixels);
      // Grey band by band: the page's colour pixels (4 bytes each) are never held whole.
      return { width, height, data: await draw(page, fitted, width, height, 0, 0, 'grey') };
    },
  };
}

/**
 * Visits each drawing operation of a page with the transformation in force (from the page's
 * units to the viewport's points, y down), following saves, restores and form XObjects.
 */
async function walkDrawing(pdfjs: PdfJs, page: PDFPageProxy, visit: (fn: number, args: unknown[] | null, ctm: Matrix) => void): Promise<void> {
  const { OPS } = pdfjs;
  const { fnArray, argsArray } = await page.getOperatorList();
  let ctm = [...page.getViewport({ scale: 1 }).transform] as Matrix;
  const stack: Matrix[] = [];
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0] as ArrayLike<number> | null | undefined;
      if (matrix && matrix.length === 6) ctm = multiply(ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else visit(fn, args, ctm);
  });
}

/** Every glyph's characters (its ToUnicode entry), in the order the page draws them: what pdf.js made its text items of. */
async function glyphStrings(pdfjs: PdfJs, page: PDFPageProxy): Promise<string[]> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const strings: string[] = [];
  fnArray.forEach((fn, i) => {
    if (fn !== pdfjs.OPS.showText && fn !== pdfjs.OPS.showSpacedText) return;
    const glyphs = (argsArray[i] as unknown[] | null)?.[0];
    if (!Array.isArray(glyphs)) return;
    for (const glyph of glyphs) if (glyph && typeof glyph === 'object' && 'unicode' in glyph) strings.push(String(glyph.unicode));
  });
  return strings;
}

/**
 * Arabic and Hebrew presentation forms (the shaped letters some producers map glyphs to, ﻣﺮﺣﺒﺎ)
 * as the letters they are (مرحبا), as pdftotext gives them, so the text can be searched; the
 * lam-alef ligature ﻻ becomes لا in that order.
 */
const lettersOfForms = (text: string) => text.replace(/[\uFB1D-\uFDFF\uFE70-\uFEFE]+/gu, (forms) => forms.normalize('NFKC'));

/** Drawing codes of pdf.js's path data (its DrawOPS). */
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUADRATIC_TO = 3;
const CLOSE = 4;

/** A path's straight pieces as point lists, closed ones ending where they began; curves end a piece. */
function polygonsOf(data: ArrayLike<number>): Array<Array<[number, number]>> {
  const polygons: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  const end = () => {
    if (current.length > 1) polygons.push(current);
    current = [];
  };
  for (let i = 0; i < data.length; ) {
    const op = data[i]!;
    if (op === MOVE_TO) {
      end();
      current.push([data[i + 1]!, data[i + 2]!]);
      i += 3;
    } else if (op === LINE_TO) {
      current.push([data[i + 1]!, data[i + 2]!]);
      i += 3;
    } else if (op === CURVE_TO || op === QUADRATIC_TO) {
      const last: [number, number] = op === CURVE_TO ? [data[i + 5]!, data[i + 6]!] : [data[i + 3]!, data[i + 4]!];
      end();
      current.push(last);
      i += op === CURVE_TO ? 7 : 5;
    } else if (op === CLOSE) {
      if (current.length > 1) current.push(current[0]!);
      end();
      i += 1;
    } else break;
  }
  end();
  return polygons;
}

/** Lines more slanted than this (points across its length) are not rules. */
const STRAIGHT = 0.5;
/** A filled rectangle no thicker than this (points) is a rule drawn as a bar. */
const THIN = 3;

function pushSegment(out: Ruling[], [x0, y0]: [number, number], [x1, y1]: [number, number]) {
  if (Math.abs(y1 - y0) <= STRAIGHT && Math.abs(x1 - x0) > STRAIGHT)
    out.push({ direction: 'horizontal', at: (y0 + y1) / 2, from: Math.min(x0, x1), to: Math.max(x0, x1) });
  else if (Math.abs(x1 - x0) <= STRAIGHT && Math.abs(y1 - y0) > STRAIGHT)
    out.push({ direction: 'vertical', at: (x0 + x1) / 2, from: Math.min(y0, y1), to: Math.max(y0, y1) });
}

/** A filled shape: a thin bar is one rule, a rectangle gives its four edges; other shapes none. */
function pushFilled(out: Ruling[], points: Array<[number, number]>) {
  // Loops, not Math.min(...): a path of a map can have more points than a call takes arguments.
  let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of points) {
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const rectangle = points.every(
    ([x, y]) => (Math.abs(x - left) <= STRAIGHT || Math.abs(x - right) <= STRAIGHT) && (Math.abs(y - top) <= STRAIGHT || Math.abs(y - bottom) <= STRAIGHT),
  );
  if (!rectangle) return;
  const width = right - left;
  const height = bottom - top;
  if (height <= THIN && width > height) out.push({ direction: 'horizontal', at: (top + bottom) / 2, from: left, to: right });
  else if (width <= THIN && height > width) out.push({ direction: 'vertical', at: (left + right) / 2, from: top, to: bottom });
  else if (width > THIN && height > THIN) {
    out.push({ direction: 'horizontal', at: top, from: left, to: right }, { direction: 'horizontal', at: bottom, from: left, to: right });
    out.push({ direction: 'vertical', at: left, from: top, to: bottom }, { direction: 'vertical', at: right, from: top, to: bottom });
  }
}

/**
 * A raster up to this many pixels is drawn in one pass: an A4 or Letter page at 300 dpi (8.7 MP)
 * as before. A larger one is drawn in bands of BAND_PIXELS on one canvas, each copied out as it
 * is done: reading a canvas back copies it, so a raster drawn whole holds twice its RGBA at once,
 * and a canvas's copies (memory outside V8's heap) go back only when they are collected. A
 * 200000 × 200000 pt page drawn whole at 40 MP took PDF to JPG to 714 MB of resident memory and
 * the Barcode Scanner to 1.29 GB. Each band replays the page's drawing, clipped to it.
 */
const ONE_PASS_PIXELS = 12_000_000;
const BAND_PIXELS = 4_000_000;

/**
 * Past the longest page side PDF readers open (ISO 32000's implementation limit, 200 inches), a
 * whole page is drawn within OVERSIZED_PAGE_PIXELS: its text would be under a pixel high at any
 * affordable size, and a 200000 pt page drawn within the OCR's 24 MP took 37 s and 600 MB (the
 * Barcode Scanner's 16 MP, 880 MB) to find nothing.
 */
/** A picture drawn over this share of its page or more is the page's scan (scanResolution). */
const SCAN_SHARE = 0.5;

export const MAX_PAGE_SIDE_POINTS = 14_400;
export const OVERSIZED_PAGE_PIXELS = 4_000_000;

/** The scale a whole page is drawn at within the limits, and its size in pixels there. */
function rasterOf(page: PDFPageProxy, scale: number, maxPixels = MAX_IMAGE_PIXELS) {
  const { width: w, height: h } = page.getViewport({ scale: 1 });
  const pixels = Math.max(w, h) > MAX_PAGE_SIDE_POINTS ? Math.min(maxPixels, OVERSIZED_PAGE_PIXELS) : maxPixels;
  const fitted = rasterScale(w, h, scale, pixels);
  return { fitted, width: rasterSide(w, fitted), height: rasterSide(h, fitted) };
}

/** Backs createPdfEngine's renders: the page at `scale`, its pixels from (x0, y0) on, on white; as RGBA, or grey (greyFromRgba's). */
function drawOn(setup: PdfJsSetup) {
  function draw(page: PDFPageProxy, scale: number, width: number, height: number, x0: number, y0: number, into: 'rgba'): Promise<Uint8ClampedArray>;
  function draw(page: PDFPageProxy, scale: number, width: number, height: number, x0: number, y0: number, into: 'grey'): Promise<Uint8Array>;
  async function draw(page: PDFPageProxy, scale: number, width: number, height: number, x0: number, y0: number, into: 'rgba' | 'grey') {
    if (width * height > MAX_IMAGE_PIXELS) throw tooManyPixels(width, height, { page: page.pageNumber });
    const rows = width * height <= ONE_PASS_PIXELS ? height : Math.max(1, Math.min(height, Math.floor(BAND_PIXELS / width)));
    let target: ReturnType<PdfJsSetup['createCanvas']>;
    let out: Uint8ClampedArray | Uint8Array;
    try {
      target = setup.createCanvas(width, rows);
      out = into === 'rgba' ? new Uint8ClampedArray(width * height * 4) : new Uint8Array(width * height);
    } catch {
      // A canvas or buffer the platform would not give (memory, its own size limits): the page
      // is too big to draw, not a damaged file.
      throw tooManyPixels(width, height, { page: page.pageNumber });
    }
    const viewport = page.getViewport({ scale });
    for (let top = 0; top < height; top += rows) {
      const band = Math.min(rows, height - top);
      const transform = x0 || y0 + top ? [1, 0, 0, 1, -x0, -(y0 + top)] : undefined;
      await page.render({ canvas: target.canvas as RenderCanvas, viewport, transform, background: '#ffffff' }).promise;
      // The last band may be shorter than the canvas: only its own rows are taken.
      const rgba = target.rgba().subarray(0, width * band * 4);
      if (into === 'rgba') out.set(rgba, top * width * 4);
      else out.set(greyFromRgba(rgba, width, band).data, top * width);
    }
    return out;
  }
  return draw;
}

function toPdfError(error: unknown, pdfjs: PdfJs): ConversionError {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    const code = (error as { code?: number }).code;
    return code === pdfjs.PasswordResponses.INCORRECT_PASSWORD
      ? new ConversionError('wrong-password', 'The password is not right.')
      : new ConversionError('password-required', 'The PDF is protected by a password.');
  }
  return new ConversionError('corrupt', `The PDF cannot be read: ${message}`);
}
