import type { ReadResult } from 'zxing-wasm/reader';
import type { ScannedCode } from '../conversion.ts';

/**
 * zxing-wasm's format names in the form of ZXing's API (and of our HTTP API and the page's
 * labels). Variants a reader tells apart but a person does not (Code 39 standard or extended,
 * ITF-14, DataBar stacked) take their family's name.
 */
const FORMAT_NAMES: Record<string, string> = {
  QRCode: 'QR_CODE',
  QRCodeModel1: 'QR_CODE',
  QRCodeModel2: 'QR_CODE',
  MicroQRCode: 'MICRO_QR_CODE',
  RMQRCode: 'RMQR_CODE',
  EAN13: 'EAN_13',
  ISBN: 'EAN_13',
  EAN8: 'EAN_8',
  UPCA: 'UPC_A',
  UPCE: 'UPC_E',
  EAN2: 'UPC_EAN_EXTENSION',
  EAN5: 'UPC_EAN_EXTENSION',
  Code39: 'CODE_39',
  Code39Std: 'CODE_39',
  Code39Ext: 'CODE_39',
  Code32: 'CODE_32',
  PZN: 'PZN',
  Code93: 'CODE_93',
  Code128: 'CODE_128',
  ITF: 'ITF',
  ITF14: 'ITF',
  Codabar: 'CODABAR',
  DataMatrix: 'DATA_MATRIX',
  PDF417: 'PDF_417',
  CompactPDF417: 'PDF_417',
  MicroPDF417: 'MICRO_PDF_417',
  Aztec: 'AZTEC',
  AztecCode: 'AZTEC',
  AztecRune: 'AZTEC',
  MaxiCode: 'MAXICODE',
  DataBar: 'DATABAR',
  DataBarOmni: 'DATABAR',
  DataBarStk: 'DATABAR',
  DataBarStkOmni: 'DATABAR',
  DataBarExp: 'DATABAR_EXPANDED',
  DataBarExpStk: 'DATABAR_EXPANDED',
  DataBarLtd: 'DATABAR_LIMITED',
  DXFilmEdge: 'DX_FILM_EDGE',
  Telepen: 'TELEPEN',
  TelepenAlpha: 'TELEPEN',
  TelepenNumeric: 'TELEPEN',
};

/** A name zxing-wasm may add later, in the same form: "HanXin" -> "HAN_XIN". */
const apiName = (format: string) => FORMAT_NAMES[format] ?? format.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** ZXing's Code 128 writer takes function codes as these characters; they read back the same. */
const FNC1 = '\u00f1';
const FNC3 = '\u00f3';
const GROUP_SEPARATOR = '\u001d';

/** What `extra` (a JSON object as text) holds under `key`, if anything. */
function extra(result: ReadResult, key: string): unknown {
  try {
    return (JSON.parse(result.extra || '{}') as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * A reading as ZXing's own API gives it (the payload the corpus and other ZXing users expect):
 * - UPC-A is 12 digits. zxing-cpp reports it, and any EAN-13 starting with 0 (which is the same
 *   symbol), as 13 digits; ZXing calls such a code UPC-A without the 0.
 * - UPC-E is the 8 digits printed under it, not its expansion to 13.
 * - Code 128 function codes are single characters, as ZXing's writer takes them: FNC1 (which the
 *   reader passes on as a group separator, or as the GS1 symbology identifier when it comes
 *   first) is U+00F1, FNC3 (which marks a reader-programming symbol and leaves only a flag) is
 *   U+00F3.
 */
export function scannedCode(result: ReadResult): ScannedCode {
  let format = apiName(result.format);
  let { text } = result;
  if ((format === 'EAN_13' || format === 'UPC_A') && /^0\d{12}$/.test(text)) {
    format = 'UPC_A';
    text = text.slice(1);
  } else if (format === 'UPC_E') {
    const printed = extra(result, 'UPCE');
    if (typeof printed === 'string' && /^\d{8}$/.test(printed)) text = printed;
  } else if (format === 'CODE_128') {
    text = text.replaceAll(GROUP_SEPARATOR, FNC1);
    const modifier = result.symbologyIdentifier.slice(2);
    // ]C1: FNC1 came first (GS1-128); ]C2: it came after the first character, a letter or a
    // pair of digits (AIM). A group separator written as such (code set A) cannot be told apart.
    if (modifier === '1') text = FNC1 + text;
    else if (modifier === '2') {
      const first = /^\d\d/.test(text) ? 2 : 1;
      text = text.slice(0, first) + FNC1 + text.slice(first);
    }
    if (extra(result, 'ReaderInit') === true) text = FNC3 + text;
  }
  return { format, text };
}

/** The same code read twice (in two passes, or twice in one image) is listed once. */
export function addUnique(codes: ScannedCode[], found: Iterable<ScannedCode>): void {
  for (const code of found) {
    if (!codes.some((known) => known.format === code.format && known.text === code.text && known.page === code.page)) codes.push(code);
  }
}
