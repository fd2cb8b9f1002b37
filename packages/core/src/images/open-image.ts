import type { ConversionHost, RgbaImage } from '../conversion.ts';
import type { ImageInfo } from '../image-info.ts';
import type { GreyImage } from '../ocr/preprocess/grey-image.ts';
import { checkDecodeBudget } from './decode-size.ts';

/**
 * A picture decoded for a tool that works at `maxPixels` (limits.ts): refused first, from its
 * header, when decoding it would pass the memory budget, then decoded by the host at that size.
 */
export async function decodeGreyFor(host: ConversionHost, bytes: Uint8Array, info: ImageInfo, maxPixels: number): Promise<GreyImage> {
  checkDecodeBudget(info, maxPixels, host.decodesReduced(info.type));
  return host.decodeGrey(bytes, info.type, { maxPixels });
}

/** As decodeGreyFor, in colour; `keepAlpha` as the host's decodeRgba. */
export async function decodeRgbaFor(host: ConversionHost, bytes: Uint8Array, info: ImageInfo, maxPixels: number, keepAlpha = false): Promise<RgbaImage> {
  checkDecodeBudget(info, maxPixels, host.decodesReduced(info.type));
  return host.decodeRgba(bytes, info.type, { maxPixels, keepAlpha });
}
