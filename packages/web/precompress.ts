import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text and WASM assets worth compressing; traineddata.gz is already gzip. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|wasm|txt|xml)$/;

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
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = item.type === 'chunk' ? Buffer.from(item.code) : Buffer.from(item.source);
        if (source.length < 1024) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: source.length > BROTLI_MAX_BYTES ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotli });
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(source, { level: 9 }) });
      }
    },
  };
}
