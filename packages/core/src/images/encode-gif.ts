/// <reference path="./gifenc.d.ts" />
import { GIFEncoder, applyPalette, quantize, type Palette } from 'gifenc/dist/gifenc.esm.js';
import type { RgbaImage } from '../conversion.ts';

/** GIF has one-bit transparency: a pixel at least half opaque is drawn, as browsers and gifenc cut it. */
const OPAQUE_FROM = 128;

/**
 * A still GIF of the pixels. When they hold 256 colours or fewer (with the transparent one
 * counted), as any GIF's pixels do and so do their inversion, the palette is exactly those
 * colours and nothing changes; more colours are reduced by gifenc's quantizer (PnnQuant, 5-6-5
 * bits), without dithering.
 */
export function encodeGif({ width, height, data }: RgbaImage): Uint8Array {
  const count = width * height;
  let transparent = false;
  for (let i = 3; i < data.length && !transparent; i += 4) transparent = data[i]! < OPAQUE_FROM;
  const room = transparent ? 255 : 256;
  const exact = exactPalette(data, count, room);
  // Transparent pixels are left out of the quantizer's sample so they take no colour.
  const palette = exact?.palette ?? quantize(transparent ? opaquePixels(data, count) : data, room);
  const index = exact?.index ?? applyPalette(data, palette);
  let transparentIndex = 0;
  if (transparent) {
    transparentIndex = palette.length;
    palette.push([0, 0, 0]);
    for (let i = 0; i < count; i++) if (data[i * 4 + 3]! < OPAQUE_FROM) index[i] = transparentIndex;
  }
  const gif = GIFEncoder();
  // repeat -1: no NETSCAPE loop block, which only an animation needs.
  gif.writeFrame(index, width, height, { palette, transparent, transparentIndex, repeat: -1 });
  gif.finish();
  return gif.bytes();
}

/** The image's own colours as the palette, or undefined when there are more than `room`. */
function exactPalette(data: RgbaImage['data'], count: number, room: number): { palette: Palette; index: Uint8Array } | undefined {
  const slots = new Map<number, number>();
  const palette: Palette = [];
  const index = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const at = i * 4;
    if (data[at + 3]! < OPAQUE_FROM) continue;
    const key = (data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!;
    let slot = slots.get(key);
    if (slot === undefined) {
      if (palette.length === room) return undefined;
      slot = palette.length;
      slots.set(key, slot);
      palette.push([data[at]!, data[at + 1]!, data[at + 2]!]);
    }
    index[i] = slot;
  }
  return { palette, index };
}

/** The pixels that are drawn, packed together, for the quantizer to choose colours from. */
function opaquePixels(data: RgbaImage['data'], count: number): Uint8Array {
  const kept = new Uint8Array(count * 4);
  let length = 0;
  for (let i = 0; i < count; i++) {
    if (data[i * 4 + 3]! < OPAQUE_FROM) continue;
    kept.set(data.subarray(i * 4, i * 4 + 4), length);
    length += 4;
  }
  return kept.subarray(0, length);
}
