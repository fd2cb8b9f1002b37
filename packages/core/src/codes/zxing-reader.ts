import { prepareZXingModule, purgeZXingModule, readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader';
import type { ConversionHost } from '../conversion.ts';
import { sharedLoad } from '../shared-load.ts';

/** Pixels as ZXing takes them (an ImageData's shape): RGBA, four bytes a pixel. */
export interface ZxingPixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export type ZxingRead = (pixels: ZxingPixels, options: ReaderOptions) => Promise<ReadResult[]>;

/**
 * zxing-wasm keeps one module per page or thread whatever the host, so it is instantiated
 * once, with the first host's bytes (every host serves the same file). Handing over
 * `wasmBinary` is what keeps zxing-wasm from fetching its default copy from a CDN.
 */
const prepareReader = sharedLoad(
  (host: ConversionHost) =>
    host.zxingWasm().then((bytes) => {
      // Emscripten wants an ArrayBuffer of exactly the module: a view may sit in a larger one.
      const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    }),
  purgeZXingModule,
);

/** ZXing's reader, instantiated from the WASM bytes the host gives. */
export async function zxingReader(host: ConversionHost): Promise<ZxingRead> {
  await prepareReader(host);
  return (pixels, options) => readBarcodes(pixels as ImageData, options);
}
