import { MAX_RASTER_SIDE, OCR_MAX_PIXELS } from '../../limits.ts';
import { otsuThreshold } from './binarize.ts';
import { textColumns, type TextColumns } from './columns.ts';
import { findBlobs, letterLike, median } from './components.ts';
import { rotateExpanded, rotateImage, rotateQuarterTurns, scaleImage, shrinkImage } from './geometry.ts';
import { findLineAngle } from './line-angle.ts';
import { blankBoxes, type Box, type GreyImage } from './grey-image.ts';
import { normalizeIllumination } from './illumination.ts';
import { normalizePolarity } from './polarity.ts';
import { findPageOutline, flattenPage } from './page-outline.ts';
import { findDashRules, keepLoneRules, type DashRule } from './rules.ts';
import { findVanishingPoint, levelLines } from './line-perspective.ts';
import { findLoneDots } from './dots.ts';
import { findFrames, type Frame } from './frames.ts';
import { estimateSkew } from './skew.ts';
import { isSideways, looksUpsideDown, type QuarterTurns } from './orientation.ts';

/** How Tesseract should split the page: its automatic layout, or one block of lines. */
export type PageSegmentation = 'auto' | 'block';

export interface PreparedPage {
  image: GreyImage;
  segmentation: PageSegmentation;
  /** Whether text columns run down the page, for the reading order (lines/second-reading.ts). */
  columns: TextColumns;
  /** Separator rows of dashes, painted out of `image`, in its pixels. */
  rules: DashRule[];
  /** Ruled tables and boxed asides, in `image`'s pixels: read apart from the body. */
  frames: Frame[];
  /** What was done, for logs and the benchmark. */
  flattened: boolean;
  /** Fanning lines made level (a slanted photo without its page edges). */
  levelled: boolean;
  turns: QuarterTurns;
  /** Degrees the lines were turned by to make them level, diagonal turn and skew together. */
  skew: number;
  scale: number;
  letterHeight: number;
}

export interface PrepareOptions {
  /** Turn the page this way instead of finding out (the turned look of pipeline.ts). */
  turns?: QuarterTurns;
}

/**
 * Median letter height, in pixels, that small text is enlarged to: measured on the photos,
 * 16 and 24 read as well as 20, which costs less time than 24.
 */
const TARGET_LETTER_HEIGHT = 20;
const MAX_ENLARGEMENT = 3;
/** Letters taller than this many times the target are shrunk, to this many times it. */
const SHRINK_ABOVE = 2;
const SHRINK_TO = 1.6;

/** The long side, in pixels, of the copy a photo's line direction is looked for on: letters stay 10+ pixels tall. */
const ANGLE_SEARCH_SIDE = 1600;

/** The ink of a small evened copy of the photo as it came, found once per photo (diagonalAngle, looksSideways). */
interface Glance {
  ink: ReturnType<typeof inkOf>;
  /** The evened copy, where it is the photo's own size: what preparePage evens the photo to, as it comes. */
  evened?: GreyImage;
}
const glances = new WeakMap<GreyImage, Glance>();
function glanceAt(photo: GreyImage): Glance {
  let glance = glances.get(photo);
  if (!glance) {
    const factor = ANGLE_SEARCH_SIDE / Math.max(photo.width, photo.height);
    const small = factor < 1 ? shrinkImage(photo, factor) : photo;
    const evened = evenedPage(small);
    glance = { ink: inkOf(evened), ...(small === photo ? { evened } : {}) };
    glances.set(photo, glance);
  }
  return glance;
}

/** Light text on dark made dark on light, the light evened: polarity is judged over a few lines at a time, where paper outweighs even bold ink. */
function evenedPage(image: GreyImage): GreyImage {
  const cell = Math.max(12, Math.round(Math.max(image.width, image.height) / 100));
  return normalizeIllumination(normalizePolarity(image, cell * 4), cell);
}

/** The direction of a diagonal page's lines (findLineAngle), on a small evened copy of the photo as it came. */
function diagonalAngle(photo: GreyImage): number | undefined {
  const { letters, height } = glanceAt(photo).ink;
  return findLineAngle(letters, height);
}

/**
 * Whether the page's lines run up or down it, told from the small copy before the page is
 * prepared: a reading of the page as it came, started beside preparation, would be of a
 * sideways page (pipeline.ts). Preparation's own finding, on the page at full size, decides.
 */
export function looksSideways(photo: GreyImage): boolean {
  return isSideways(glanceAt(photo).ink.letters);
}

/** Whether the page as it came looks upside down (looksUpsideDown), told from the same small copy as looksSideways. */
export function looksOver(photo: GreyImage): boolean {
  return looksUpsideDown(glanceAt(photo).ink.letters);
}

/** The median grey of the photo's edge pixels: the desk around a sheet, or a scan's margin. */
function borderGrey({ width, height, data }: GreyImage): number {
  const edge: number[] = [];
  const stride = Math.max(1, Math.floor((width + height) / 500));
  for (let x = 0; x < width; x += stride) edge.push(data[x]!, data[(height - 1) * width + x]!);
  for (let y = 0; y < height; y += stride) edge.push(data[y * width]!, data[y * width + width - 1]!);
  return median(edge);
}

/** Ink blobs and the letters among them, on a page already evened out. */
function inkOf(image: GreyImage) {
  const blobs = findBlobs(image, otsuThreshold(image));
  const letters = letterLike(blobs, image);
  return { blobs, letters, height: median(letters.map((letter) => letter.y1 - letter.y0)) };
}

/**
 * Readies a photo, scan or screenshot for Tesseract, the steps a document-scanner app takes:
 * the sheet cut from the desk and its perspective undone, light text on dark turned dark on
 * light, the light evened out, the lines made level,
 * letters enlarged to the size the model reads best, and the page segmentation that suits
 * its layout. Pure arithmetic on grey pixels, so the browser and the server do the same.
 */
export function preparePage(photo: GreyImage, options: PrepareOptions = {}): PreparedPage {
  // Lines running diagonally (a phone held at an angle over the page) are turned level first,
  // the whole photo, so that the sheet's outline is then found as the usual near-upright one;
  // which way along the lines the text reads, the quarter-turn step and reading (below) tell.
  const angle = diagonalAngle(photo);
  const input = angle === undefined ? photo : rotateExpanded(photo, -angle, borderGrey(photo));
  // The turned photo's own edges would pass for a sheet's: its perspective is left to the
  // fanning-lines step instead.
  const outline = angle === undefined ? findPageOutline(input) : undefined;
  // A photo of the glance's own size, taken as it came, was evened and its ink found already
  // (a screenshot, a small scan): a copy, as rules and dots are painted out of it below.
  const glance = input === photo && !outline ? glanceAt(photo) : undefined;
  let image = glance?.evened ? { ...glance.evened, data: glance.evened.data.slice() } : evenedPage(outline ? flattenPage(input, outline) : input);
  let ink = glance?.evened ? glance.ink : inkOf(image);
  // Lines running up the page are turned level here; which way up the text then is, only
  // reading tells (pipeline.ts looks again, turned over, when it reads poorly).
  const turns: QuarterTurns = options.turns ?? (isSideways(ink.letters) ? 1 : 0);
  if (turns !== 0) {
    image = rotateQuarterTurns(image, turns);
    ink = inkOf(image);
  }
  // A photo taken at a slant whose page edges are out of frame: its lines fan out, and
  // where they meet tells the slant.
  const point = outline ? undefined : findVanishingPoint(ink.letters, ink.height, image);
  if (point) {
    image = levelLines(image, point);
    ink = inkOf(image);
  }
  let skew = estimateSkew(ink.letters);
  if (Math.abs(skew) >= 0.2) {
    image = rotateImage(image, -skew);
    ink = inkOf(image);
  } else skew = 0;
  const { blobs, letters, height } = ink;
  let rules = keepLoneRules(findDashRules(blobs, height), letters, height);
  // Rules are painted out so the recogniser does not read them as stray marks; they are put
  // back into the text where they stood (pipeline.ts).
  blankBoxes(image, rules, Math.ceil(height * 0.2));
  blankBoxes(image, findLoneDots(blobs, letters, height), 1);
  let frames = findFrames(image, blobs, height);
  // Tables and asides are read apart, so the body's layout is judged without their columns.
  const body = letters.filter((letter) => !frames.some(({ box }) => letter.x0 >= box.x0 && letter.x1 <= box.x1 && letter.y0 >= box.y0 && letter.y1 <= box.y1));
  const columns = textColumns(body, height);
  const segmentation: PageSegmentation = columns === 'none' ? 'block' : 'auto';
  // Small letters are enlarged; very large ones (a 12 MP photo of a page) are shrunk, as the
  // model reads lines at a fixed height and the rest of the pixels only cost time.
  let scale = 1;
  if (height > 0 && height < TARGET_LETTER_HEIGHT) {
    scale = Math.min(MAX_ENLARGEMENT, TARGET_LETTER_HEIGHT / height, Math.sqrt(OCR_MAX_PIXELS / (image.width * image.height)));
  } else if (height > TARGET_LETTER_HEIGHT * SHRINK_ABOVE) {
    scale = (TARGET_LETTER_HEIGHT * SHRINK_TO) / height;
  }
  if (Math.abs(scale - 1) <= 0.05) scale = 1;
  // Tesseract takes no side over 32767 pixels ("Image too large"): a long strip is not enlarged
  // past MAX_RASTER_SIDE, and one already longer is shrunk to it.
  scale = Math.min(scale, MAX_RASTER_SIDE / Math.max(image.width, image.height));
  if (scale !== 1) {
    image = scale > 1 ? scaleImage(image, scale) : shrinkImage(image, scale);
    rules = rules.map((rule) => ({ ...rule, x0: rule.x0 * scale, x1: rule.x1 * scale, y0: rule.y0 * scale, y1: rule.y1 * scale }));
    frames = frames.map((frame) => ({
      box: scaleBox(frame.box, scale, image),
      rows: frame.rows.map((row) => row.map((cell) => scaleBox(cell, scale, image))),
    }));
  }
  return {
    image,
    segmentation,
    columns,
    rules,
    frames,
    flattened: Boolean(outline),
    levelled: Boolean(point),
    turns,
    skew: skew + (angle ?? 0),
    scale,
    letterHeight: height,
  };
}

/** A box of the unscaled page in the scaled one's pixels, kept inside it. */
function scaleBox(box: Box, scale: number, image: GreyImage): Box {
  return {
    x0: Math.max(0, Math.floor(box.x0 * scale)),
    y0: Math.max(0, Math.floor(box.y0 * scale)),
    x1: Math.min(image.width, Math.ceil(box.x1 * scale)),
    y1: Math.min(image.height, Math.ceil(box.y1 * scale)),
  };
}

/**
 * The page as it came, nothing done to it, its letters measured on an evened copy: what the
 * reading works on when the preparation is switched off (the benchmark's ablation, pipeline.ts).
 * `turns` says how it was turned before it came here.
 */
export function measurePage(photo: GreyImage, turns: QuarterTurns = 0): PreparedPage {
  const { letters, height } = inkOf(evenedPage(photo));
  return {
    image: photo,
    segmentation: 'auto',
    columns: textColumns(letters, height),
    rules: [],
    frames: [],
    flattened: false,
    levelled: false,
    turns,
    skew: 0,
    scale: 1,
    letterHeight: height,
  };
}
