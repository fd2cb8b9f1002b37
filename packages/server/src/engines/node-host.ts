import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, type ConversionHost } from '@textlift/core';
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
    async toPng(bytes) {
      return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer();
    },
    pdf: nodePdfEngine,
  };
  return { host, release: () => releases.splice(0).forEach((release) => release()) };
}
