import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: source.length > BROTLI_MAX_BYTES ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        writeFileSync(`${file}.br`, brotli);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
