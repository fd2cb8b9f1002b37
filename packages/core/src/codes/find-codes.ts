import type { ReaderOptions } from 'zxing-wasm/reader';
import type { RgbaImage, ScannedCode } from '../conversion.ts';
import { throwIfCancelled } from '../errors.ts';
import { cropImage, greyFromRgba, type GreyImage } from '../ocr/preprocess/grey-image.ts';
import { scaleImage, shrinkImage } from '../ocr/preprocess/geometry.ts';
import { addUnique, scannedCode } from './code-results.ts';
import { onWhite, zxingPixels } from './code-pixels.ts';
import { despeckle } from './despeckle.ts';
import { evenLight } from './even-light.ts';
import { unblur } from './unblur.ts';
import { turnImage } from './turn-image.ts';
import type { ZxingRead } from './zxing-reader.ts';

export type CodeFormats = NonNullable<ReaderOptions['formats']>;

/**
 * ZXing at its most thorough: every orientation in quarter turns, light-on-dark codes, smaller
 * copies of a large picture. Text as the symbol holds it, in its character set (Shift_JIS and
 * the like guessed when no ECI says), not the "human readable" form (GS1 fields in brackets).
 */
const THOROUGH: ReaderOptions = {
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 255,
  textMode: 'Plain',
  characterSet: 'Unknown',
  eanAddOnSymbol: 'Ignore',
};

/** One more look at a picture in which the first found nothing. */
export interface Pass {
  name: string;
  image(): GreyImage;
  options?: ReaderOptions;
}

/** Pictures larger than this are looked at again through a smaller copy, or in parts. */
const PASS_PIXELS = 4_000_000;

/** `image`, or a smaller copy of it when it has more than PASS_PIXELS pixels. */
function within(image: GreyImage): GreyImage {
  const count = image.width * image.height;
  return count <= PASS_PIXELS ? image : shrinkImage(image, Math.sqrt(PASS_PIXELS / count));
}

/** `image` turned by `degrees`, from a smaller copy where the turned canvas would pass PASS_PIXELS. */
function turnedWithin(image: GreyImage, degrees: number): GreyImage {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const area = (image.width * cos + image.height * sin) * (image.width * sin + image.height * cos);
  return turnImage(area <= PASS_PIXELS ? image : shrinkImage(image, Math.sqrt(PASS_PIXELS / area)), degrees);
}

/** How much `image` may be enlarged: up to twice, within PASS_PIXELS. */
const enlargement = (image: GreyImage) => Math.min(2, Math.sqrt(PASS_PIXELS / (image.width * image.height)));
/** Enlarging by less than this gains nothing worth a read. */
const MIN_ENLARGEMENT = 1.25;

/**
 * Overlapping parts of the picture, each half its width and height, stepped by a quarter: a
 * code anywhere lies whole in one of them (unless it is larger than a quarter of the picture,
 * which the whole-picture passes see).
 */
function* parts(image: GreyImage): Generator<GreyImage> {
  const width = Math.round(image.width / 2);
  const height = Math.round(image.height / 2);
  const stepX = Math.max(1, Math.round(width / 2));
  const stepY = Math.max(1, Math.round(height / 2));
  for (let y0 = 0; y0 + height <= image.height; y0 += stepY) {
    for (let x0 = 0; x0 + width <= image.width; x0 += stepX) {
      yield cropImage(image, { x0, y0, x1: x0 + width, y1: y0 + height });
    }
  }
}

/**
 * The further looks, each for a whole class of photos that defeats ZXing's first look
 * (measured on generated pictures of each class, bench/codes), the cheapest first:
 * - light evened: a shadow or gradient across the code, a faint print;
 * - despeckled: dirt, print dropouts, sensor noise (5 % of flipped pixels break a QR code);
 * - a threshold over the whole picture (2D codes): a close-up whose modules are larger than
 *   the neighbourhood ZXing's local threshold looks at, blurred and noisy;
 * - unblurred (bar codes): out of focus, thin bars and spaces left as grey ripples, enlarged
 *   first so that the blur spans whole pixels;
 * - enlarged: modules of one or two pixels, which the binariser merges;
 * - turned (bar codes): ZXing scans them along rows and columns only, which reach a code tilted
 *   by up to about 10° (Code 128) or 20° (EAN); turns by 22.5°, 45° and 67.5°, with ZXing's own
 *   quarter turns, reach every angle between;
 * - in parts: a small code in a large photo, drowned out in the whole picture's threshold and
 *   row scans, read in each part (enlarged when the picture is small).
 * A smaller copy of a huge photo is not among them: ZXing's own downscaling (tryDownscale)
 * already reads close-ups of 12 MP with modules of 100 pixels, blurred and noisy.
 */
export function* fallbackPasses(grey: GreyImage, { linear, matrix }: { linear: boolean; matrix: boolean }): Generator<Pass> {
  const base = within(grey);
  yield { name: 'light-evened', image: () => evenLight(base) };
  yield { name: 'despeckled', image: () => despeckle(base) };
  if (matrix) yield { name: 'global-threshold', image: () => base, options: { binarizer: 'GlobalHistogram' } };
  const scale = enlargement(base);
  if (linear) {
    yield {
      name: 'unblurred',
      image: () => (scale >= MIN_ENLARGEMENT ? unblur(scaleImage(base, scale), Math.round(2 * scale), 3) : unblur(base, 2, 3)),
    };
  }
  if (scale >= MIN_ENLARGEMENT) yield { name: 'enlarged', image: () => scaleImage(base, scale) };
  if (linear) for (const degrees of [22.5, 45, 67.5]) yield { name: `turned-${degrees}`, image: () => turnedWithin(base, degrees) };
  let index = 0;
  for (const part of parts(grey)) {
    const partScale = enlargement(part);
    yield { name: `part-${index++}`, image: () => (partScale >= MIN_ENLARGEMENT ? scaleImage(part, partScale) : within(part)) };
  }
}

/** zxing-wasm's names of 2D symbologies; every other format is a bar code, read along lines. */
const MATRIX = /QR|Matrix|Aztec|PDF417|MaxiCode/i;

export interface FindOptions {
  formats: CodeFormats;
  signal?: AbortSignal;
  /** ZXing's first look, the further passes, or both (the default) as need be. */
  looks?: 'first' | 'further' | 'all';
  /**
   * The share of the looks made: a picture without a code takes every further look (several
   * seconds), and the bar moves with them.
   */
  onProgress?: (fraction: number) => void;
}

/**
 * Every code in a picture. ZXing looks first as it is; only when it finds nothing are the
 * further passes tried, one by one until one finds something, so a clear picture costs one read.
 * Codes read twice are listed once.
 */
export async function findCodes(read: ZxingRead, image: RgbaImage, { formats, signal, looks = 'all', onProgress }: FindOptions): Promise<ScannedCode[]> {
  const options = { ...THOROUGH, formats };
  const codes: ScannedCode[] = [];
  if (looks !== 'further') addUnique(codes, (await read(onWhite(image), options)).map(scannedCode));
  if (codes.length > 0 || looks === 'first') return codes;
  const kinds = {
    linear: formats.length === 0 || formats.some((format) => !MATRIX.test(format)),
    matrix: formats.length === 0 || formats.some((format) => MATRIX.test(format)),
  };
  // Each pass's picture is made only when it is looked at: listing them costs nothing.
  const passes = [...fallbackPasses(greyFromRgba(image.data, image.width, image.height), kinds)];
  const before = looks === 'all' ? 1 : 0;
  for (const [index, pass] of passes.entries()) {
    throwIfCancelled(signal);
    onProgress?.((before + index) / (before + passes.length));
    addUnique(codes, (await read(zxingPixels(pass.image()), { ...options, ...pass.options })).map(scannedCode));
    if (codes.length > 0) break;
  }
  return codes;
}
