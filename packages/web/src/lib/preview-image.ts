import { imageSize } from 'image-size';
import { SNIFF_HEAD_BYTES, sniffType } from '@textlift/core/sniff';

/**
 * Pictures past this many pixels are shown from a small copy: an <img> of the file itself
 * would have the page decode the whole photo for a 48-pixel thumbnail (a 200 MP JPEG: 800 MB
 * more for the tab, measured in Chromium).
 */
const DIRECT_MAX_PIXELS = 16_000_000;
/** The longest side of the small copy: sharp at the invert page's 384-pixel preview on a 3× screen. */
const PREVIEW_SIDE = 1280;

/** A JPEG's small copy, decoded at a reduced size by WebCodecs' ImageDecoder (DCT scaling). */
async function reducedJpeg(file: File, width: number, height: number): Promise<string> {
  const scale = PREVIEW_SIDE / Math.max(width, height);
  const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  const decoder = new ImageDecoder({ data: file.stream(), type: 'image/jpeg', desiredWidth: size.width, desiredHeight: size.height });
  let image: VideoFrame | undefined;
  let bitmap: ImageBitmap | undefined;
  // The decoded frame and the bitmap hold the reduced picture until closed, failure or not.
  try {
    image = (await decoder.decode()).image;
    // Turned by the file's orientation as it becomes a bitmap (display sizes are the turned
    // ones), and scaled to the copy's size.
    const fit = PREVIEW_SIDE / Math.max(image.displayWidth, image.displayHeight);
    bitmap = await createImageBitmap(image, {
      resizeWidth: Math.max(1, Math.round(image.displayWidth * fit)),
      resizeHeight: Math.max(1, Math.round(image.displayHeight * fit)),
      resizeQuality: 'high',
    });
    image.close();
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 }));
  } finally {
    image?.close();
    bitmap?.close();
    decoder.close();
  }
}

/**
 * A URL the page can show the chosen picture from, or undefined where it shows an icon instead:
 * the file itself when the browser shows it within DIRECT_MAX_PIXELS, a small copy of a larger
 * JPEG where the browser decodes at a reduced size, nothing for HEIC (Chromium shows none) or
 * another large picture.
 */
export async function previewUrl(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
  const type = sniffType(head);
  if (!type?.startsWith('image/') || type === 'image/heic' || type === 'image/tiff') return undefined;
  let size: { width?: number; height?: number };
  try {
    size = imageSize(head);
  } catch {
    // A header past the first bytes (a JPEG with a long EXIF block): shown as it is.
    return URL.createObjectURL(file);
  }
  const { width = 0, height = 0 } = size;
  if (width * height <= DIRECT_MAX_PIXELS) return URL.createObjectURL(file);
  if (type !== 'image/jpeg' || typeof ImageDecoder === 'undefined') return undefined;
  return reducedJpeg(file, width, height).catch(() => undefined);
}
