import { prepareZXingModule, purgeZXingModule, readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader';
import type { ConversionHost } from '../conversion.ts';

/** Pixels as ZXing takes them (an ImageData's shape): RGBA, four bytes a pixel. */
export interface ZxingPixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export type ZxingRead = (pixels: ZxingPixels, options: ReaderOptions) => Promise<ReadResult[]>;

/**
 * zxing-wasm keeps one module per page or thread whatever the host, so it is instantiated
 * once, with the first host's bytes (every host serves the same file).
 */
let ready: Promise<unknown> | undefined;

/**
 * ZXing's reader, instantiated from the WASM bytes the host gives. Handing over `wasmBinary`
 * is what keeps zxing-wasm from fetching its default copy from a CDN.
 */
export async function zxingReader(host: ConversionHost): Promise<ZxingRead> {
  if (!ready) {
    const loading = host.zxingWasm().then((bytes) => {
      // Emscripten wants an ArrayBuffer of exactly the module: a view may sit in a larger one.
      const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    });
    ready = loading;
    // A failed load (the file did not arrive) is tried afresh next time, not remembered.
    loading.catch(() => {
      if (ready === loading) ready = undefined;
      purgeZXingModule();
    });
  }
  await ready;
  return (pixels, options) => readBarcodes(pixels as ImageData, options);
}
