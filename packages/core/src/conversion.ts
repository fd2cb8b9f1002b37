import type { EngineServices } from './engine-services.ts';
import type { ImageType } from './sniff.ts';
import type { PdfEngine } from './pdf/pdf-engine.ts';
import type { GreyImage } from './ocr/preprocess/grey-image.ts';
import type { TranslationEngineId } from './translation/engines.ts';
import type { PageWords } from './ocr/page-words.ts';
import type { ReadLanguages } from './ocr/detect/detect-languages.ts';

export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export interface OutputFile {
  /** Named by output-names.ts's rule: after the input file or the typed text, with the tool's suffix. */
  name: string;
  /** Media type with charset where it is text, as sent in Content-Type. */
  type: string;
  bytes: Uint8Array;
  /**
   * A by-product offered beside the tool's own output (PDF to JPG's text layer): where the own
   * output is one file, that file alone is the answer (a one-page PDF gives its .jpg, not a .zip).
   */
  aside?: boolean;
}

/** What a tool is given: files, or text typed into the page (the registry says which). */
export interface Job {
  files: InputFile[];
  text: string;
}

/** A code found by a scanner, as ZXing names its format. */
export interface ScannedCode {
  format: string;
  text: string;
  /** The PDF page (1-based) the code is on; absent for an image. */
  page?: number;
}

/** Results that are more than a file or a text, for the page to show as they are. */
export interface ToolData {
  codes?: ScannedCode[];
  /** Rows of cells, for a preview of a table. */
  table?: string[][];
  /** Cells of the previewed table read with low confidence, as [row, column]: shown as in the sheet. */
  unsureCells?: Array<[number, number]>;
  /** The Image Translator's reading and who translated it; the translation is the result's text. */
  translation?: { original: string; engine: TranslationEngineId; source: string; target: string };
  /**
   * Image to Text and PDF to Text: each page's text and its words with their boxes, in the
   * image's pixels as it stands upright (a PDF's page drawn at 300 dpi), for the OCR.space-compatible API's overlay.
   */
  pages?: PageWords[];
  /**
   * What the OCR tools read the text as: the languages given, or found on the pages (the
   * option's `auto`); absent where nothing was read by OCR (a PDF's own text).
   */
  language?: ReadLanguages;
}

export interface ConversionResult {
  outputs: OutputFile[];
  /** The name of the .zip that holds the outputs where they go as one file (`{name}_pages.zip`). */
  zipName?: string;
  /** The text a tool shows in its result panel, where it has one. */
  text?: string;
  /** Counts a tool reports about its output ("14 pages, 120 paragraphs, 2 tables"). */
  summary?: Record<string, number>;
  data?: ToolData;
}

/** What a long step is doing, so the page can say it. */
export type ProgressStage = 'loading' | 'loading-model' | 'preparing' | 'recognizing' | 'rereading' | 'reading' | 'uploading' | 'converting' | 'translating';
/**
 * `page` and `pages` say where a many-page job is (1-based), for "page 3 of 14"; while
 * translating, how many of the paragraphs are done.
 */
export interface ProgressDetail {
  page: number;
  pages: number;
}
/**
 * `fraction` is of the whole job, 0 to 1, and does not go back: a step that counts its own 0 to
 * 1 is placed in its share of the job (progress.ts), so the page's bar moves forward once.
 */
export type ProgressCallback = (fraction: number, stage: ProgressStage, detail?: ProgressDetail) => void;

/** 8-bit RGBA pixels, row by row, as a canvas holds them. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** How large a decoded picture may come out. */
export interface DecodeOptions {
  /** Pixels at most; a larger picture is scaled down to within it (images/decode-size.ts workingSize). */
  maxPixels?: number;
}

/** What the hosts encode themselves; GIF, BMP and TIFF are written by core (images/encode-*). */
export type EncodedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * The part of a 2D canvas context that drawing text needs: the browser's OffscreenCanvas and
 * @napi-rs/canvas in Node both have it.
 */
export interface TextCanvasContext {
  fillStyle: string;
  font: string;
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end';
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom';
  fillRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

/** A canvas to draw text on in the fonts we ship (`TEXT_FONT_FAMILY`), and its PNG. */
export interface TextCanvas {
  context: TextCanvasContext;
  encodePng(): Promise<Uint8Array>;
}

/** The family name under which both hosts register DejaVu Sans for drawing text. */
export const TEXT_FONT_FAMILY = 'TextLift DejaVu Sans';

/** Fonts shipped with the site (DejaVu, from npm) for PDFs that must show any of our scripts. */
export type FontName = 'DejaVuSans' | 'DejaVuSans-Bold';

/** The pieces that differ between the browser worker and Node; everything else is shared. */
export interface ConversionHost {
  /** OCR, Word layout and translation: what each tool needs of an engine, it asks of these (engine-services.ts). */
  engines: EngineServices;
  /**
   * Decodes an image (turned upright by its EXIF orientation) to grey pixels for OCR: the
   * platform's luminance, coloured ink darkened (darkenColouredInk). With `maxPixels`, a larger
   * picture comes out scaled down to within it, its proportions kept.
   */
  decodeGrey(bytes: Uint8Array, type: ImageType, options?: DecodeOptions): Promise<GreyImage>;
  /**
   * Decodes an image (turned upright by its EXIF orientation) to colour pixels. Without
   * `keepAlpha` a host may flatten transparency onto white; with it, alpha is kept as it is.
   * With `maxPixels`, as decodeGrey.
   */
  decodeRgba(bytes: Uint8Array, type: ImageType, options?: DecodeOptions & { keepAlpha?: boolean }): Promise<RgbaImage>;
  /**
   * Whether this host's decoder reads pictures of this type at a reduced size when asked for a
   * smaller one (JPEG's DCT scaling), rather than whole and then scaled: the decode budget
   * (images/decode-size.ts) is counted on what the decoder holds.
   */
  decodesReduced(type: ImageType): boolean;
  /** libheif's WebAssembly (libheif.wasm), from our own files, for HEIC (images/decode-heic.ts). */
  libheifWasm(): Promise<Uint8Array>;
  /** Encodes pixels as JPEG or WebP (quality 0 to 1; WebP at 1 is lossless, as Chrome takes it) or PNG. */
  encodeImage(image: RgbaImage, type: EncodedImageType, quality?: number): Promise<Uint8Array>;
  /** ZXing's reader as WebAssembly bytes, from our own files (never its default CDN). */
  zxingWasm(): Promise<Uint8Array>;
  /** An empty (transparent) canvas of this size with DejaVu Sans registered as TEXT_FONT_FAMILY. */
  createTextCanvas(width: number, height: number): Promise<TextCanvas>;
  pdf(): Promise<PdfEngine>;
  /** A font file's bytes. */
  font(name: FontName): Promise<Uint8Array>;
  /**
   * The last result made under this key, or `make`'s (kept unless `keep` says no). The browser
   * keeps one reading of the visitor's picture on the visitor's device, so the same file
   * converted again with another option (the Image Translator's target) is not read again.
   * The server keeps nothing of one request for the next, and has no such method.
   */
  reuse?<T>(key: string, make: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
}

export interface ConversionContext {
  host: ConversionHost;
  /**
   * The Tesseract code of the reader's interface language (the web's; the API has none): where
   * a page's language cannot be told apart within its script, it is read in this one (ocr/detect/).
   */
  preferredOcrLanguage?: string;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

/** A tool's work: its input and checked options in, its outputs back. */
export type Conversion<Options = Record<string, unknown>> = (job: Job, options: Options, context: ConversionContext) => Promise<ConversionResult>;
