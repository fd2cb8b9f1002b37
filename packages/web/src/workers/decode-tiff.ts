import UTIF from 'utif2';
import { ConversionError, type RgbaImage } from '@textlift/core';

/** First page of a TIFF (fax G3/G4, LZW, uncompressed...), which browsers cannot decode. */
export function decodeTiff(bytes: Uint8Array): RgbaImage {
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const [page] = UTIF.decode(buffer);
    if (!page) throw new ConversionError('corrupt', 'The TIFF has no pages.');
    UTIF.decodeImage(buffer, page);
    return { width: page.width, height: page.height, data: UTIF.toRGBA8(page) };
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError('corrupt', 'The TIFF cannot be decoded.');
  }
}
