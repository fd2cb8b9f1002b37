import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text and WASM assets worth compressing; traineddata.gz is already gzip, and the .onnx
 * models (float weights) shrink by 8% only, not worth 28 MB of copies.
 */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|wasm|txt|xml)$/;

/**
 * Above this size brotli's top quality costs ~15 s a file for ~2% fewer bytes than quality 9
 * (measured on the 2.8 MB OCR core), so large files get 9.
 */
const BROTLI_MAX_BYTES = 512 * 1024;

/**
 * Writes .br and .gz beside every compressible asset at build time, so the server sends them
 * without compressing per request .
 */
export function precompress(): Plugin {
  return {
    name: 'textlift-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    // After writing: Vite still rewrites chunks (preload helpers) during generateBundle.
    // All at once: zlib's asynchronous calls run on libuv's threads, so every core compresses
    // (on 2 cores the step took 9.5 s one file after another).
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(dir, fileName);
          const source = await readFile(file);
          if (source.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            brotliAsync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: source.length > BROTLI_MAX_BYTES ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
