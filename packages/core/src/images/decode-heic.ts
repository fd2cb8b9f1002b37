import type { RgbaImage } from '../conversion.ts';
import { ConversionError } from '../errors.ts';
import { sharedLoad } from '../shared-load.ts';

/**
 * HEIC (HEIF with HEVC pictures: the iPhone's photos) decoded by libheif built to WebAssembly
 * (`libheif-js`, LGPL-3.0, with libde265). Neither Chromium nor the server's libvips decode
 * HEVC, so both hosts come here; the glue and its 1.4 MB .wasm are loaded only when a HEIC
 * arrives (the browser fetches the .wasm from our own /engines/, the server reads it from
 * node_modules), and stay loaded for the next one in the same worker or thread.
 */

interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: unknown) => void): void;
  free(): void;
}

interface Libheif {
  HeifDecoder: new () => { decoder: number | null; decode(bytes: Uint8Array): HeifImage[] };
  heif_context_free(context: number): void;
}

type LibheifFactory = (options: { wasmBinary: Uint8Array }) => Libheif;

const loadLibheif = sharedLoad(async (wasm: () => Promise<Uint8Array>): Promise<Libheif> => {
  const [glue, wasmBinary] = await Promise.all([import('libheif-js/libheif-wasm/libheif.js'), wasm()]);
  const factory = ((glue as { default?: unknown }).default ?? glue) as LibheifFactory;
  // Given its bytes, the module compiles them at once (a worker may compile synchronously).
  return factory({ wasmBinary });
});

/**
 * A HEIC's primary picture as RGBA, turned and mirrored as the file says (libheif applies its
 * irot and imir). `wasm` gives libheif.wasm's bytes.
 */
export async function decodeHeic(bytes: Uint8Array, wasm: () => Promise<Uint8Array>): Promise<RgbaImage> {
  let lib: Libheif;
  try {
    lib = await loadLibheif(wasm);
  } catch {
    throw new ConversionError('engine-failed', 'The HEIC decoder could not be loaded.');
  }
  const decoder = new lib.HeifDecoder();
  // Its pictures live in libheif's WebAssembly heap, as long as the thread: freed whatever happens.
  let images: ReturnType<typeof decoder.decode> = [];
  try {
    images = decoder.decode(bytes);
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new ConversionError('corrupt', 'The HEIC holds no picture that can be read.');
    const width = image.get_width();
    const height = image.get_height();
    const data = new Uint8ClampedArray(width * height * 4);
    const decoded = await new Promise<unknown>((resolve) => image.display({ data, width, height }, resolve));
    if (!decoded) throw new ConversionError('corrupt', 'The HEIC picture cannot be decoded.');
    return { width, height, data };
  } finally {
    for (const each of images) each.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
