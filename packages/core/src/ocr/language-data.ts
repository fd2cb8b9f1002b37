/**
 * The model every host uses, so the page and the server read the same text: tesseract's LSTM
 * "best_int" data as published on npm under @tesseract.js-data/{code}. The default folder of
 * those packages ("4.0.0") also carries the legacy engine and is larger; we never use it.
 */
export const OCR_MODEL_FOLDER = '4.0.0_best_int';

/** Module specifier of a language's gzipped traineddata, for the host's resolver. */
export function languageDataSpecifier(code: string): string {
  return `@tesseract.js-data/${code}/${OCR_MODEL_FOLDER}/${code}.traineddata.gz`;
}
