import { AUTO_OCR_LANGUAGE, ocrLanguages, type OcrLanguage } from '../ocr/languages.ts';
import { findTool } from '../tools.ts';

/*
 * The OCR.space-compatible endpoints (POST /parse/image, GET /parse/imageurl) as data: their
 * fields, the language codes they take and the answer's shape. The OpenAPI document and the API's
 * page describe them from here, and the route can check requests against the same list, so the
 * three cannot say different things.
 */

/**
 * OCR.space's codes (its Engine 1 and 3 lists), each mapped to the catalogue's language: every
 * one of them is read here, bundled or fetched on first use.
 */
const ocrSpaceCodes: Readonly<Record<string, OcrLanguage>> = {
  ara: 'ara',
  bul: 'bul',
  chs: 'chi_sim',
  cht: 'chi_tra',
  hrv: 'hrv',
  cze: 'ces',
  dan: 'dan',
  dut: 'nld',
  eng: 'eng',
  fin: 'fin',
  fre: 'fra',
  ger: 'deu',
  gre: 'ell',
  hun: 'hun',
  kor: 'kor',
  ita: 'ita',
  jpn: 'jpn',
  pol: 'pol',
  por: 'por',
  rus: 'rus',
  slv: 'slv',
  spa: 'spa',
  swe: 'swe',
  tha: 'tha',
  tur: 'tur',
  ukr: 'ukr',
  vnm: 'vie',
  hin: 'hin',
  kan: 'kan',
  per: 'fas',
  tel: 'tel',
  tam: 'tam',
};

/**
 * Every `language` the endpoints take: OCR.space's codes, ours (fil, ind, deu…: the same as
 * POST /api/v1/convert takes), and `auto`: each page's languages found on it, as the tools' `auto`.
 */
export const ocrSpaceLanguages: Readonly<Record<string, OcrLanguage | typeof AUTO_OCR_LANGUAGE>> = {
  ...ocrSpaceCodes,
  ...Object.fromEntries(ocrLanguages.map((code) => [code, code])),
  auto: AUTO_OCR_LANGUAGE,
};

/** The engines OCR.space clients may name: every one is accepted and read by our one OCR engine. */
export const ocrSpaceEngines = [1, 2, 3, 5] as const;

/** OCR.space's `filetype`: the input's type where its name does not say it; we sniff the content anyway. */
export const ocrSpaceFileTypes = ['PDF', 'GIF', 'PNG', 'JPG', 'JPEG', 'TIF', 'TIFF', 'BMP', 'WEBP'] as const;

/** The image-to-text tool reads what these endpoints are sent, under its limits. */
const imageToText = findTool('image-to-text')!;
/** Largest file (or decoded base64Image, or fetched url) the endpoints take, as the image-to-text tool does. */
export const OCR_SPACE_MAX_BYTES = imageToText.input.kind === 'files' ? imageToText.input.maxBytes : 0;
/** Most pages of a PDF read in one request, as the image-to-text tool reads a PDF. */
export const OCR_SPACE_MAX_PAGES = imageToText.input.kind === 'files' ? imageToText.input.maxPages : undefined;

/** A boolean field as OCR.space clients send it: true/false in any case. */
const flag = (description: string) => ({ type: 'string', enum: ['true', 'false', 'True', 'False'], default: 'false', description });

/** The fields both endpoints take besides the input (the form's fields, the query's parameters). */
export const ocrSpaceFields: Readonly<Record<string, Record<string, unknown>>> = {
  language: {
    type: 'string',
    enum: Object.keys(ocrSpaceLanguages),
    default: 'eng',
    description: 'OCR.space’s code of the text’s language (eng, ger, fre…) or ours (deu, fil, ind…); auto finds it on each page',
  },
  isOverlayRequired: flag('Answer each word with its box in TextOverlay'),
  filetype: { type: 'string', enum: [...ocrSpaceFileTypes], description: 'The input’s type; the content is sniffed in any case' },
  detectOrientation: flag('Turn a page that lies sideways or upside down upright before reading it'),
  scale: flag('Scale a small picture up before reading it'),
  isTable: flag('Keep each line of a table on a line of ParsedText'),
  OCREngine: { type: 'integer', enum: [...ocrSpaceEngines], default: 1, description: 'Accepted for compatibility; every value is read by the same engine' },
  isCreateSearchablePdf: flag('Also make a searchable PDF, named in SearchablePDFURL'),
  isSearchablePdfHideTextLayer: flag('Keep the searchable PDF’s text layer invisible'),
  apikey: { type: 'string', description: 'Optional: the key the server’s operator gave you (or send it in the apikey header)' },
};

/** The inputs POST /parse/image takes; one of them is sent. */
export const ocrSpaceInputs: Readonly<Record<string, Record<string, unknown>>> = {
  file: { type: 'string', format: 'binary', description: 'The image or PDF' },
  base64Image: { type: 'string', description: 'The image or PDF as a data URI: data:image/png;base64,…', pattern: '^data:' },
  url: { type: 'string', format: 'uri', description: 'A public http(s) address of the image or PDF, fetched by our server' },
};

/** OCR.space's exit codes of the whole request (OCRExitCode). */
export const ocrSpaceExitCodes = {
  1: 'Parsed successfully',
  2: 'Parsed partially: some pages failed',
  3: 'Every page failed',
  4: 'Fatal error: the request was not read',
} as const;

/** OCR.space's exit codes of one page (FileParseExitCode). */
export const ocrSpaceFileExitCodes = {
  1: 'Parsed successfully',
  0: 'File not found',
  '-10': 'OCR engine parse error',
  '-20': 'Timeout',
  '-30': 'Validation error',
  '-99': 'Unknown error',
} as const;

const word = {
  type: 'object',
  required: ['WordText', 'Left', 'Top', 'Height', 'Width'],
  properties: {
    WordText: { type: 'string' },
    Left: { type: 'number', description: 'Pixels from the left of the page' },
    Top: { type: 'number', description: 'Pixels from the top of the page' },
    Height: { type: 'number' },
    Width: { type: 'number' },
  },
};

/** The JSON both endpoints answer (with status 200 even where the file could not be read, as OCR.space does). */
export const ocrSpaceAnswer = {
  type: 'object',
  required: ['OCRExitCode', 'IsErroredOnProcessing', 'ProcessingTimeInMilliseconds'],
  properties: {
    ParsedResults: {
      type: 'array',
      description: 'One result per page',
      items: {
        type: 'object',
        required: ['ParsedText', 'FileParseExitCode'],
        properties: {
          ParsedText: { type: 'string' },
          TextOverlay: {
            type: 'object',
            description: 'The words with their boxes, where isOverlayRequired was true',
            properties: { Lines: { type: 'array', items: { type: 'object', properties: { Words: { type: 'array', items: word } } } } },
          },
          FileParseExitCode: { type: 'integer', enum: Object.keys(ocrSpaceFileExitCodes).map(Number) },
          ErrorMessage: { type: 'string' },
          ErrorDetails: { type: 'string' },
        },
      },
    },
    OCRExitCode: { type: 'integer', enum: Object.keys(ocrSpaceExitCodes).map(Number) },
    IsErroredOnProcessing: { type: 'boolean' },
    ErrorMessage: { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
    ProcessingTimeInMilliseconds: { type: 'string', pattern: '^\\d+$', description: 'As OCR.space sends it: digits in a string' },
    SearchablePDFURL: { type: 'string', description: 'Where isCreateSearchablePdf was true: the address of the searchable PDF' },
  },
};
