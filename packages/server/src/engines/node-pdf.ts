import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPdfEngine, type PdfEngine } from '@textlift/core/pdf/pdf-engine';

let engine: Promise<PdfEngine> | undefined;

/** pdf.js on Node (its legacy build, made for it) with @napi-rs/canvas to render scans. */
export function nodePdfEngine(): Promise<PdfEngine> {
  engine ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const { createCanvas, ImageData } = await import('@napi-rs/canvas');
    const dir = path.dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json')));
    return createPdfEngine({
      pdfjs: pdfjs as unknown as typeof import('pdfjs-dist'),
      cMapUrl: `${dir}/cmaps/`,
      standardFontDataUrl: `${dir}/standard_fonts/`,
      wasmUrl: `${dir}/wasm/`,
      createCanvas(width, height) {
        const canvas = createCanvas(width, height);
        return { canvas, rgba: () => canvas.getContext('2d').getImageData(0, 0, width, height).data };
      },
      async encodePng(rgba, width, height) {
        const canvas = createCanvas(width, height);
        canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
        return new Uint8Array(await canvas.encode('png'));
      },
    });
  })();
  return engine;
}
