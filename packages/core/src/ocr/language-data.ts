import { isBundledOcrLanguage, type BundledOcrLanguage, type OcrLanguage } from './languages.ts';

/**
 * The model every host uses, so the page and the server read the same text: tesseract's LSTM
 * "best_int" data as published on npm under @tesseract.js-data/{code}. The default folder of
 * those packages ("4.0.0") also carries the legacy engine and is larger; we never use it.
 */
export const OCR_MODEL_FOLDER = '4.0.0_best_int';

/**
 * The version of the @tesseract.js-data packages a language fetched on first use comes from:
 * the bundled ones' (every package is at 1.0.0), pinned so a model never changes under its URL.
 */
export const OCR_MODEL_PACKAGE_VERSION = '1.0.0';

/** The one entry of a @tesseract.js-data tarball we keep: its best_int model, gzipped. */
export function modelTarballEntry(code: OcrLanguage): string {
  return `package/${OCR_MODEL_FOLDER}/${code}.traineddata.gz`;
}

/**
 * Russian is not on npm: its model comes from Debian's tesseract-ocr-rus, which the project's
 * setup installs (scripts/system-deps.mjs). Uncompressed there.
 */
const debianModels: Partial<Record<BundledOcrLanguage, string>> = {
  rus: debianModelPath('rus'),
};

/** Debian's `fast` LSTM model of a language (tesseract-ocr-{code}), uncompressed. */
export function debianModelPath(code: OcrLanguage): string {
  return `/usr/share/tesseract-ocr/5/tessdata/${code}.traineddata`;
}

/**
 * Chinese and Japanese are written without spaces: Tesseract's "words" there are runs of
 * characters that the two models cut differently, and the choice aligns words. On the Chinese
 * page measured (bench/ocr/second-model.ts) it changed nothing (57.3% CER either way) and the
 * page took 1.6-2.4× the time (1.0 s to 1.6 s, 1.6 s to 3.8 s in two runs): they are read with their first model alone, and the
 * browser is sent no second one.
 */
const UNSPACED: ReadonlySet<OcrLanguage> = new Set<BundledOcrLanguage>(['chi_sim', 'jpn']);

/**
 * Where the second model of a language is found (Debian's `fast`, trained apart from npm's
 * best_int: the two err in different places, and each word is chosen between them), or
 * undefined where Debian's is already the first (Russian), the choice is not made (UNSPACED),
 * or the language is fetched on first use (the choice was measured on the bundled ones only).
 */
export function secondModelPath(code: OcrLanguage): string | undefined {
  if (!isBundledOcrLanguage(code)) return undefined;
  return debianModels[code] || UNSPACED.has(code) ? undefined : debianModelPath(code);
}

export type LanguageDataSource = { kind: 'npm'; specifier: string } | { kind: 'debian'; path: string };

/** Where a bundled language's model is found on the machine that builds or serves the site. */
export function languageDataSource(code: BundledOcrLanguage): LanguageDataSource {
  const path = debianModels[code];
  if (path) return { kind: 'debian', path };
  return { kind: 'npm', specifier: `@tesseract.js-data/${code}/${OCR_MODEL_FOLDER}/${code}.traineddata.gz` };
}
