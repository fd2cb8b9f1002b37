import type { Conversion, ConversionContext, ConversionHost, ConversionResult, InputFile, RgbaImage, ScannedCode } from '../conversion.ts';
import { addUnique } from '../codes/code-results.ts';
import { findCodes, type CodeFormats } from '../codes/find-codes.ts';
import { zxingReader, type ZxingRead } from '../codes/zxing-reader.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { inspectImage } from '../image-info.ts';
import { decodeRgbaFor } from '../images/open-image.ts';
import { BARCODE_MAX_PAGES, checkPageCount, CODES_MAX_PIXELS } from '../limits.ts';
import { isImageType, sniffType } from '../sniff.ts';

/** The QR family: the QR Code Scanner reads nothing else, so a stray bar code is not listed. */
const QR_FORMATS: CodeFormats = ['QRCode', 'MicroQRCode', 'RMQRCode'];
/** Every format ZXing reads. */
const ALL_FORMATS: CodeFormats = [];

/** Pages are drawn at 200 dpi: a bar code's narrowest bar printed at 0.25 mm gets two pixels. */
const PDF_SCALE = 200 / 72;
/**
 * A PDF in which no page has a code ZXing reads at first sight is most likely not a document
 * of codes: the harder looks (several seconds a page) are spent on its first pages only, so a
 * long report answers "no code" in about a minute rather than in many.
 */
const PDF_FALLBACK_PAGES = 10;

/** The codes of every page, first each page at first sight, then the harder looks if none had any. */
async function scanPdf(
  file: InputFile,
  host: ConversionHost,
  read: ZxingRead,
  formats: CodeFormats,
  { onProgress, signal }: ConversionContext,
): Promise<ScannedCode[]> {
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(file.bytes);
  const codes: ScannedCode[] = [];
  try {
    const total = document.numPages;
    checkPageCount(total, BARCODE_MAX_PAGES);
    const readPage = async (number: number, looks: 'first' | 'further') => {
      const page = await document.getPage(number);
      try {
        // At most the size a picture is looked at (a poster's page is drawn smaller).
        const image = await pdf.renderPageRgba(page, PDF_SCALE, CODES_MAX_PIXELS);
        const found = await findCodes(read, image, { formats, signal, looks });
        addUnique(
          codes,
          found.map((code) => ({ ...code, page: number })),
        );
      } finally {
        page.cleanup();
      }
    };
    for (let number = 1; number <= total; number++) {
      throwIfCancelled(signal);
      onProgress?.((number - 1) / total, 'reading', { page: number, pages: total });
      await readPage(number, 'first');
    }
    const rereading = Math.min(total, PDF_FALLBACK_PAGES);
    for (let number = 1; codes.length === 0 && number <= rereading; number++) {
      throwIfCancelled(signal);
      onProgress?.((number - 1) / rereading, 'rereading', { page: number, pages: rereading });
      await readPage(number, 'further');
    }
  } finally {
    await close();
  }
  return codes;
}

async function scanImage(
  file: InputFile,
  host: ConversionHost,
  read: ZxingRead,
  formats: CodeFormats,
  { onProgress, signal }: ConversionContext,
): Promise<ScannedCode[]> {
  const type = sniffType(file.bytes);
  if (!isImageType(type)) throw new ConversionError('unsupported-type', `${file.name} is not a file this tool reads.`);
  const image: RgbaImage = await decodeRgbaFor(host, file.bytes, inspectImage(file.bytes), CODES_MAX_PIXELS);
  onProgress?.(0, 'reading');
  return findCodes(read, image, { formats, signal, onProgress: (fraction) => onProgress?.(fraction, 'reading') });
}

/** Reads the codes of one picture or PDF; nothing readable is an error the page can say. */
function scanner(formats: CodeFormats): Conversion {
  return async ({ files }, _options, context): Promise<ConversionResult> => {
    const file = files[0];
    if (!file) throw new ConversionError('no-file', 'No file was given.');
    const { host, onProgress } = context;
    onProgress?.(0, 'loading');
    const read = await zxingReader(host);
    const codes =
      sniffType(file.bytes) === 'application/pdf' ? await scanPdf(file, host, read, formats, context) : await scanImage(file, host, read, formats, context);
    onProgress?.(1, 'reading');
    if (codes.length === 0) throw new ConversionError('no-text', 'No readable code found in the image.');
    return { outputs: [], text: codes.map((code) => code.text).join('\n'), data: { codes } };
  };
}

/** QR Code Scanner: every QR code in a picture (several, turned, photographed). */
export const scanQrCodes = scanner(QR_FORMATS);

/** Barcode Scanner: every code of any format ZXing reads, in a picture or on every page of a PDF. */
export const scanBarcodes = scanner(ALL_FORMATS);
