// Variants of a real photo or receipt, as other uploads of the same kind arrive (issue 21):
// turned by any angle with no EXIF tag, out of focus on the whole page or on one half, small
// and saved again at a low JPEG quality, coloured headings paler. Each is a function of the
// image's bytes (any type sharp reads) giving JPEG bytes with no metadata at all, so neither
// our pipeline nor a reference reader can learn the turn from an EXIF tag. bench/ocr/sweep.ts
// runs them on the corpus; tests can make the same variants of one photo.
import sharp, { type Sharp } from 'sharp';

/** Quality of the variants that are not about compression: about what a phone saves. */
export const VARIANT_JPEG_QUALITY = 92;
export const SWEEP_ANGLES = Array.from({ length: 24 }, (_, i) => i * 15);
export const SWEEP_SIGMAS = [1, 2, 3];
export const SWEEP_LONG_SIDES = [1600, 1200];
/** Quality of the small variants, as the issue asks: a messenger's or a web form's recompression. */
export const SMALL_JPEG_QUALITY = 50;

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

type Colour = { r: number; g: number; b: number };

/**
 * The picture's pixels as it is seen (its EXIF orientation applied, alpha flattened onto
 * white), three channels, no metadata.
 */
export async function uprightRgb(bytes: Uint8Array): Promise<Rgb> {
  const { data, info } = await sharp(bytes, { autoOrient: true, limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function fromRgb({ data, width, height }: Rgb) {
  return sharp(data, { raw: { width, height, channels: 3 }, limitInputPixels: false });
}

/** JPEG bytes; sharp writes no metadata unless asked, so no EXIF tag and no orientation. */
function jpeg(image: Sharp, quality = VARIANT_JPEG_QUALITY): Promise<Buffer> {
  return image.jpeg({ quality }).toBuffer();
}

/**
 * The picture as it is seen (EXIF orientation applied), re-saved like every other variant: the
 * sweep's reference, its 0°. "Upright" as a person sees it on a screen, not as the page stands:
 * the corpus's two COD photos are of a page lying sideways in the frame.
 */
export async function upright(bytes: Uint8Array): Promise<Buffer> {
  return jpeg(fromRgb(await uprightRgb(bytes)));
}

/**
 * The median colour of the picture's outer ring (1% of its shorter side, at least 2 px): for a
 * phone photo, the table or the paper the page lies on; for a scan, the scanner's lid or the
 * paper's margin.
 */
export function borderColour({ data, width, height }: Rgb): Colour {
  const ring = Math.max(2, Math.round(Math.min(width, height) * 0.01));
  const histograms = [0, 1, 2].map(() => new Uint32Array(256));
  let count = 0;
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    for (let channel = 0; channel < 3; channel++) {
      const histogram = histograms[channel]!;
      const value = data[i + channel]!;
      histogram[value] = histogram[value]! + 1;
    }
    count++;
  };
  for (let y = 0; y < height; y++) {
    if (y < ring || y >= height - ring) {
      for (let x = 0; x < width; x++) add(x, y);
    } else {
      for (let x = 0; x < Math.min(ring, width); x++) add(x, y);
      for (let x = Math.max(ring, width - ring); x < width; x++) add(x, y);
    }
  }
  const median = (histogram: Uint32Array) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) {
      seen += histogram[value]!;
      if (seen * 2 >= count) return value;
    }
    return 255;
  };
  const [r, g, b] = histograms.map(median) as [number, number, number];
  return { r, g, b };
}

export type TurnFill = 'border' | 'grey';

/**
 * The picture turned clockwise by `degrees`, the canvas enlarged to hold all of it. Multiples
 * of 90° are exact (pixels moved, nothing resampled, no corners to fill). Other angles leave
 * four corner wedges, filled by default with the picture's border colour (borderColour): a
 * phone held at an angle over a page sees more of the table round it, not flat grey triangles,
 * and a uniform fill in a colour the picture has nowhere near its edge would add four long
 * straight contrast edges that a sheet finder could take for the page's outline. `grey` (#808080,
 * as bench/ocr/variants.ts's askew variant) is there to check that the fill does not matter.
 */
export async function turned(bytes: Uint8Array, degrees: number, { fill = 'border' as TurnFill } = {}): Promise<Buffer> {
  const angle = ((degrees % 360) + 360) % 360;
  const rgb = await uprightRgb(bytes);
  if (angle % 90 === 0) return jpeg(fromRgb(rgb).rotate(angle));
  const background = fill === 'grey' ? { r: 128, g: 128, b: 128 } : borderColour(rgb);
  return jpeg(fromRgb(rgb).rotate(angle, { background }));
}

export type BlurRegion = 'whole' | 'left-half';

/**
 * Out of focus: a Gaussian blur of `sigma` pixels of the picture as it is (not of a page size
 * or a letter height: on a 12 MP photo σ 3 softens letters 40 px high, on a receipt it blurs
 * letters 15 px high). `left-half`: only the left half of the picture is blurred (the half
 * blurred as a whole, so the seam is where a lens's depth of field would end, not a hard cut
 * in the blur itself), the right half kept sharp, as a photo focused on one side of a page.
 */
export async function blurred(bytes: Uint8Array, sigma: number, { region = 'whole' as BlurRegion } = {}): Promise<Buffer> {
  const rgb = await uprightRgb(bytes);
  const soft = await fromRgb(rgb).blur(sigma).raw().toBuffer();
  if (region === 'whole') return jpeg(fromRgb({ ...rgb, data: soft }));
  const half = Math.floor(rgb.width / 2) * 3;
  const rowBytes = rgb.width * 3;
  const mixed = Buffer.from(rgb.data);
  for (let y = 0; y < rgb.height; y++) soft.copy(mixed, y * rowBytes, y * rowBytes, y * rowBytes + half);
  return jpeg(fromRgb({ ...rgb, data: mixed }));
}

/**
 * At most `longSide` pixels on its long side (never enlarged: a receipt already smaller is
 * only saved again) and saved at JPEG `quality`: what a messenger or a web form sends on.
 */
export async function smallJpeg(bytes: Uint8Array, longSide: number, quality = SMALL_JPEG_QUALITY): Promise<Buffer> {
  return jpeg(fromRgb(await uprightRgb(bytes)).resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true }), quality);
}

/**
 * Coloured headings made paler: each pixel moves toward white by `amount` × w, where w grows with
 * its chroma (max − min of R, G, B): 0 up to a chroma of 24 (black or grey ink, and white or
 * warm-lit paper, which sit below that on the corpus's photos), 1 from a chroma of 80 (printed
 * colour), linearly between (a coloured letter's anti-aliased rim, which is partly paper).
 * So grey text is left exactly as it is and a heading in colour keeps its hue but loses
 * contrast: a dark blue (20, 60, 160) becomes (161, 177, 217), a yellow (220, 190, 40) becomes
 * (241, 229, 169), about as faint on white paper as the yellow headings the issue saw dropped.
 * Hue is kept (every channel moves the same share of its way to 255), so a reader that looks at
 * colour before going to grey can still find the heading. The corpus's photos and receipts are
 * printed in black: this touches 0.01-0.1% of a photo's pixels (receipt-05's logo, 0.8%, is the
 * only colour in the sets), so on them the class measures nothing yet; it is meant for pages
 * that carry colour (the generated pages the issue asks for, the next real photos).
 */
export async function paler(bytes: Uint8Array, { amount = 0.6 } = {}): Promise<Buffer> {
  const rgb = await uprightRgb(bytes);
  const data = Buffer.from(rgb.data);
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const chroma = Math.max(r, g, b) - Math.min(r, g, b);
    const weight = Math.min(1, Math.max(0, (chroma - 24) / (80 - 24)));
    if (weight === 0) continue;
    const share = amount * weight;
    data[i] = Math.round(r + (255 - r) * share);
    data[i + 1] = Math.round(g + (255 - g) * share);
    data[i + 2] = Math.round(b + (255 - b) * share);
  }
  return jpeg(fromRgb({ ...rgb, data }));
}

export type VariantClass = 'upright' | 'turned' | 'blur' | 'blur-half' | 'small' | 'pale';
export const VARIANT_CLASSES: VariantClass[] = ['upright', 'turned', 'blur', 'blur-half', 'small', 'pale'];

export interface Variant {
  /** Unique and stable: `turn-45`, `blur-2`, `blur-half-2`, `jpeg-1200`, `pale`. */
  id: string;
  class: VariantClass;
  /** The angle of a turn, the σ of a blur, the long side of a small JPEG. */
  value?: number;
  label: string;
  make(bytes: Uint8Array): Promise<Buffer>;
}

export interface SweepOptions {
  classes?: VariantClass[];
  /** Turns of the `turned` class (0 is left out there: the `upright` class is the picture unturned). */
  angles?: number[];
  sigmas?: number[];
  longSides?: number[];
  fill?: TurnFill;
}

/** The sweep: every variant of the classes asked for, in a stable order. */
export function sweepVariants({
  classes = VARIANT_CLASSES,
  angles = SWEEP_ANGLES,
  sigmas = SWEEP_SIGMAS,
  longSides = SWEEP_LONG_SIDES,
  fill = 'border',
}: SweepOptions = {}): Variant[] {
  const variants: Variant[] = [];
  const wanted = new Set(classes);
  if (wanted.has('upright')) variants.push({ id: 'turn-0', class: 'upright', value: 0, label: 'as taken (0°)', make: (bytes) => upright(bytes) });
  for (const angle of angles) {
    if (!wanted.has('turned') || angle % 360 === 0) continue;
    variants.push({ id: `turn-${angle}`, class: 'turned', value: angle, label: `turned ${angle}°`, make: (bytes) => turned(bytes, angle, { fill }) });
  }
  for (const sigma of sigmas) {
    if (wanted.has('blur'))
      variants.push({ id: `blur-${sigma}`, class: 'blur', value: sigma, label: `blur σ${sigma}`, make: (bytes) => blurred(bytes, sigma) });
  }
  for (const sigma of sigmas) {
    if (wanted.has('blur-half'))
      variants.push({
        id: `blur-half-${sigma}`,
        class: 'blur-half',
        value: sigma,
        label: `left half blur σ${sigma}`,
        make: (bytes) => blurred(bytes, sigma, { region: 'left-half' }),
      });
  }
  for (const side of longSides) {
    if (wanted.has('small'))
      variants.push({
        id: `jpeg-${side}`,
        class: 'small',
        value: side,
        label: `${side} px, JPEG q${SMALL_JPEG_QUALITY}`,
        make: (bytes) => smallJpeg(bytes, side),
      });
  }
  if (wanted.has('pale')) variants.push({ id: 'pale', class: 'pale', label: 'coloured paler', make: (bytes) => paler(bytes) });
  return variants;
}
