import sharp from 'sharp';
import { ConversionError, MAX_IMAGE_PIXELS, type ConversionHost } from '@textlift/core';
import { nodePdfEngine } from './node-pdf.ts';
import type { OcrProvider } from './ocr-provider.ts';

/** A conversion host for one job: it borrows an OCR engine when asked and gives it back at the end. */
export function createNodeHost(provider: OcrProvider): { host: ConversionHost; release(): void } {
  const releases: Array<() => void> = [];
  const host: ConversionHost = {
    async ocr() {
      const borrowed = provider.borrow();
      releases.push(borrowed.release);
      return borrowed.engine;
    },
    async decodeGrey(bytes) {
      try {
        const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .flatten({ background: '#ffffff' })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const grey = new Uint8Array(info.width * info.height);
        for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels]!;
        return { width: info.width, height: info.height, data: grey };
      } catch {
        throw new ConversionError('corrupt', 'The image cannot be decoded.');
      }
    },
    pdf: nodePdfEngine,
  };
  return { host, release: () => releases.splice(0).forEach((release) => release()) };
}
