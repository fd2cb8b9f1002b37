import { otsuThreshold } from './binarize.ts';
import { sampleBilinear, scaleImage } from './geometry.ts';
import { type GreyImage, roundLevel } from './grey-image.ts';

export type Point = [number, number];
/** Corners clockwise from the top left. */
export type Quad = [Point, Point, Point, Point];

/**
 * Finds a sheet of paper photographed on a darker surface: the largest bright region of a
 * small copy of the photo, its four extreme corners. Undefined when there is no such sheet
 * (a scan or screenshot fills the frame; a dark page has nothing brighter around it), so the
 * image is used as it is.
 */
export function findPageOutline(image: GreyImage): Quad | undefined {
  const factor = Math.min(1, 400 / Math.max(image.width, image.height));
  const small = factor < 1 ? scaleImage(image, factor) : image;
  const { width, height, data } = small;
  const threshold = otsuThreshold(small);
  // Flood fill from the brightest pixels outwards: labels of 4-connected bright regions.
  const labels = new Int32Array(width * height).fill(-1);
  // Each pixel is pushed once at most: a stack the image's size never grows, and every page
  // costs no garbage (an array of neighbours per pixel was most of this function's time).
  const stack = new Int32Array(width * height);
  let bestLabel = -1;
  let bestSize = 0;
  let label = 0;
  for (let start = 0; start < data.length; start++) {
    if (labels[start] !== -1 || data[start]! < threshold) continue;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    const visit = (n: number) => {
      if (labels[n] !== -1 || data[n]! < threshold) return;
      labels[n] = label;
      stack[top++] = n;
    };
    while (top > 0) {
      const i = stack[--top]!;
      size++;
      const x = i % width;
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i + width < data.length) visit(i + width);
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = label;
    }
    label++;
  }
  if (bestLabel < 0) return undefined;

  // The sheet must be much of the photo, with desk around most of it (a corner may be cut off
  // by the frame); a scan or screenshot is bright up to its edges all round.
  let touching = 0;
  let border = 0;
  for (let x = 0; x < width; x++) {
    border += 2;
    if (labels[x] === bestLabel) touching++;
    if (labels[(height - 1) * width + x] === bestLabel) touching++;
  }
  for (let y = 0; y < height; y++) {
    border += 2;
    if (labels[y * width] === bestLabel) touching++;
    if (labels[y * width + width - 1] === bestLabel) touching++;
  }
  if (bestSize < data.length * 0.2 || touching > border * 0.4) return undefined;

  // Extreme points along the diagonals are the corners of a sheet turned less than ~40°.
  const extremes = [-Infinity, -Infinity, -Infinity, -Infinity];
  const corners: Point[] = [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ];
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== bestLabel) continue;
    const x = i % width;
    const y = (i - x) / width;
    const scores = [-x - y, x - y, x + y, -x + y];
    for (let c = 0; c < 4; c++) {
      if (scores[c]! > extremes[c]!) {
        extremes[c] = scores[c]!;
        corners[c] = [x, y];
      }
    }
  }
  const quad = corners.map(([x, y]) => [(x + 0.5) / factor, (y + 0.5) / factor] as Point) as Quad;
  // A sheet is a convex quadrilateral with most of the region inside it.
  const area = quadArea(quad) * factor * factor;
  if (area < bestSize * 0.9 || area > bestSize * 1.15) return undefined;
  if (busyOutside(small, corners)) return undefined;
  return quad;
}

/**
 * A desk or a table top is plain next to a page; a screenshot's dark sidebar or toolbar
 * around a white panel is full of sharp edges (its own text), and must not be cut away.
 */
function busyOutside(image: GreyImage, corners: Point[]): boolean {
  const { width, height, data } = image;
  const cx = corners.reduce((sum, [x]) => sum + x, 0) / 4;
  const cy = corners.reduce((sum, [, y]) => sum + y, 0) / 4;
  // The outline pushed out a little, so the sheet's own edge does not count.
  const grown = corners.map(([x, y]) => [x + Math.sign(x - cx) * 4, y + Math.sign(y - cy) * 4] as Point);
  const inside = (x: number, y: number) =>
    grown.every(([x0, y0], i) => {
      const [x1, y1] = grown[(i + 1) % 4]!;
      return (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) >= 0;
    });
  let outside = 0;
  let edges = 0;
  for (let y = 2; y < height - 3; y++) {
    for (let x = 2; x < width - 3; x++) {
      if (inside(x, y)) continue;
      outside++;
      const i = y * width + x;
      if (Math.abs(data[i]! - data[i + 1]!) > 48 || Math.abs(data[i]! - data[i + width]!) > 48) edges++;
    }
  }
  return outside > 0 && edges / outside > 0.01;
}

function quadArea(quad: Quad): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = quad[i]!;
    const [x1, y1] = quad[(i + 1) % 4]!;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

/**
 * The share of the sheet's width and height left out at each edge. The corners are found on a
 * copy at most 400 px across, so the outline may stray a few of its pixels onto the desk, and
 * that sliver along the page read as a "|" before each line (generated photo 8: CER 0.55% →
 * 0.16%; the generated set 0.25% → 0.20%, its receipts 0.46% → 0.26%, real photos unchanged).
 * A printed page's margins are ten times wider.
 */
const EDGE_INSET = 0.008;

/**
 * Maps the sheet onto an upright rectangle (a perspective warp, as a scanner app does), sized
 * by the sheet's longer edges so no detail is lost, less a thin band at its edges.
 */
export function flattenPage(image: GreyImage, quad: Quad): GreyImage {
  const [tl, tr, br, bl] = quad;
  const length = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const sheetWidth = Math.round(Math.max(length(tl, tr), length(bl, br)));
  const sheetHeight = Math.round(Math.max(length(tl, bl), length(tr, br)));
  const h = homography(
    [
      [0, 0],
      [sheetWidth, 0],
      [sheetWidth, sheetHeight],
      [0, sheetHeight],
    ],
    quad,
  );
  const insetX = Math.round(sheetWidth * EDGE_INSET);
  const insetY = Math.round(sheetHeight * EDGE_INSET);
  const width = sheetWidth - 2 * insetX;
  const height = sheetHeight - 2 * insetY;
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const y = row + insetY;
    for (let col = 0; col < width; col++) {
      const x = col + insetX;
      const w = h[6]! * x + h[7]! * y + 1;
      out[row * width + col] = roundLevel(sampleBilinear(image, (h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w));
    }
  }
  return { width, height, data: out };
}

/** The 8 coefficients of the projective map taking the points `from` onto `to`. */
export function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  from.forEach(([x, y], i) => {
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  });
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let row = 0; row < 8; row++) {
      if (row === col) continue;
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 8; k++) a[row]![k]! -= factor * a[col]![k]!;
      b[row]! -= factor * b[col]!;
    }
  }
  return b.map((value, i) => value / a[i]![i]!);
}
