import type { RgbaImage } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { parseHexColor, type Rgb } from './hex-color.ts';
import type { QrMatrix } from './qr-matrix.ts';

export interface QrDrawing {
  /** Width and height of the image in pixels (of the SVG's width and height attributes). */
  size: number;
  /** Light modules round the code, as the standard's quiet zone (it asks for 4). */
  quietZone: number;
  /** `#rrggbb` of the dark modules and of everything else. */
  color: string;
  bgcolor: string;
  /** Background pixels round the quiet zone (the goqr API's `margin`); rasters only. */
  borderPixels?: number;
}

/** Where the code's modules fall on the pixel grid. */
export interface QrLayout {
  /** Pixels per module side. */
  scale: number;
  /** Pixels from the image's left and top edges to the code's first module. */
  offset: number;
}

/**
 * A whole number of pixels per module, so every module is the same square of solid colour and
 * no edge is blended to grey (a reader binarises each pixel; a grey edge is a coin toss).
 * What the whole number leaves over becomes background round the code, which is only more
 * quiet zone; the code is centred, an odd pixel left over going right and below. Less than
 * one pixel a module cannot be read: refused, naming the size needed.
 */
export function qrLayout(matrix: QrMatrix, drawing: QrDrawing): QrLayout {
  const border = drawing.borderPixels ?? 0;
  const modules = matrix.size + 2 * drawing.quietZone;
  const scale = Math.floor((drawing.size - 2 * border) / modules);
  if (scale < 1) {
    const minSize = modules + 2 * border;
    throw new ConversionError(
      'bad-request',
      `Invalid size: this code needs at least ${minSize} × ${minSize} pixels (${modules} modules with its quiet zone).`,
      {
        field: 'size',
        minSize,
      },
    );
  }
  return { scale, offset: Math.floor((drawing.size - scale * matrix.size) / 2) };
}

/** The code as `size` × `size` opaque RGBA pixels, centred, modules of whole pixels. */
export function drawQrRaster(matrix: QrMatrix, drawing: QrDrawing): RgbaImage {
  const { size } = drawing;
  const { scale, offset } = qrLayout(matrix, drawing);
  const dark = pixelOf(parseHexColor(drawing.color, 'color'));
  const light = pixelOf(parseHexColor(drawing.bgcolor, 'bgcolor'));
  const pixels = new Uint32Array(size * size).fill(light);

  for (let moduleY = 0; moduleY < matrix.size; moduleY++) {
    const top = (offset + moduleY * scale) * size;
    let any = false;
    for (let moduleX = 0; moduleX < matrix.size; moduleX++) {
      if (!matrix.modules[moduleY * matrix.size + moduleX]) continue;
      any = true;
      const left = top + offset + moduleX * scale;
      pixels.fill(dark, left, left + scale);
    }
    // The module's first pixel row is drawn; the rest of its rows are copies.
    if (any) for (let y = 1; y < scale; y++) pixels.copyWithin(top + y * size, top, top + size);
  }
  return { width: size, height: size, data: new Uint8Array(pixels.buffer) };
}

/** One RGBA pixel as the 32-bit word a Uint32Array view of the bytes holds, in this machine's byte order. */
function pixelOf([red, green, blue]: Rgb): number {
  return new Uint32Array(Uint8Array.of(red, green, blue, 255).buffer)[0]!;
}

/**
 * The code as SVG: one path of the dark modules in runs along each row, the view box in
 * modules (quiet zone included), so it scales to any print size; `crispEdges` keeps viewers
 * from blending module edges where the scale is not whole.
 */
export function drawQrSvg(matrix: QrMatrix, drawing: Omit<QrDrawing, 'borderPixels'>): string {
  const color = hex(drawing.color, 'color');
  const bgcolor = hex(drawing.bgcolor, 'bgcolor');
  const { size: modules } = matrix;
  const zone = drawing.quietZone;
  const box = modules + 2 * zone;
  let path = '';
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!matrix.modules[y * modules + x]) continue;
      let end = x + 1;
      while (end < modules && matrix.modules[y * modules + end]) end++;
      path += `M${x + zone} ${y + zone}h${end - x}v1h-${end - x}z`;
      x = end;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${drawing.size}" height="${drawing.size}" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges">` +
    `<rect width="${box}" height="${box}" fill="${bgcolor}"/><path fill="${color}" d="${path}"/></svg>\n`
  );
}

/** A checked `#rrggbb`, lower case, safe to write into an attribute. */
function hex(value: string, field: string): string {
  parseHexColor(value, field);
  return value.toLowerCase();
}
