import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { languageDataSpecifier, ocrLanguages } from '../core/src/index.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const tesseractVersion = (require('tesseract.js/package.json') as { version: string }).version;
const pdfjsVersion = (require('pdfjs-dist/package.json') as { version: string }).version;

/**
 * URL folder of the OCR engine's files. Versioned, so they can be cached forever and a new
 * engine is a new URL.
 */
export const TESSERACT_BASE = `/engines/tesseract-${tesseractVersion}`;
/** pdf.js's data: CMaps (CJK), the standard fonts, its WASM image decoders. */
export const PDFJS_BASE = `/engines/pdfjs-${pdfjsVersion}`;

function pdfjsFiles(): Array<{ url: string; file: string }> {
  const dir = packageDir('pdfjs-dist');
  return ['cmaps', 'standard_fonts', 'wasm'].flatMap((folder) =>
    readdirSync(path.join(dir, folder))
      .filter((name) => !name.endsWith('.md') && !name.startsWith('LICENSE'))
      .map((name) => ({ url: `${PDFJS_BASE}/${folder}/${name}`, file: path.join(dir, folder, name) })),
  );
}

/**
 * The engine's worker script, its WASM builds (LSTM-only, with and without SIMD) and the
 * language models, copied from their npm packages so the site never asks another host. The
 * worker and the .wasm sit in one folder because the core locates its .wasm next to the worker.
 */
function engineFiles(): Array<{ url: string; file: string }> {
  const core = packageDir('tesseract.js-core');
  const variants = ['tesseract-core-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-relaxedsimd-lstm'];
  return [
    { url: `${TESSERACT_BASE}/worker.min.js`, file: path.join(packageDir('tesseract.js'), 'dist/worker.min.js') },
    ...variants.flatMap((name) => [
      { url: `${TESSERACT_BASE}/${name}.js`, file: path.join(core, `${name}.js`) },
      { url: `${TESSERACT_BASE}/${name}.wasm`, file: path.join(core, `${name}.wasm`) },
    ]),
    ...ocrLanguages.map((code) => ({
      url: `${TESSERACT_BASE}/lang/${code}.traineddata.gz`,
      file: fileURLToPath(import.meta.resolve(languageDataSpecifier(code))),
    })),
    ...pdfjsFiles(),
  ];
}

export function engineAssets(): Plugin {
  return {
    name: 'textlift-engine-assets',
    // The prerender (SSR) build runs no OCR.
    applyToEnvironment: (environment) => environment.name === 'client',
    config: () => ({ define: { __TESSERACT_BASE__: JSON.stringify(TESSERACT_BASE), __PDFJS_BASE__: JSON.stringify(PDFJS_BASE) } }),
    configureServer(server) {
      const files = new Map(engineFiles().map(({ url, file }) => [url, file]));
      server.middlewares.use((request, response, next) => {
        const file = files.get((request.url ?? '').split('?')[0] ?? '');
        if (!file) return next();
        if (file.endsWith('.wasm')) response.setHeader('Content-Type', 'application/wasm');
        response.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const { url, file } of engineFiles()) {
        this.emitFile({ type: 'asset', fileName: url.slice(1), source: readFileSync(file) });
      }
    },
  };
}
