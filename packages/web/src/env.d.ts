/** URL folder of the OCR engine's files, set by the engine-assets Vite plugin. */
declare const __TESSERACT_BASE__: string;
declare const __OSD_BASE__: string;
/** URL folder of pdf.js's CMaps, standard fonts and WASM decoders. */
declare const __PDFJS_BASE__: string;
declare const __FONTS_BASE__: string;
/** URL folder of ZXing's reader (zxing_reader.wasm), set by the engine-assets Vite plugin. */
declare const __ZXING_BASE__: string;
/** URL folder of libheif's WebAssembly (libheif.wasm) for HEIC photos, set by the engine-assets Vite plugin. */
declare const __LIBHEIF_BASE__: string;
declare module 'pdfjs-dist/build/pdf.worker.mjs';
/** OCR languages whose models this build serves. */
declare const __OCR_LANGUAGES__: string[];
/** URL folder of the second models (Debian's `fast`), and the languages it holds (none where the build machine had none). */
declare const __SECOND_MODEL_BASE__: string;
declare const __SECOND_MODEL_LANGUAGES__: string[];
/** The second recogniser's files (engine-assets.ts): URL and size of each. */
declare const __LINE_MODEL_FILES__: Record<'runtime' | 'wasm' | 'detector' | 'recognizer' | 'dictionary', { url: string; bytes: number }>;
