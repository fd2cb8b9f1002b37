import type { Conversion } from './conversion.ts';
import { imageTypes, wordTypes, type SniffedType } from './sniff.ts';
import {
  BARCODE_MAX_PAGES,
  MERGE_PDF_MAX_PAGES,
  OCR_PDF_MAX_PAGES,
  PDF_TO_EXCEL_MAX_PAGES,
  PDF_TO_JPG_MAX_PAGES,
  PDF_TO_TEXT_MAX_PAGES,
  PDF_TO_WORD_MAX_PAGES,
} from './limits.ts';
import { translationTargets } from './translation/languages.ts';
import {
  choice,
  color,
  freeText,
  integer,
  numberChoice,
  ocrLanguageOption,
  requiredChoice,
  textList,
  type OptionFields,
  type OptionValues,
} from './tool-options.ts';

export type ToolIcon =
  | 'scan-text'
  | 'file-text'
  | 'file-type'
  | 'file-output'
  | 'files'
  | 'file-image'
  | 'images'
  | 'file-pen'
  | 'qr-code'
  | 'scan-line'
  | 'barcode'
  | 'contrast'
  | 'type'
  | 'file-word'
  | 'file-input'
  | 'image-down'
  | 'sheet'
  | 'table'
  | 'languages'
  | 'file-search';

/** What a tool takes: files of some types, or text typed into its page. */
export type ToolInput =
  | {
      kind: 'files';
      /** Input types, judged by the file's content. */
      accepts: readonly SniffedType[];
      /** Largest input file in bytes. */
      maxBytes: number;
      /** Fewest and most input files in one job (Merge PDF needs two). */
      minFiles: number;
      maxFiles: number;
      /**
       * Most pages of a PDF input (of all the files together where there are several), checked
       * by the conversion once the PDF is open, before any page is read.
       */
      maxPages?: number;
    }
  | {
      kind: 'text';
      /** Longest text in characters (UTF-16 code units, as a text area counts them). */
      maxLength: number;
    };

export interface ToolDefinition<F extends OptionFields = OptionFields> {
  /** URL segment of the tool's page and of POST /api/v1/convert/{slug}. */
  slug: string;
  /** Stem of the tool's dictionary keys: `tools.{key}.name`, `tools.{key}.description`. */
  i18nKey: string;
  /** Page route; the hero's tool lives on the home page. */
  path: string;
  /** The picture on the tool's card, by name; the page maps each name to an icon. */
  icon: ToolIcon;
  input: ToolInput;
  /**
   * Where the conversion runs for a visitor of the page: in a worker, on our server, or begun on
   * our server (the part only it can do, Word layout) and finished in the worker.
   */
  runsOn: 'device' | 'server' | 'server+device';
  /**
   * An engine of our server the tool cannot work without (LibreOffice for Word layout): where
   * the server lacks it, GET /healthz says so and the page tells the visitor before an upload.
   */
  needs?: 'office';
  /** The options the page and the API accept, checked the same way on both hosts. */
  options: F;
  /**
   * What the tool answers: files (the default; the API sends the file, or a .zip of several),
   * or the codes a scanner found (the API sends them as JSON).
   */
  answers?: 'codes';
  /** Loaded on first use so that listing tools pulls in no engine. */
  load(): Promise<Conversion<OptionValues<F>>>;
}

/** Ties a tool's options to its conversion's, and keeps its slug and keys as literal types. */
function defineTool<const S extends string, const K extends string, const F extends OptionFields>(tool: ToolDefinition<F> & { slug: S; i18nKey: K }) {
  return tool;
}

const MB = 1024 * 1024;

/**
 * Images up to 50 MB: a 48 MP phone JPEG is 10-15 MB, a 200 MP one (16320×12240) 25-45 MB;
 * pictures are scaled to the size their tool works at, within the decode budget (limits.ts).
 */
const IMAGE_MAX_BYTES = 50 * MB;

/** The spec's PDF limit. */
const PDF_MAX_BYTES = 50 * MB;

/**
 * Text tools take up to a million characters: about 400 pages of prose, far past any pasted
 * text, and small enough to lay out in a second or two.
 */
const TEXT_MAX_LENGTH = 1_000_000;

/** The most bytes a QR code holds (version 40, error correction L, byte mode). */
const QR_MAX_LENGTH = 2953;

/**
 * Text to Image grows its 800-px-wide canvas down as the text needs: 5000 characters of prose
 * wrap to about 91 lines of 40 px, a 3700-px image; the conversion refuses more lines than
 * TEXT_IMAGE_MAX_LINES (short lines of many line breaks).
 */
const TEXT_TO_IMAGE_MAX_LENGTH = 5000;

/**
 * Word documents up to 50 MB, as PDFs: a Word file that large is its pictures, which LibreOffice
 * lays out in seconds; the unpacked size is held to office/inspect-document.ts's limit.
 */
const WORD_MAX_BYTES = 50 * MB;
const oneWordDocument = { kind: 'files', accepts: wordTypes, maxBytes: WORD_MAX_BYTES, minFiles: 1, maxFiles: 1 } as const;

const oneImage = { kind: 'files', accepts: imageTypes, maxBytes: IMAGE_MAX_BYTES, minFiles: 1, maxFiles: 1 } as const;
const onePdf = { kind: 'files', accepts: ['application/pdf'], maxBytes: PDF_MAX_BYTES, minFiles: 1, maxFiles: 1 } as const;
const pdfOptions = { language: ocrLanguageOption, password: freeText() };
/** The table tools answer a workbook, its CSV, or both (a .zip through the API). */
const tablesFormat = choice(['xlsx', 'csv', 'both'], 'xlsx');

/** The one list of tools: the grid, routes, sitemap, API and tests are all derived from it. */
export const tools = [
  defineTool({
    slug: 'image-to-text',
    icon: 'scan-text',
    i18nKey: 'imageToText',
    path: '/',
    // A PDF dropped on the hero is read as PDF to Text reads it.
    input: { ...oneImage, accepts: [...imageTypes, 'application/pdf'], maxPages: PDF_TO_TEXT_MAX_PAGES },
    runsOn: 'device',
    options: { language: ocrLanguageOption },
    load: async () => (await import('./conversions/image-to-text.ts')).imageToText,
  }),
  defineTool({
    slug: 'pdf-to-text',
    icon: 'file-text',
    i18nKey: 'pdfToText',
    path: '/pdf-to-text',
    input: { ...onePdf, maxPages: PDF_TO_TEXT_MAX_PAGES },
    runsOn: 'device',
    options: pdfOptions,
    load: async () => (await import('./conversions/pdf-to-text.ts')).pdfToText,
  }),
  defineTool({
    slug: 'jpg-to-word',
    icon: 'file-type',
    i18nKey: 'jpgToWord',
    path: '/jpg-to-word',
    input: oneImage,
    runsOn: 'device',
    options: { language: ocrLanguageOption, format: choice(['docx', 'rtf', 'both'], 'docx') },
    load: async () => (await import('./conversions/jpg-to-word.ts')).jpgToWord,
  }),
  defineTool({
    slug: 'pdf-to-word',
    icon: 'file-output',
    i18nKey: 'pdfToWord',
    path: '/pdf-to-word',
    input: { ...onePdf, maxPages: PDF_TO_WORD_MAX_PAGES },
    runsOn: 'device',
    options: pdfOptions,
    load: async () => (await import('./conversions/pdf-to-word.ts')).pdfToWord,
  }),
  defineTool({
    slug: 'ocr-pdf',
    icon: 'file-search',
    i18nKey: 'ocrPdf',
    path: '/ocr-pdf',
    // One PDF, or pictures (as Image to PDF takes them) that each become a page.
    input: { kind: 'files', accepts: [...imageTypes, 'application/pdf'], maxBytes: PDF_MAX_BYTES, minFiles: 1, maxFiles: 50, maxPages: OCR_PDF_MAX_PAGES },
    runsOn: 'device',
    options: {
      language: ocrLanguageOption,
      /** Pages whose text runs sideways are turned upright by their /Rotate; the picture is not touched. */
      rotate: choice(['off', 'on'], 'off'),
      /** Pages whose only text is invisible (an earlier OCR's) lose it and are read again. */
      redo: choice(['off', 'on'], 'off'),
      /** Pages scanned askew are drawn again level: their picture is re-encoded, hence off by default. */
      deskew: choice(['off', 'on'], 'off'),
      password: freeText(),
    },
    load: async () => (await import('./conversions/ocr-pdf.ts')).ocrPdf,
  }),
  defineTool({
    slug: 'text-to-pdf',
    icon: 'file-pen',
    i18nKey: 'textToPdf',
    path: '/text-to-pdf',
    input: { kind: 'text', maxLength: TEXT_MAX_LENGTH },
    runsOn: 'device',
    options: {},
    load: async () => (await import('./conversions/text-to-pdf.ts')).textToPdf,
  }),
  defineTool({
    slug: 'text-to-word',
    icon: 'file-word',
    i18nKey: 'textToWord',
    path: '/text-to-word',
    input: { kind: 'text', maxLength: TEXT_MAX_LENGTH },
    runsOn: 'device',
    options: {},
    load: async () => (await import('./conversions/text-to-word.ts')).textToWord,
  }),
  defineTool({
    slug: 'image-to-pdf',
    icon: 'images',
    i18nKey: 'imageToPdf',
    path: '/image-to-pdf',
    // 100 photos of 20 MB would not fit a phone's memory; 50 pages is a thick scanned document.
    input: { kind: 'files', accepts: imageTypes, maxBytes: IMAGE_MAX_BYTES, minFiles: 1, maxFiles: 50 },
    runsOn: 'device',
    options: {
      pageSize: choice(['fit', 'a4', 'letter'], 'a4'),
      orientation: choice(['auto', 'portrait', 'landscape'], 'auto'),
      /** Margin around each picture, in points (72 to the inch): none, a quarter inch, half an inch. */
      margin: integer(0, 72, 0, { presets: { none: 0, small: 18, large: 36 } }),
    },
    load: async () => (await import('./conversions/image-to-pdf.ts')).imageToPdf,
  }),
  defineTool({
    slug: 'image-translator',
    icon: 'languages',
    i18nKey: 'imageTranslator',
    path: '/image-translator',
    input: oneImage,
    // Read in the page's worker; the text is translated by the first engine that can
    // (translation/engines.ts), which the page names before and after.
    runsOn: 'device',
    options: { target: requiredChoice(translationTargets), source: ocrLanguageOption },
    load: async () => (await import('./conversions/image-translator.ts')).imageTranslator,
  }),
  defineTool({
    slug: 'pdf-to-jpg',
    icon: 'file-image',
    i18nKey: 'pdfToJpg',
    path: '/pdf-to-jpg',
    input: { ...onePdf, maxPages: PDF_TO_JPG_MAX_PAGES },
    runsOn: 'device',
    options: { dpi: numberChoice([72, 150, 300], 150), quality: integer(10, 100, 85, { step: 5 }), password: freeText() },
    load: async () => (await import('./conversions/pdf-to-jpg.ts')).pdfToJpg,
  }),
  defineTool({
    slug: 'word-to-pdf',
    icon: 'file-input',
    i18nKey: 'wordToPdf',
    path: '/word-to-pdf',
    input: oneWordDocument,
    runsOn: 'server',
    needs: 'office',
    options: {},
    load: async () => (await import('./conversions/word-to-pdf.ts')).wordToPdf,
  }),
  defineTool({
    slug: 'word-to-jpg',
    icon: 'image-down',
    i18nKey: 'wordToJpg',
    path: '/word-to-jpg',
    input: oneWordDocument,
    runsOn: 'server+device',
    needs: 'office',
    options: { dpi: numberChoice([72, 150, 300], 150), quality: integer(10, 100, 85, { step: 5 }) },
    load: async () => (await import('./conversions/word-to-jpg.ts')).wordToJpg,
  }),
  defineTool({
    slug: 'merge-pdf',
    icon: 'files',
    i18nKey: 'mergePdf',
    path: '/merge-pdf',
    input: { kind: 'files', accepts: ['application/pdf'], maxBytes: PDF_MAX_BYTES, minFiles: 2, maxFiles: 20, maxPages: MERGE_PDF_MAX_PAGES },
    runsOn: 'device',
    // One password per input file, in the order of the files ("" where it has none).
    options: { passwords: textList(20) },
    load: async () => (await import('./conversions/merge-pdfs.ts')).mergePdfs,
  }),
  defineTool({
    slug: 'jpg-to-excel',
    icon: 'table',
    i18nKey: 'jpgToExcel',
    path: '/jpg-to-excel',
    input: oneImage,
    runsOn: 'device',
    options: { language: ocrLanguageOption, format: tablesFormat },
    load: async () => (await import('./conversions/jpg-to-excel.ts')).jpgToExcel,
  }),
  defineTool({
    slug: 'pdf-to-excel',
    icon: 'sheet',
    i18nKey: 'pdfToExcel',
    path: '/pdf-to-excel',
    input: { ...onePdf, maxPages: PDF_TO_EXCEL_MAX_PAGES },
    runsOn: 'device',
    options: { ...pdfOptions, format: tablesFormat },
    load: async () => (await import('./conversions/pdf-to-excel.ts')).pdfToExcel,
  }),
  defineTool({
    slug: 'qr-scanner',
    icon: 'scan-line',
    i18nKey: 'qrScanner',
    path: '/qr-scanner',
    input: oneImage,
    runsOn: 'device',
    options: {},
    answers: 'codes',
    load: async () => (await import('./conversions/scan-codes.ts')).scanQrCodes,
  }),
  defineTool({
    slug: 'barcode-scanner',
    icon: 'barcode',
    i18nKey: 'barcodeScanner',
    path: '/barcode-scanner',
    // PDFs by the spec's limit, as images.
    input: { kind: 'files', accepts: [...imageTypes, 'application/pdf'], maxBytes: PDF_MAX_BYTES, minFiles: 1, maxFiles: 1, maxPages: BARCODE_MAX_PAGES },
    runsOn: 'device',
    options: {},
    answers: 'codes',
    load: async () => (await import('./conversions/scan-codes.ts')).scanBarcodes,
  }),
  defineTool({
    slug: 'qr-generator',
    icon: 'qr-code',
    i18nKey: 'qrGenerator',
    path: '/qr-generator',
    // A QR code holds at most 2953 bytes (version 40, level L); longer UTF-8 is refused by the conversion.
    input: { kind: 'text', maxLength: QR_MAX_LENGTH },
    runsOn: 'device',
    options: {
      /** Width and height of the PNG in pixels (the SVG scales). */
      size: integer(100, 1000, 300, { step: 10 }),
      ecc: choice(['L', 'M', 'Q', 'H'], 'M'),
      color: color('#000000'),
      bgcolor: color('#ffffff'),
      /** Quiet zone around the code, in modules; 4 is what the standard asks for. */
      margin: integer(0, 10, 4),
      format: choice(['png', 'svg', 'both'], 'png'),
    },
    load: async () => (await import('./conversions/qr-generator.ts')).qrGenerator,
  }),
  defineTool({
    slug: 'invert-image',
    icon: 'contrast',
    i18nKey: 'invertImage',
    path: '/invert-image',
    input: oneImage,
    runsOn: 'device',
    options: {},
    load: async () => (await import('./conversions/invert-image.ts')).invertImage,
  }),
  defineTool({
    slug: 'text-to-image',
    icon: 'type',
    i18nKey: 'textToImage',
    path: '/text-to-image',
    input: { kind: 'text', maxLength: TEXT_TO_IMAGE_MAX_LENGTH },
    runsOn: 'device',
    options: {},
    load: async () => (await import('./conversions/text-to-image.ts')).textToImage,
  }),
] as const;

export type Tool = (typeof tools)[number];
export type ToolSlug = Tool['slug'];

/**
 * The registry seen without each tool's own option types, for code that treats every tool
 * alike (the checks, the API, the OpenAPI document); each conversion still gets its options
 * through `parseOptions` of its own fields.
 */
export const toolList = tools as unknown as readonly ToolDefinition[];

export function findTool(slug: string): ToolDefinition | undefined {
  return toolList.find((tool) => tool.slug === slug);
}
